import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { disableMetrics, enableMetrics } from '../app/observability/metrics.server.ts'
import { currentRequestId, noteMatchedRoute } from '../app/observability/request-scope.server.ts'
import { createPortalApp } from './app.ts'
import { createMetricsServer } from './observability.ts'

const servers: http.Server[] = []
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))))
afterEach(() => disableMetrics())

/** The portal's stack with a page stub that answers with the request id its scope holds. */
async function start(trustProxy: boolean | string) {
	const app = createPortalApp({
		publicUrl: 'http://localhost:3000',
		trustProxy,
		allowedRedirectOrigins: [],
		build: () => Promise.reject(new Error('no build in this test')),
		createLoadContext: () => {
			throw new Error('no pages in this test')
		},
		production: true,
		before: [
			(req, res) => {
				// As the root middleware does once React Router matched a route.
				if (req.path.startsWith('/gear/')) noteMatchedRoute('/gear/:tab?')
				setTimeout(
					() =>
						res
							.type('text/plain')
							.status(req.path === '/fail' ? 503 : 200)
							.send(currentRequestId()),
					1,
				)
			},
		],
	})
	const server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	servers.push(server)
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function get(url: string, headers: Record<string, string> = {}) {
	const response = await fetch(url, { headers })
	return { id: response.headers.get('x-request-id'), body: await response.text(), status: response.status }
}

describe('each request’s id (ADR 0050)', () => {
	it('is made by the portal, sent back, and the same inside the request’s handling', async () => {
		const base = await start(false)
		const first = await get(`${base}/gear/my_gear`)
		const second = await get(`${base}/gear/my_gear`)
		expect(first.id).toMatch(/^[0-9a-f]{32}$/)
		expect(first.body).toBe(first.id)
		expect(second.id).not.toBe(first.id)
	})

	it('is a trusted proxy’s when it sent a well-formed one', async () => {
		const base = await start('loopback')
		const answer = await get(`${base}/gear/my_gear`, { 'X-Request-Id': 'proxy-0f8fad5bd9cb469f' })
		expect(answer).toMatchObject({ id: 'proxy-0f8fad5bd9cb469f', body: 'proxy-0f8fad5bd9cb469f' })
		const malformed = await get(`${base}/gear/my_gear`, { 'X-Request-Id': 'owner@example.com' })
		expect(malformed.id).toMatch(/^[0-9a-f]{32}$/)
	})

	it('is never a client’s when no proxy is trusted', async () => {
		const base = await start(false)
		const answer = await get(`${base}/gear/my_gear`, { 'X-Request-Id': 'chosen-by-the-client' })
		expect(answer.id).not.toBe('chosen-by-the-client')
		expect(answer.body).toBe(answer.id)
	})
})

describe('the metrics server (ADR 0050)', () => {
	it('times requests by route pattern and status class, and serves them on its own port only', async () => {
		enableMetrics()
		const base = await start(false)
		await get(`${base}/gear/my_gear`)
		await get(`${base}/gear/other_tab`)
		await get(`${base}/fail`)
		const metrics = createMetricsServer()
		servers.push(metrics)
		await new Promise<void>((resolve) => metrics.listen(0, '127.0.0.1', resolve))
		const port = (metrics.address() as AddressInfo).port
		const response = await fetch(`http://127.0.0.1:${port}/metrics`)
		expect(response.headers.get('content-type')).toContain('text/plain')
		const text = await response.text()
		expect(text).toContain(
			'portal_http_request_duration_seconds_count{route="/gear/:tab?",method="GET",status_class="2xx"} 2',
		)
		expect(text).toContain(
			'portal_http_request_duration_seconds_count{route="(none)",method="GET",status_class="5xx"} 1',
		)
		expect(text).not.toContain('my_gear')
		expect(text).toContain('portal_process_cpu_seconds_total')
		expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404)
		// The portal's own port has no /metrics: it goes to the pages like any path.
		expect((await get(`${base}/metrics`)).body).not.toContain('portal_http_request_duration_seconds')
	})
})
