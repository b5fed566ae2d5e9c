import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { closeGracefully } from './shutdown.ts'

function get(port: number, path: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
				let body = ''
				res.on('data', (chunk) => (body += chunk))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
			})
			.on('error', reject)
	})
}

describe('closeGracefully', () => {
	it('lets a request in flight finish and refuses new connections', async () => {
		const server = http.createServer((req, res) => {
			const delay = req.url === '/slow' ? 300 : 0
			setTimeout(() => res.end('done'), delay)
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as AddressInfo

		const inFlight = get(port, '/slow')
		await new Promise((resolve) => setTimeout(resolve, 50))
		const closed = closeGracefully(server, 5_000)

		await expect(get(port, '/fast')).rejects.toThrow(/ECONNREFUSED/)
		expect(await inFlight).toEqual({ status: 200, body: 'done' })
		await closed
	})

	it('cuts requests still open after the grace period', async () => {
		const server = http.createServer(() => {
			/* never answers */
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as AddressInfo
		const hanging = get(port, '/hang').catch((error: Error) => error)
		await new Promise((resolve) => setTimeout(resolve, 50))
		await closeGracefully(server, 100)
		expect(await hanging).toBeInstanceOf(Error)
	})
})
