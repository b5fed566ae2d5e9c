import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createPortalApp } from './app.ts'

/** The portal's stack with every page answered by a stub: only the stack's own work runs. */
async function start(trustProxy: boolean | number | string) {
	const app = createPortalApp({
		publicUrl: 'http://127.0.0.1',
		trustProxy,
		allowedRedirectOrigins: [],
		build: () => Promise.reject(new Error('no build in this test')),
		createLoadContext: () => {
			throw new Error('no pages in this test')
		},
		production: true,
		before: [(_req, res) => void res.type('text/plain').send('reached the page')],
	})
	const server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	servers.push(server)
	return server
}

/** A GET from the given loopback address (the whole of 127.0.0.0/8 is this machine's), as a proxy there would. */
function get(server: http.Server, from: string, headers: Record<string, string> = {}): Promise<number> {
	const { port } = server.address() as AddressInfo
	return new Promise((resolve, reject) => {
		const request = http.request({ host: '127.0.0.1', port, path: '/login', localAddress: from, headers }, (res) => {
			res.resume()
			resolve(res.statusCode ?? 0)
		})
		request.on('error', reject)
		request.end()
	})
}

const servers: http.Server[] = []
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))))
afterEach(() => {
	vi.restoreAllMocks()
})

const warningsOf = (warn: { mock: { calls: unknown[][] } }) =>
	warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('X-Forwarded-For'))

describe('X-Forwarded-For from a peer TRUST_PROXY does not trust', () => {
	it('is said once in the log, naming the peer and the setting, however many such requests come', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const server = await start('127.0.0.1')
		for (let i = 0; i < 3; i++) expect(await get(server, '127.0.0.2', { 'X-Forwarded-For': '203.0.113.7' })).toBe(200)
		const warnings = warningsOf(warn)
		expect(warnings).toHaveLength(1)
		expect(warnings[0]).toContain('127.0.0.2')
		expect(warnings[0]).toContain('TRUST_PROXY (127.0.0.1)')
	})

	it('is said when TRUST_PROXY is off (the default) and a proxy forwards', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const server = await start(false)
		await get(server, '127.0.0.1', { 'X-Forwarded-For': '203.0.113.7' })
		expect(warningsOf(warn)).toHaveLength(1)
	})

	it('is not said for the trusted proxy, nor for a request that forwards nothing', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const server = await start('127.0.0.1')
		await get(server, '127.0.0.1', { 'X-Forwarded-For': '203.0.113.7' })
		await get(server, '127.0.0.2')
		const byHops = await start(1)
		await get(byHops, '127.0.0.2', { 'X-Forwarded-For': '203.0.113.7' })
		expect(warningsOf(warn)).toHaveLength(0)
	})
})
