/**
 * A kept-alive connection closed by the upstream just as a call goes out on it. Not through msw (it stands
 * in for the socket, so no connection is ever reused): a real server on a free port, which answers
 * `…/first` always, and any other request only when it comes first on its connection: on a reused
 * connection it drops the connection before any answer.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

let server: http.Server
/** The requests the upstream received, as `METHOD path (new|reused connection)`. */
const received: string[] = []

beforeAll(async () => {
	server = http.createServer((request, response) => {
		const socket = request.socket as typeof request.socket & { served?: number }
		socket.served = (socket.served ?? 0) + 1
		const reused = socket.served > 1
		received.push(`${request.method} ${request.url} (${reused ? 'reused' : 'new'})`)
		request.resume()
		request.on('end', () => {
			if (reused && !request.url!.endsWith('/first')) socket.destroy()
			else response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const upstreams = ['ACCOUNT_API', 'SSO', 'CLOUD_API', 'DEVICE_API', 'PUBLIC_API', 'LOG_API', 'VIDEO_API']
	Object.assign(process.env, {
		NODE_ENV: 'test',
		...Object.fromEntries(
			upstreams.map((name) => [`${name}_URL`, `${origin}/${name.replace('_API', '').toLowerCase()}/`]),
		),
		RCP_SECURITY_SECRET: 'a-test-secret-of-enough-length',
		REDIS_URL: '',
	})
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
	received.length = 0
})

const { upstreamRequest } = await import('./http.server.ts')
const { getUserRuleStatus, putUser } = await import('./cloud.server.ts')
const ok = z.object({ ok: z.boolean() })

describe('a kept-alive connection the upstream closed under a call', () => {
	it('a GET goes out once more, on a new connection, and is answered', async () => {
		await upstreamRequest('account', { path: 'first', schema: ok })
		expect(await upstreamRequest('account', { path: 'second', schema: ok })).toEqual({ ok: true })
		expect(received.slice(1)).toEqual(['GET /account/second (reused)', 'GET /account/second (new)'])
	})

	it("a read made with POST (the cloud's get- actions) goes out once more too", async () => {
		await upstreamRequest('account', { path: 'first', schema: ok })
		await expect(getUserRuleStatus('id-token')).rejects.toMatchObject({ kind: 'malformed' })
		expect(received.slice(1)).toEqual(['POST /cloud/api/service (reused)', 'POST /cloud/api/service (new)'])
	})

	it('a POST that changes something is not sent twice: the call fails as a network error, logged with its code', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		await upstreamRequest('account', { path: 'first', schema: ok })
		await expect(putUser('id-token', {} as never)).rejects.toMatchObject({ kind: 'network' })
		expect(received.slice(1)).toEqual(['POST /cloud/api/service (reused)'])
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(/^upstream call failed: cloud POST \/api\/service: network \(ECONNRESET\) after \d+ ms$/),
		)
		warn.mockRestore()
	})
})
