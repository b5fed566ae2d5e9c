import type { Page, Request, Response } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * No request leaves the portal's origin before the user acts (ADR 0033): every picture an upstream
 * names (video thumbnails, social posts' pictures, product images, the cloud's lifetime keys, a
 * help-centre article's pictures) comes through the portal's picture route.
 *
 * The pages are opened at `127.0.0.1` while the emulator names its pictures by the portal's public
 * address (`localhost`), as real upstreams name theirs by their own hosts: a picture loaded from
 * where the upstream named it is a request to another origin here.
 */
test.use({ signedInAs: 'customer' })

const PAGES = [
	{ what: 'the feed (video thumbnails and social pictures)', path: '/feed/all', pictures: 8 },
	{ what: 'the photo feed', path: '/feed/photo', pictures: 8 },
	{ what: 'the gear list (product images)', path: '/gear/my_gear', pictures: 1 },
	{ what: 'a product page (its product image)', path: '/products/fp-30x', pictures: 1 },
	{ what: 'the memberships (lifetime keys)', path: '/cloud/memberships', pictures: 1 },
	{
		what: 'a registration card’s page (its product image)',
		path: '/qr?mdl=fp30x0&serial=1234567890123456',
		pictures: 1,
	},
	{ what: 'a help-centre article with a picture from elsewhere', path: '/cloud/faq/360001000021', pictures: 0 },
]

/** Every request the page makes, and the answers of the picture route. */
function watch(page: Page) {
	const requests: Request[] = []
	const pictures: Response[] = []
	page.on('request', (request) => requests.push(request))
	page.on('response', (response) => {
		if (new URL(response.url()).pathname === '/img') pictures.push(response)
	})
	return { requests, pictures }
}

for (const { what, path, pictures: atLeast } of PAGES) {
	test(`${what}: no request to another origin before a click, pictures from the portal`, async ({
		page,
		context,
		portal,
		demoSessions,
	}) => {
		const origin = `http://127.0.0.1:${portal.port}`
		// The demo customer's session, for the portal at its other name.
		const { cookies } = await demoSessions('customer')
		await context.addCookies(cookies.map(({ domain: _domain, ...cookie }) => ({ ...cookie, domain: '127.0.0.1' })))
		const seen = watch(page)

		const response = await page.goto(`${origin}${path}`)
		expect(response?.status()).toBe(200)
		expect(new URL(page.url()).origin).toBe(origin)
		// Every picture scrolled to, so the lazy ones load too; then until nothing more is asked.
		const images = page.locator('main img')
		expect(await images.count()).toBeGreaterThanOrEqual(atLeast)
		for (const image of await images.all()) await image.scrollIntoViewIfNeeded()
		await page.waitForLoadState('networkidle')

		const elsewhere = seen.requests.map((request) => request.url()).filter((url) => new URL(url).origin !== origin)
		expect(elsewhere, 'requests to another origin').toEqual([])
		// Named by the portal, not by the upstream: a page that names another origin would ask it (CSP aside).
		for (const src of await images.evaluateAll((all) => all.map((img) => img.getAttribute('src') ?? ''))) {
			expect(new URL(src, origin).origin, `the picture ${src}`).toBe(origin)
			expect(new URL(src, origin).pathname).toBe('/img')
		}
		// And the route hands each of them on.
		expect(seen.pictures.length).toBeGreaterThanOrEqual(atLeast)
		for (const picture of seen.pictures) {
			expect(picture.status(), picture.url()).toBe(200)
			expect(picture.headers()['content-type']).toMatch(/^image\//)
		}
	})
}
