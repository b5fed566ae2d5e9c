import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test'
import { callsAfter, EMULATOR_ADMIN_HEADERS, latestCall, uniqueEmail, visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'
import { PRODUCT } from './product-info.ts'

/**
 * Operations (issue 23, ADR 0050): every request has an id that the answer and each upstream call it
 * makes carry, and the metrics on the worker portal's METRICS_PORT move with what the portal does.
 */

/** The sum of a metric's samples whose labels include `labels`, from Prometheus's text format. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
	let sum = 0
	for (const line of text.split('\n')) {
		const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
		if (!match || match[1] !== name) continue
		const found = Object.fromEntries(
			[...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
		)
		if (Object.entries(labels).every(([key, value]) => found[key] === value)) sum += Number(match[3])
	}
	return sum
}

async function scrape(metricsUrl: string): Promise<string> {
	const response = await fetch(metricsUrl)
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toContain('text/plain')
	return response.text()
}

async function fault(request: APIRequestContext, data: Record<string, unknown>) {
	const response = await request.post('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS, data })
	expect(response.ok()).toBe(true)
}
const clearFaults = (request: APIRequestContext) =>
	request.delete('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS })

/** A visitor of its own (a forwarded address from loopback, which the suite's portal trusts), with no cookie yet. */
const newVisitor = (
	playwright: PlaywrightWorkerArgs['playwright'],
	baseURL: string,
	headers: Record<string, string> = {},
) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress(), ...headers } })

test.afterEach(async ({ request }) => {
	await clearFaults(request)
})

test('each request has an id: sent back, and carried by every upstream call made for it', async ({
	playwright,
	portal,
	request,
}) => {
	const before = await latestCall(request)
	const visitor = await newVisitor(playwright, portal.url)
	// A first visit asks the geo lookup where the visitor is (the China rule).
	const page = await visitor.get('/login')
	expect(page.status()).toBe(200)
	const id = page.headers()['x-request-id']
	expect(id, 'made by the portal: 32 hex digits').toMatch(/^[0-9a-f]{32}$/)
	const calls = await callsAfter(request, before)
	expect(calls.filter((call) => call.requestId === id).map((call) => call.path)).toContain('/public/geoip')
	expect(calls.filter((call) => call.path === '/public/geoip' && call.requestId !== id)).toEqual([])

	// A trusted proxy's id (the suite's portal trusts loopback) is kept, here and upstream.
	const proxyId = `e2e-proxy-${Date.now().toString(36)}`
	const proxied = await newVisitor(playwright, portal.url, { 'X-Request-Id': proxyId })
	const mark = await latestCall(request)
	const answer = await proxied.get('/login')
	expect(answer.headers()['x-request-id']).toBe(proxyId)
	expect((await callsAfter(request, mark)).filter((call) => call.requestId === proxyId)).not.toEqual([])
	// A malformed one is not: the portal names the request itself.
	const forged = await newVisitor(playwright, portal.url, { 'X-Request-Id': 'owner@example.com' })
	expect((await forged.get('/login')).headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
	await Promise.all([visitor.dispose(), proxied.dispose(), forged.dispose()])
})

test('the metrics move with a page, a failed upstream call, a rate-limit refusal and a kept support request', async ({
	playwright,
	portal,
	request,
	demoSessions,
}) => {
	const before = await scrape(portal.metricsUrl)
	const count = (text: string, name: string, labels?: Record<string, string>) => sampleOf(text, name, labels)

	// A page, whose first visit's geo lookup fails: the page is served all the same (spec 2 §8: an empty country).
	await fault(request, { path: '/public/geoip', mode: 'status', status: 503, times: 1 })
	const visitor = await newVisitor(playwright, portal.url)
	expect((await visitor.get('/login')).status()).toBe(200)

	// A signed-in page read through the master-data cache, twice: a miss, then a hit (or two hits, when an
	// earlier journey of this worker read it first).
	const customer = await playwright.request.newContext({
		baseURL: portal.url,
		storageState: await demoSessions('customer'),
	})
	for (let i = 0; i < 2; i++) expect((await customer.get(PRODUCT)).status()).toBe(200)
	await customer.dispose()

	// The sixth mail to one address within the hour is refused (ADR 0009), whoever asks.
	const email = uniqueEmail('metrics')
	const statuses: number[] = []
	for (let i = 0; i < 6; i++) {
		const sent = await request.post('/reset-password', {
			form: { intent: 'request', email },
			headers: { 'X-Forwarded-For': visitorAddress() },
			maxRedirects: 0,
		})
		statuses.push(sent.status())
	}
	expect(statuses).toEqual([302, 302, 302, 302, 302, 429])

	// A support request the help centre cannot take now: kept in the outbox.
	const contact = uniqueEmail('metrics-contact')
	await fault(request, { path: '/account/zendesk/request', mode: 'status', status: 503 })
	const mark = await latestCall(request)
	const sent = await visitor.post('/contact-us', {
		form: { contactName: 'Robin Metrics', email: contact, subject: 'billing_issue', details: 'Counted, not lost.' },
		maxRedirects: 0,
	})
	expect(sent.status()).toBeLessThan(400)
	const ticketCall = (await callsAfter(request, mark)).find((call) => call.path.startsWith('/account/zendesk/request'))
	expect(ticketCall?.requestId, 'the help centre got the post’s request id').toBe(sent.headers()['x-request-id'])

	const after = await scrape(portal.metricsUrl)
	const moved = (name: string, labels?: Record<string, string>) =>
		count(after, name, labels) - count(before, name, labels)
	const page = { route: '/login', method: 'GET', status_class: '2xx' }
	expect(moved('portal_http_request_duration_seconds_count', page)).toBeGreaterThanOrEqual(1)
	expect(moved('portal_http_request_duration_seconds_count', { route: '/reset-password', status_class: '4xx' })).toBe(1)
	expect(moved('portal_http_request_duration_seconds_count', { route: '/contact-us', method: 'POST' })).toBe(1)
	expect(moved('portal_upstream_errors_total', { upstream: 'public', call: 'GET /geoip', kind: 'status_5xx' })).toBe(1)
	expect(moved('portal_upstream_request_duration_seconds_count', { upstream: 'account' })).toBeGreaterThan(0)
	expect(moved('portal_rate_limit_refusals_total', { limiter: 'mail-email' })).toBe(1)
	expect(moved('portal_cache_lookups_total', { list: 'product-info' })).toBeGreaterThanOrEqual(2)
	expect(moved('portal_cache_lookups_total', { list: 'product-info', result: 'hit' })).toBeGreaterThanOrEqual(1)
	expect(moved('portal_http_request_duration_seconds_count', { route: '/products/:slug/:tab?' })).toBe(2)
	expect(count(after, 'portal_support_outbox_requests', { state: 'waiting' })).toBeGreaterThanOrEqual(1)
	expect(count(after, 'portal_support_outbox_oldest_waiting_age_seconds')).toBeGreaterThan(0)
	expect(count(after, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0)
	// Bounded labels: no URL, address or id in any series.
	expect(after).not.toContain(email)
	expect(after).not.toContain(contact)
	expect(after).not.toMatch(/route="\/login\?|[0-9a-f]{8}-[0-9a-f]{4}-/)

	// The portal's own port has no metrics: /metrics there is a path like any other.
	const own = await request.get('/metrics', { maxRedirects: 0 })
	expect(own.headers()['content-type'] ?? '').not.toContain('version=0.0.4')
	expect(await own.text()).not.toContain('portal_http_request_duration_seconds')
	await visitor.dispose()
})
