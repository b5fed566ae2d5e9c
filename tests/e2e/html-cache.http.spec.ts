/**
 * The rendered-HTML cache of anonymous pages (ADR 0048), from the outside: `X-Cache: HIT` or `MISS`
 * on every answer the cache was asked about, none on any other. An anonymous page is rendered once
 * and answered again with each response's own CSP nonce; everything of the visitor's (session, flash,
 * consent, the China rule) is decided before the cache, so a visitor's page is theirs and never
 * enters it. Each test asks for pages under a query of its own, so what other tests of the worker
 * put in the cache does not count.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { DEMO } from './demo-accounts.ts'
import { visitorAddress } from './emulator.ts'
import { expect, htmlOf, test } from './fixtures.ts'

/** An address the emulated geo lookup places in Japan: let in, and its geo cookie set. */
const japan = () => `203.0.113.${Math.floor(Math.random() * 200) + 20}`
const CHINA = '198.51.100.41'

/** A query no other test asks for: `redirectTo` is read by the sign-in page and kept in its form. */
const own = (path: string) => `${path}?redirectTo=${encodeURIComponent(`/gear?n=${crypto.randomUUID()}`)}`

const nonceOfHeader = (response: APIResponse) =>
	/'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
const noncesOfPage = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))]
/** The page with its nonce taken out, to compare two answers of the same page. */
const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, 'NONCE')

const banner = (html: string) => html.includes('class="consent"')

async function get(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
	return request.get(path, { headers: { 'X-Forwarded-For': japan(), ...headers }, maxRedirects: 0 })
}

/** The name=value of each cookie an answer sets. */
const cookiesOf = (response: APIResponse) =>
	response
		.headersArray()
		.filter((h) => h.name.toLowerCase() === 'set-cookie')
		.map((h) => h.value.split(';', 1)[0]!)

test('two anonymous visitors of /login get the same page, each with its own nonce, the one in its CSP', async ({
	playwright,
	baseURL,
}) => {
	const path = own('/login')
	const answers: { response: APIResponse; html: string }[] = []
	for (let visitor = 0; visitor < 3; visitor++) {
		// A new context per visitor: no cookie of one reaches the next.
		const request = await playwright.request.newContext({ baseURL })
		const response = await get(request, path)
		answers.push({ response, html: await response.text() })
		await request.dispose()
	}
	expect(answers.map((a) => a.response.headers()['x-cache'])).toEqual(['MISS', 'HIT', 'HIT'])
	const nonces = answers.map(({ response, html }) => {
		expect(response.status()).toBe(200)
		const nonce = nonceOfHeader(response)
		expect(nonce).toBeTruthy()
		// Every script of the page carries the nonce of its own response's policy, and no other.
		expect(noncesOfPage(html)).toEqual([nonce])
		// The geo cookie of a first visit is set on a cached answer too; a session cookie never is.
		expect(cookiesOf(response).map((c) => c.split('=')[0])).toEqual(['geo'])
		return nonce!
	})
	expect(new Set(nonces).size).toBe(3)
	expect(withoutNonce(answers[1]!.html, nonces[1]!)).toBe(withoutNonce(answers[0]!.html, nonces[0]!))
})

test('a visitor the China rule sends away is sent away from a cached page too', async ({ playwright, baseURL }) => {
	const path = own('/login')
	const request = await playwright.request.newContext({ baseURL })
	expect((await get(request, path)).status()).toBe(200)
	expect((await get(request, path)).headers()['x-cache']).toBe('HIT')
	const fromChina = await playwright.request.newContext({ baseURL })
	const response = await get(fromChina, path, { 'X-Forwarded-For': CHINA })
	expect(response.status()).toBe(302)
	expect(response.headers().location).toBe('/unavailable')
	expect(response.headers()['x-cache']).toBeUndefined()
	await Promise.all([request.dispose(), fromChina.dispose()])
})

test('a visitor who answered the consent banner gets no banner; the next anonymous visitor still does', async ({
	playwright,
	baseURL,
}) => {
	const host = `main.localhost:${new URL(baseURL!).port}`
	const path = own('/login')
	const anonymous = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Host: host } })
	const first = await get(anonymous, path)
	expect(banner(await first.text())).toBe(true)

	for (const answer of ['denied', 'granted'] as const) {
		// The banner's own form, as a browser without JavaScript sends it.
		const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Host: host } })
		const address = japan()
		await visitor.get(path, { headers: { 'X-Forwarded-For': address } })
		const posted = await visitor.post('/preferences', {
			headers: { 'X-Forwarded-For': address, Origin: `http://${host}` },
			form: { intent: 'analytics', analytics: answer, redirectTo: path },
			maxRedirects: 0,
		})
		expect(posted.status(), answer).toBe(302)
		// Twice: the second would be the cache's answer if the first had entered it under the anonymous key.
		for (let view = 0; view < 2; view++) {
			const mine = await visitor.get(path, { headers: { 'X-Forwarded-For': address }, maxRedirects: 0 })
			expect(mine.status()).toBe(200)
			expect(banner(await mine.text()), `${answer}: no banner`).toBe(false)
			// An opted-in visitor's page views are logged and their page loads the analytics script: never cached.
			if (answer === 'granted') expect(mine.headers()['x-cache']).toBeUndefined()
		}
		await visitor.dispose()
		const next = await get(anonymous, path)
		expect(next.headers()['x-cache']).toBe('HIT')
		expect(banner(await next.text()), `after a visitor ${answer}, the next anonymous one`).toBe(true)
	}
	await anonymous.dispose()
})

test('a flash message is its visitor’s alone: shown to them, rendered for them, never kept', async ({
	playwright,
	baseURL,
}) => {
	const anonymous = await playwright.request.newContext({ baseURL })
	await get(anonymous, '/login')
	expect((await get(anonymous, '/login')).headers()['x-cache']).toBe('HIT')

	const visitor = await playwright.request.newContext({ baseURL })
	const address = visitorAddress()
	const signedIn = await visitor.post('/login', {
		headers: { 'X-Forwarded-For': address },
		form: { email: DEMO.customer.email, password: DEMO.customer.password },
		maxRedirects: 0,
	})
	expect(signedIn.status()).toBe(302)
	const signedOut = await visitor.post('/logout', {
		headers: { 'X-Forwarded-For': address },
		form: { intent: 'this-device' },
		maxRedirects: 0,
	})
	expect(signedOut.headers().location).toBe('/login')
	const withFlash = await visitor.get('/login', { headers: { 'X-Forwarded-For': address }, maxRedirects: 0 })
	expect(withFlash.headers()['x-cache']).toBeUndefined()
	expect(await htmlOf(withFlash)).toContain('You have been logged out.')

	const next = await get(anonymous, '/login')
	expect(next.headers()['x-cache']).toBe('HIT')
	expect(await htmlOf(next)).not.toContain('You have been logged out.')
	await Promise.all([anonymous.dispose(), visitor.dispose()])
})

test('signed-in pages are never answered from the cache, and never enter it', async ({ playwright, baseURL }) => {
	const signup = own('/signup')
	const anonymous = await playwright.request.newContext({ baseURL })
	const visitorsPage = await get(anonymous, signup)
	expect(visitorsPage.status()).toBe(200)
	const visitorsHtml = await htmlOf(visitorsPage)

	const member = await playwright.request.newContext({ baseURL })
	const address = visitorAddress()
	const signedIn = await member.post('/login', {
		headers: { 'X-Forwarded-For': address },
		form: { email: DEMO.customer.email, password: DEMO.customer.password },
		maxRedirects: 0,
	})
	expect(signedIn.status()).toBe(302)
	// Twice each: the second would be the cache's answer if the first had entered it.
	for (let view = 0; view < 2; view++) {
		for (const path of [signup, own('/reset-password'), own('/app/signup')]) {
			const mine = await member.get(path, { headers: { 'X-Forwarded-For': address }, maxRedirects: 0 })
			expect(mine.headers()['x-cache'], path).toBeUndefined()
		}
		// Signed in, the sign-in page sends them on: the cached sign-in page is not theirs.
		const login = await member.get(own('/login'), { headers: { 'X-Forwarded-For': address }, maxRedirects: 0 })
		expect(login.status()).toBe(302)
		expect(login.headers()['x-cache']).toBeUndefined()
	}

	const next = await get(anonymous, signup)
	expect(next.headers()['x-cache']).toBe('HIT')
	const nonce = nonceOfHeader(next)!
	expect(withoutNonce(await htmlOf(next), nonce)).toBe(withoutNonce(visitorsHtml, nonceOfHeader(visitorsPage)!))
	await Promise.all([anonymous.dispose(), member.dispose()])
})
