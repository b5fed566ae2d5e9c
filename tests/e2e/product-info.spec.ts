import type { Page } from '@playwright/test'
import { resources } from '#app/i18n/resources.ts'
import { expect, expectAccessible, showsDataOnly, test } from './fixtures.ts'
import { PRODUCT, TEXTS } from './product-info.ts'

/**
 * A product's page (spec 1 §2 ProductsDirect, §3 product info): the six tabs of a seeded product's
 * json in English and Japanese, the English fallback said, an unknown product inside the chrome.
 * The pages only show data: the journeys run with JavaScript, and the same pages' HTML as the server
 * sends it (all a browser without JavaScript gets) is checked in product-info.http.spec.ts.
 */

async function open(page: Page, path: string) {
	const response = await page.goto(path)
	expect(response?.status()).toBe(200)
}

// The demo customer's browser state, signed in once per worker: every test here only reads.
test.use({ signedInAs: 'customer' })

test.describe('with JavaScript', () => {
	showsDataOnly()

	for (const lang of ['en', 'ja'] as const) {
		const x = TEXTS[lang]
		test.describe(`in ${lang}`, () => {
			test('features, with the product picture from the portal origin', async ({ page, baseURL }) => {
				await open(page, `${PRODUCT}${x.query}`)
				// The first tab is shown at the screen's own address.
				await expect(page.getByRole('link', { name: lang === 'en' ? 'Features' : '特長' })).toHaveAttribute(
					'aria-current',
					'page',
				)
				await expect(page.getByRole('heading', { name: 'FP-30X Digital Piano', level: 2 })).toBeVisible()
				await expect(page.getByRole('heading', { name: x.feature })).toBeVisible()
				const image = page.getByRole('img', { name: 'FP-30X Digital Piano' })
				await expect(image).toBeVisible()
				expect(new URL((await image.getAttribute('src'))!, baseURL).origin).toBe(new URL(baseURL!).origin)
				await expect(page.getByText('not available in your language')).toHaveCount(0)
			})

			test('specs as a table with header cells and units', async ({ page }) => {
				await open(page, `${PRODUCT}/specs${x.query}`)
				const table = page.getByRole('table', { name: x.specCaption })
				await expect(table.getByRole('columnheader', { name: x.unit })).toBeVisible()
				const width = table.getByRole('row', { name: new RegExp(`^${x.width} `) })
				await expect(width.getByRole('rowheader', { name: x.width })).toBeVisible()
				await expect(width.getByRole('cell').last()).toHaveText('mm')
				await expect(width.getByRole('cell').first()).toHaveText(/^[\d,]+$/)
			})

			test('downloads with size, OS and date', async ({ page }) => {
				await open(page, `${PRODUCT}/downloads${x.query}`)
				await expect(page.getByRole('link', { name: x.firmware })).toHaveAttribute('href', /\/documents\/fp-30x\//)
				const driver = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: x.driver }) })
				await expect(driver).toContainText(/\d(\.\d)? MB/)
				await expect(driver.getByText(x.os)).toBeVisible()
				await expect(driver).toContainText('Windows 11')
				await expect(driver.locator('time')).toHaveAttribute('datetime', '2019-07-15')
			})

			test('support documents from Product_Support_Documents, with the answers', async ({ page, request }) => {
				await open(page, `${PRODUCT}/support${x.query}`)
				const manual = page.getByRole('link', { name: x.manual })
				await expect(manual).toHaveAttribute('href', /\/documents\/fp-30x\/fp30x0_om_[ej]01_w\.pdf$/)
				expect((await request.get((await manual.getAttribute('href'))!)).status()).toBe(200)
				await expect(page.getByRole('listitem').filter({ has: manual })).toContainText(/PDF, [\d.,]+ [kKM]B/)
				await expect(page.getByText(x.faq)).toBeVisible()
			})

			test('articles, and the curation json sections that feature the product', async ({ page }) => {
				await open(page, `${PRODUCT}/articles${x.query}`)
				await expect(page.getByRole('heading', { name: x.article })).toBeVisible()
				const featured = page.getByRole('region', { name: x.featured })
				await featured.getByRole('link', { name: 'FP-10 Digital Piano' }).click()
				await expect(page).toHaveURL(/\/products\/fp-10$/)
				await expect(page.getByRole('heading', { name: 'FP-10 Digital Piano', level: 2 })).toBeVisible()
			})

			test('accessories link to their own pages when they exist', async ({ page }) => {
				await open(page, `${PRODUCT}/accessories${x.query}`)
				await page.getByRole('link', { name: 'DP-10 Damper Pedal' }).click()
				await expect(page).toHaveURL(/\/products\/dp-10$/)
				await expect(page.getByRole('heading', { name: 'DP-10 Damper Pedal', level: 2 })).toBeVisible()
			})
		})
	}

	test('an accessory without a product page is named, not linked', async ({ page }) => {
		await open(page, '/products/ds-1/accessories')
		await expect(page.getByText('PSA-120S AC Adaptor')).toBeVisible()
		await expect(page.getByRole('link', { name: 'PSA-120S AC Adaptor' })).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'TU-3 Chromatic Tuner' })).toHaveAttribute('href', '/products/tu-3')
	})

	test('a culture without text of its own reads English and is told so', async ({ page }) => {
		await open(page, `${PRODUCT}/features?culture_code=de-DE`)
		// The notice is in German (de-DE reads the German catalogue since issue 24), the product's text in English.
		await expect(page.getByText(resources.de.common.productInfo.englishFallback)).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Expressive sound engine' })).toBeVisible()
	})

	test('an unknown product: "Product not found." with a 404, inside the portal', async ({ page }) => {
		for (const path of ['/products/no-such-product', '/products/no-such-product/specs']) {
			const response = await page.goto(path)
			expect(response?.status()).toBe(404)
			// The one 404 screen (ADR 0026): inside the portal's header, no tabs.
			await expect(page.getByRole('heading', { name: 'Product not found.', level: 1 })).toBeVisible()
			await expect(page.getByRole('banner')).toBeVisible()
			await expect(page.getByRole('navigation', { name: 'Sections of this page' })).toHaveCount(0)
			await expect(page).toHaveTitle(/^Page not found · /)
		}
		const japanese = await page.goto('/products/no-such-product?culture_code=ja-JP')
		expect(japanese?.status()).toBe(404)
	})

	for (const tab of ['features', 'specs', 'downloads', 'support', 'articles', 'accessories']) {
		test(`the ${tab} tab has no serious accessibility problem`, async ({ page }) => {
			await open(page, `${PRODUCT}/${tab}`)
			await expect(page.getByRole('heading', { name: 'FP-30X Digital Piano', level: 2 })).toBeVisible()
			await expectAccessible(page)
		})
	}
})

test('a direct link asks for sign-in first', async ({ page }) => {
	await page.context().clearCookies()
	await page.goto(`${PRODUCT}/specs`)
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%2Ffp-30x%2Fspecs/)
})
