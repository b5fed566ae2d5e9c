import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createPortalApp, type PortalAppOptions } from './app.ts'

type Settings = Pick<PortalAppOptions, 'publicUrl' | 'trustProxy' | 'allowedRedirectOrigins'>

/** The portal's stack with every page answered by a stub, so only the stack's own checks and headers are tested. */
async function start(settings: Settings) {
	const app = createPortalApp({
		...settings,
		build: () => Promise.reject(new Error('no build in this test')),
		createLoadContext: () => {
			throw new Error('no pages in this test')
		},
		production: true,
		before: [(_req, res) => void res.type('text/plain').send('reached the page')],
	})
	const server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return server
}

/** node:http, not fetch: a test has to set Host and Origin as a browser or a proxy would. */
function post(server: http.Server, headers: Record<string, string>): Promise<number> {
	const { port } = server.address() as AddressInfo
	return new Promise((resolve, reject) => {
		const request = http.request({ host: '127.0.0.1', port, path: '/preferences', method: 'POST', headers }, (res) => {
			res.resume()
			resolve(res.statusCode ?? 0)
		})
		request.on('error', reject)
		request.end('intent=sidebar&sidebar=left')
	})
}

const servers: http.Server[] = []
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))))

describe('the origin check on form posts', () => {
	it('accepts PUBLIC_URL behind a TLS proxy that Express does not trust', async () => {
		const server = await start({ publicUrl: 'https://owners.example', trustProxy: false, allowedRedirectOrigins: [] })
		servers.push(server)
		// The proxy passes the Host on, or puts its own upstream's in: either way the connection is plain http.
		expect(await post(server, { Host: 'owners.example', Origin: 'https://owners.example' })).toBe(200)
		expect(await post(server, { Host: '127.0.0.1:3000', Origin: 'https://owners.example' })).toBe(200)
	})

	it('accepts the request’s own host over https, for the other brands’ hosts', async () => {
		const server = await start({ publicUrl: 'https://owners.example', trustProxy: false, allowedRedirectOrigins: [] })
		servers.push(server)
		expect(await post(server, { Host: 'fx.example', Origin: 'https://fx.example' })).toBe(200)
	})

	it('refuses a plain-http page when the portal is public over https', async () => {
		const server = await start({ publicUrl: 'https://owners.example', trustProxy: false, allowedRedirectOrigins: [] })
		servers.push(server)
		expect(await post(server, { Host: 'owners.example', Origin: 'http://owners.example' })).toBe(403)
	})

	it('accepts the request’s own origin over plain http in development', async () => {
		const server = await start({ publicUrl: 'http://localhost:3000', trustProxy: false, allowedRedirectOrigins: [] })
		servers.push(server)
		expect(await post(server, { Host: 'localhost:3000', Origin: 'http://localhost:3000' })).toBe(200)
		expect(await post(server, { Host: 'main.localhost:3000', Origin: 'http://main.localhost:3000' })).toBe(200)
	})

	it('accepts the allowed origins and refuses every other', async () => {
		const server = await start({
			publicUrl: 'https://owners.example',
			trustProxy: false,
			allowedRedirectOrigins: ['https://help.example'],
		})
		servers.push(server)
		expect(await post(server, { Host: 'owners.example', Origin: 'https://help.example' })).toBe(200)
		expect(await post(server, { Host: 'owners.example', Origin: 'https://evil.example' })).toBe(403)
		expect(await post(server, { Host: 'owners.example', Origin: 'https://owners.example.evil.example' })).toBe(403)
		expect(await post(server, { Host: 'owners.example', Origin: 'null' })).toBe(403)
	})

	it('takes the forwarded host and scheme from a trusted proxy', async () => {
		const server = await start({
			publicUrl: 'https://owners.example',
			trustProxy: 'loopback',
			allowedRedirectOrigins: [],
		})
		servers.push(server)
		const forwarded = { Host: '127.0.0.1:3000', 'X-Forwarded-Host': 'fx.example', 'X-Forwarded-Proto': 'https' }
		expect(await post(server, { ...forwarded, Origin: 'https://fx.example' })).toBe(200)
		expect(await post(server, { ...forwarded, Origin: 'https://evil.example' })).toBe(403)
	})

	it('refuses a post without Origin whose Fetch Metadata says it comes from another site (ADR 0054)', async () => {
		const server = await start({ publicUrl: 'https://owners.example', trustProxy: false, allowedRedirectOrigins: [] })
		servers.push(server)
		expect(await post(server, { Host: 'owners.example', 'Sec-Fetch-Site': 'cross-site' })).toBe(403)
		expect(await post(server, { Host: 'owners.example', 'Sec-Fetch-Site': 'same-origin' })).toBe(200)
		expect(await post(server, { Host: 'owners.example' })).toBe(200)
	})
})

describe('the Permissions-Policy header', () => {
	it('turns off camera, microphone, geolocation and payment on every page', async () => {
		const server = await start({ publicUrl: 'http://localhost:3000', trustProxy: false, allowedRedirectOrigins: [] })
		servers.push(server)
		const { port } = server.address() as AddressInfo
		const response = await fetch(`http://127.0.0.1:${port}/login`)
		const policy = response.headers.get('permissions-policy') ?? ''
		for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(policy).toContain(`${feature}=()`)
	})
})
