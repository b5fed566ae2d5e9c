import { createHmac } from 'node:crypto'
import { expect, htmlOf, test } from './fixtures.ts'
import { portalEnv } from './worker-portal.ts'

/**
 * The picture route (`/img`, ADR 0033) over HTTP: it hands on pictures the portal named, from the
 * upstreams' hosts only, images only; it is no proxy to anything else.
 */

/** The route's address of `url` as the portal signs it (with the suite's session secret). */
function signedPicturePath(url: string): string {
	const secret = portalEnv(0, '').SESSION_SECRET!
	const s = createHmac('sha256', secret).update(`picture:${url}`).digest('base64url').slice(0, 32)
	return `/img?${new URLSearchParams({ u: url, s })}`
}

test('a picture a page names is handed on as an image, cached, sandboxed, with no cookie', async ({
	playwright,
	baseURL,
	demoSessions,
}) => {
	const customer = await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
	const html = await htmlOf(await customer.get('/products/fp-30x'))
	const src = /<img src="(\/img\?[^"]+)"[^>]*alt="FP-30X Digital Piano"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
	expect(src, 'the product page names its picture on the portal').toBeTruthy()
	await customer.dispose()

	const picture = await playwright.request.newContext({ baseURL })
	const answer = await picture.get(src!)
	expect(answer.status()).toBe(200)
	expect(answer.headers()['content-type']).toBe('image/svg+xml')
	expect(answer.headers()['cache-control']).toBe('public, max-age=86400')
	expect(answer.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
	expect(answer.headers()['x-content-type-options']).toBe('nosniff')
	expect(answer.headers()['set-cookie']).toBeUndefined()
	expect(await answer.text()).toMatch(/^<svg /)
	await picture.dispose()
})

test('refuses a host not on the allow-list, signed or not, and an address the portal did not sign', async ({
	request,
	baseURL,
}) => {
	for (const path of [
		signedPicturePath('https://evil.example/a.png'),
		'/img?u=https%3A%2F%2Fevil.example%2Fa.png&s=x',
		// The portal's own pages are not pictures of an upstream.
		signedPicturePath(`${baseURL}/settings/profile`),
	]) {
		const answer = await request.get(path)
		expect(answer.status(), path).toBe(403)
		expect(await answer.text()).toBe("Pictures are shown only from the upstreams' own hosts.")
	}
	const unsigned = await request.get(
		`/img?${new URLSearchParams({ u: `${baseURL}/_emulator/video/thumbnails/x/medium.svg`, s: 'A'.repeat(32) })}`,
	)
	expect(unsigned.status()).toBe(403)
	expect((await request.get('/img')).status()).toBe(400)
})

test('refuses an allowed host’s answer that is not an image', async ({ request, baseURL }) => {
	// The emulator's stand-in for the stage's analytics script: a script, answered 200, is no picture.
	const script = `${baseURL}/_emulator/log/analytics.js`
	expect((await request.get(script)).status()).toBe(200)
	const answer = await request.get(signedPicturePath(script))
	expect(answer.status()).toBe(502)
	expect(answer.headers()['content-type']).toBe('text/plain; charset=utf-8')
	const text = await answer.text()
	expect(text).toBe("The picture's host did not answer with a picture.")
})

test('a page may show pictures from its own origin only (CSP img-src)', async ({ request }) => {
	const csp = (await request.get('/login')).headers()['content-security-policy']!
	expect(csp.split(';').map((directive) => directive.trim())).toContain("img-src 'self' data:")
})
