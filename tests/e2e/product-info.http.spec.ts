/**
 * A product's page as a browser without JavaScript gets it: the server's HTML of each tab, in English
 * and Japanese, read with the demo customer's session and no browser. The journeys through the same
 * pages run with JavaScript in product-info.spec.ts.
 */
import type { APIRequestContext } from '@playwright/test'
import { resources } from '#app/i18n/resources.ts'
import { expect, htmlOf, inHtml, test as base } from './fixtures.ts'
import { PRODUCT, TEXTS } from './product-info.ts'

const test = base.extend<{ customer: APIRequestContext }>({
	customer: async ({ playwright, baseURL, demoSessions }, use) => {
		const customer = await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
		await use(customer)
		await customer.dispose()
	},
})

async function page(customer: APIRequestContext, path: string, status = 200) {
	const response = await customer.get(path, { maxRedirects: 0 })
	expect(response.status(), path).toBe(status)
	return htmlOf(response)
}

for (const lang of ['en', 'ja'] as const) {
	const x = TEXTS[lang]
	test(`every tab in ${lang}, as the server sends it`, async ({ customer }) => {
		// The texts each tab shows, and the markup that makes them a picture, a table, a date or a link.
		const shows: [tab: string, texts: string[], markup: string[]][] = [
			// The picture through the portal's picture route (ADR 0033).
			['', ['FP-30X Digital Piano', x.feature], ['src="/img?u=', encodeURIComponent('/productImages/fp-30x/main.svg')]],
			[
				'/specs',
				[x.specCaption, x.width, 'mm'],
				[`<th scope="col">${x.unit}</th>`, `<th scope="row" data-label="${x.item}">${x.width}</th>`],
			],
			['/downloads', [x.firmware, x.driver, x.os, 'Windows 11'], ['dateTime="2019-07-15"']],
			['/support', [x.manual, x.faq], ['_om_']],
			['/articles', [x.article, x.featured], ['href="/products/fp-10"']],
			['/accessories', ['DP-10 Damper Pedal'], ['href="/products/dp-10"']],
		]
		for (const [tab, texts, markup] of shows) {
			const html = await page(customer, `${PRODUCT}${tab}${x.query}`)
			for (const text of texts) expect(html, `${tab || '/features'} shows ${text}`).toContain(inHtml(text))
			for (const part of markup) expect(html, `${tab || '/features'} has ${part}`).toContain(part)
			expect(html).not.toContain('not available in your language')
		}
	})
}

test('an accessory without a product page is named, not linked; the English fallback is said', async ({ customer }) => {
	const accessories = await page(customer, '/products/ds-1/accessories')
	expect(accessories).toContain('PSA-120S AC Adaptor')
	expect(accessories).not.toMatch(/<a [^>]*>PSA-120S AC Adaptor<\/a>/)
	expect(accessories).toContain('href="/products/tu-3"')
	const german = await page(customer, `${PRODUCT}/features?culture_code=de-DE`)
	expect(german).toContain(inHtml(resources.de.common.productInfo.englishFallback))
	expect(german).toContain('Expressive sound engine')
})

test('an unknown product is the 404 screen, in every language', async ({ customer }) => {
	for (const path of ['/products/no-such-product', '/products/no-such-product/specs']) {
		expect(await page(customer, path, 404)).toContain('Product not found.')
	}
	await page(customer, '/products/no-such-product?culture_code=ja-JP', 404)
})
