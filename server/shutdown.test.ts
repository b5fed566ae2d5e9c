import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

async function listen(server: http.Server): Promise<number> {
	server.listen(0, '127.0.0.1')
	await once(server, 'listening')
	return (server.address() as AddressInfo).port
}

/** Lets pending I/O callbacks run (setImmediate is not among the faked timers). */
const ioTurn = () => new Promise((resolve) => setImmediate(resolve))

afterEach(() => {
	vi.useRealTimers()
	vi.restoreAllMocks()
})

describe('closeGracefully', () => {
	it('lets a request in flight finish and refuses new connections', async () => {
		let answerSlow = () => {}
		const server = http.createServer((req, res) => {
			if (req.url === '/slow') answerSlow = () => res.end('done')
			else res.end('done')
		})
		const port = await listen(server)

		const arrived = once(server, 'request')
		const inFlight = get(port, '/slow')
		await arrived
		let closedYet = false
		const closed = closeGracefully(server, 5_000).then(() => (closedYet = true))

		await expect(get(port, '/fast')).rejects.toThrow(/ECONNREFUSED/)
		expect(closedYet).toBe(false)
		answerSlow()
		expect(await inFlight).toEqual({ status: 200, body: 'done' })
		await closed
	})

	it('cuts requests still open after the grace period, and says so', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		const said = vi.spyOn(console, 'error').mockImplementation(() => {})
		const server = http.createServer(() => {
			/* never answers */
		})
		const port = await listen(server)
		const arrived = once(server, 'request')
		let cut = false
		const hanging = get(port, '/hang').catch((error: Error) => ((cut = true), error))
		await arrived

		const closed = closeGracefully(server, 100)
		vi.advanceTimersByTime(99)
		await ioTurn()
		expect(cut).toBe(false)
		expect(said).not.toHaveBeenCalled()

		vi.advanceTimersByTime(1)
		expect(await hanging).toBeInstanceOf(Error)
		await closed
		expect(said).toHaveBeenCalledWith(expect.stringContaining('grace period'))
	})
})
