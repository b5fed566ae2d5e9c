import { expect, test } from './fixtures.ts'

// Header checks read raw responses: they run once, in the `http` project, with no browser.
test.describe('security headers and session cookie', () => {
	test('an enforced CSP with a fresh nonce per response and no unsafe-inline for scripts', async ({ request }) => {
		const first = await request.get('/login')
		const second = await request.get('/login')
		const csp = first.headers()['content-security-policy']!
		expect(csp).toBeTruthy()
		expect(first.headers()['content-security-policy-report-only']).toBeUndefined()
		const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!
		expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/)
		expect(scriptSrc).not.toContain('unsafe-inline')
		expect(scriptSrc).not.toContain('unsafe-eval')
		const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]
		expect(second.headers()['content-security-policy']).not.toContain(nonce)

		const html = await first.text()
		const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
		expect(scripts.length).toBeGreaterThan(1)
		for (const attributes of scripts) {
			if (attributes.includes('type="application/json"')) continue
			expect(attributes).toContain(`nonce="${nonce}"`)
		}
	})

	test('the usual protective headers', async ({ request }) => {
		const headers = (await request.get('/login')).headers()
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['x-frame-options']).toBe('SAMEORIGIN')
		expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['strict-transport-security']).toContain('max-age=')
		expect(headers['x-powered-by']).toBeUndefined()
		expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()')
	})

	test('compresses pages and serves hashed assets as immutable', async ({ request }) => {
		const page = await request.get('/login', { headers: { 'Accept-Encoding': 'br, gzip' } })
		expect(['br', 'gzip']).toContain(page.headers()['content-encoding'])
		const asset = /\/assets\/[^"]+\.js/.exec(await page.text())![0]
		const response = await request.get(asset)
		expect(response.status()).toBe(200)
		expect(response.headers()['cache-control']).toContain('immutable')
	})

	test('a page is sent whole, with its length, not in chunks (ADR 0008)', async ({ request }) => {
		const page = await request.get('/login', { headers: { 'Accept-Encoding': 'identity' } })
		const body = await page.body()
		expect(page.headers()['transfer-encoding']).toBeUndefined()
		expect(Number(page.headers()['content-length'])).toBe(body.byteLength)
		expect(body.toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/html>$/s)
	})

	test('the session cookie is signed, HttpOnly, SameSite=Lax and carries only an id', async ({ request }) => {
		const response = await request.post('/preferences', {
			form: { intent: 'sidebar', sidebar: 'left', redirectTo: '/login' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(302)
		const cookies = response
			.headersArray()
			.filter((h) => h.name.toLowerCase() === 'set-cookie')
			.map((h) => h.value)
		const session = cookies.find((c) => c.startsWith('__session='))!
		expect(session).toBeTruthy()
		expect(session).toMatch(/HttpOnly/i)
		expect(session).toMatch(/SameSite=Lax/i)
		expect(session).toMatch(/Secure/i)
		const value = decodeURIComponent(session.split(';')[0]!.slice('__session='.length))
		// A signed id: "<id>.<signature>", no session data.
		expect(value).toMatch(/^[^.]+\.[A-Za-z0-9+/=]+$/)
		expect(value.length).toBeLessThan(120)
	})

	test('refuses a cross-origin form post', async ({ request }) => {
		const response = await request.post('/preferences', {
			form: { intent: 'sidebar', sidebar: 'left' },
			headers: { Origin: 'https://evil.example' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(403)
	})

	test('bad preference input is a 400, not a 500', async ({ request }) => {
		const response = await request.post('/preferences', {
			form: { intent: 'sidebar', sidebar: 'middle' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(400)
	})

	test('GET /healthz answers', async ({ request }) => {
		const response = await request.get('/healthz')
		expect(response.status()).toBe(200)
		expect(await response.json()).toEqual({ status: 'ok' })
	})
})
