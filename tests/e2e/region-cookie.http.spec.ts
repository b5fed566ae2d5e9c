/**
 * The China rule's `geo` cookie is the portal's word, not the visitor's (ADR 0032): one the visitor
 * wrote (as the portal once wrote it, unsigned base64 JSON) changes nothing a page shows; the lookup
 * runs again. The emulated lookup places 198.51.100.0/24 in China and 203.0.113.0/24 in Japan.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect, htmlOf, test } from './fixtures.ts'

const written = (country: string) => `geo=${encodeURIComponent(btoa(JSON.stringify(country)))}`

async function visit(request: APIRequestContext, address: string, cookie: string) {
	return request.get('/login', { headers: { 'X-Forwarded-For': address, Cookie: cookie }, maxRedirects: 0 })
}

test('a visitor from China who writes a geo cookie for Japan is still told the service is unavailable', async ({
	playwright,
	baseURL,
}) => {
	const request = await playwright.request.newContext({ baseURL })
	const response = await visit(request, '198.51.100.31', written('Japan'))
	expect(response.status()).toBe(302)
	expect(response.headers().location).toBe('/unavailable')
	// The visitor's cookie is replaced by the portal's own answer.
	expect(response.headers()['set-cookie']).toMatch(/^geo=China\./)
	await request.dispose()
})

test('a visitor from elsewhere who writes a geo cookie for China gets the page', async ({ playwright, baseURL }) => {
	const request = await playwright.request.newContext({ baseURL })
	const response = await visit(request, '203.0.113.31', written('China'))
	expect(response.status()).toBe(200)
	const html = await htmlOf(response)
	expect(html).toContain('<h1')
	expect(html).toContain('Log in')
	expect(html).not.toContain('Sorry this service is not available in your Region/Country.')
	await request.dispose()
})
