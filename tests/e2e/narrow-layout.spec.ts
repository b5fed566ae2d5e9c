import type { BrowserContext, Page } from '@playwright/test'
import { SUPPORT_TABS } from '#app/domain/support-tabs.ts'
import { expect, test, themedUrl } from './fixtures.ts'

/**
 * Issue 21, "Phones": the screens that scrolled sideways and cut their inputs off on a phone fit
 * 320 px in every theme: no horizontal scroll, and every visible control inside the viewport. The
 * billing history of /cloud/account is stacked rows there (each cell with its column's label) and
 * still a table on a wide screen. Runs with JavaScript on and off: without it the server's markup
 * (its own buttons, such as 'Show models') is what the phone lays out.
 */

const PHONE = { width: 320, height: 640 }
const THEMES = ['main', 'effects', 'cloud', 'proav', 'dw'] as const
type Theme = (typeof THEMES)[number]

/**
 * The screen's address in a theme, chosen by host as in production. The demo session's cookie is
 * the portal host's (localhost): it is copied to the themed host so the screen opens signed in.
 */
async function themed(context: BrowserContext, theme: Theme, path: string, baseURL: string | undefined) {
	if (theme === 'dw') return new URL(path, baseURL).toString()
	const host = `${theme}.localhost`
	const cookies = await context.cookies(baseURL)
	if (cookies.length) await context.addCookies(cookies.map(({ domain: _, ...cookie }) => ({ ...cookie, domain: host })))
	return themedUrl(theme, path, baseURL)
}

/** What overflows a phone: the page's sideways scroll, and each visible control out of the viewport. */
async function overflows(page: Page) {
	return page.evaluate(() => {
		const root = document.documentElement
		const width = root.clientWidth
		const out = [...document.querySelectorAll('input, select, textarea, button')]
			.filter((el) => el.checkVisibility({ visibilityProperty: true }))
			.map((el) => ({ el, box: el.getBoundingClientRect() }))
			.filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width + 0.5))
			.map(
				({ el, box }) =>
					`${el.tagName.toLowerCase()}[name=${el.getAttribute('name') ?? ''}] ${Math.round(box.left)}..${Math.round(box.right)}`,
			)
		return { scrollWidth: root.scrollWidth, clientWidth: width, controlsOutside: out }
	})
}

async function expectFitsPhone(page: Page, url: string) {
	const response = await page.goto(url)
	expect(response?.status(), url).toBe(200)
	const found = await overflows(page)
	// Soft: one run names every screen that overflows.
	expect
		.soft({ url, ...found })
		.toEqual({ url, scrollWidth: found.clientWidth, clientWidth: PHONE.width, controlsOutside: [] })
}

test.use({ viewport: PHONE })

for (const theme of THEMES) {
	test.describe(`the ${theme} theme at 320 px`, () => {
		test.describe('signed in as the demo customer', () => {
			test.use({ signedInAs: 'customer' })

			test('every support tab fits', async ({ page, context, baseURL }) => {
				test.slow()
				for (const tab of SUPPORT_TABS)
					await expectFitsPhone(page, await themed(context, theme, `/support/${tab}`, baseURL))
			})

			test('product registration fits', async ({ page, context, baseURL }) => {
				await expectFitsPhone(page, await themed(context, theme, '/gear/register_product?mdl=JUNOX0', baseURL))
			})
		})

		test.describe('signed in as the demo cloud member', () => {
			test.use({ signedInAs: 'cloudMember' })

			test('account details fit, the billing history as stacked rows', async ({ page, context, baseURL }) => {
				await expectFitsPhone(page, await themed(context, theme, '/cloud/account', baseURL))
				const billing = page.getByRole('region', { name: 'Billing history' })
				const rows = billing.locator('tbody tr')
				expect(await rows.count()).toBeGreaterThan(0)
				for (const row of await rows.all()) {
					for (const column of ['Currency', 'Status']) {
						const cell = row.locator(`[data-label="${column}"]`)
						await expect(cell).toBeVisible()
						// Whole, once scrolled to: nothing of it past the phone's right edge.
						await cell.scrollIntoViewIfNeeded()
						await expect(cell).toBeInViewport({ ratio: 1 })
						// The column's label is shown beside its value: stacked, the header row is not.
						expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${column}"`)
						expect(await cell.evaluate((td) => getComputedStyle(td).display)).not.toBe('table-cell')
					}
				}
			})
		})
	})
}

test.describe('signed in as the demo cloud member', () => {
	test.use({ signedInAs: 'cloudMember' })

	test('at 1280 px the billing history is still a table, its labels in the header row', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		await page.goto('/cloud/account')
		const table = page.getByRole('region', { name: 'Billing history' }).getByRole('table')
		expect(await table.evaluate((t) => getComputedStyle(t).display)).toBe('table')
		await expect(table.getByRole('columnheader', { name: 'Currency' })).toBeVisible()
		const cell = table.locator('tbody td').first()
		expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe('table-cell')
		expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('none')
	})

	test('the subscription card has no list bullet beside it', async ({ page }) => {
		await page.goto('/cloud/account')
		const card = page.getByRole('main').getByRole('article').first()
		await expect(card).toBeVisible()
		const bullets = await card.evaluate((article) => {
			const item = article.closest('li')
			if (!item) return 'none'
			const style = getComputedStyle(item)
			return style.display === 'list-item' ? style.listStyleType : 'none'
		})
		expect(bullets).toBe('none')
	})
})

test.describe('signed in as the demo customer', () => {
	test.use({ signedInAs: 'customer' })

	test('a product’s specifications at 320 px: one line each, its name then its value and unit, across the page', async ({
		page,
	}) => {
		await page.goto('/products/fp-30x/specs')
		const row = page.locator('.spec-table tbody tr', { has: page.locator('th', { hasText: 'Width' }) })
		const name = row.locator('th')
		const value = row.locator('td').first()
		await expect(row).toContainText('430')
		const [nameBox, valueBox, rowBox] = await Promise.all([name.boundingBox(), value.boundingBox(), row.boundingBox()])
		// On one line: the value beside the name, not under it; no "Item" or "Value" label repeating the header.
		expect(Math.abs(nameBox!.y - valueBox!.y)).toBeLessThan(4)
		expect(await value.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('none')
		// The row spans the page (less its margins), not only its words.
		expect(rowBox!.width).toBeGreaterThan(PHONE.width - 48)
	})
})
