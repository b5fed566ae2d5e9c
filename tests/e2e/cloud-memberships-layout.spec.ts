/**
 * The memberships page as customers see it (the sales page of the cloud service), JavaScript on
 * and off: plan cards side by side on a wide screen and stacked on a phone with no sideways
 * scroll, the calls to action in the portal's primary button colours, the member's current plan
 * marked, and no empty box where a Lifetime Key's picture would be.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures.ts'

const WIDE = { width: 1280, height: 900 }
const PHONE = { width: 360, height: 740 }

/** The plans are the page's articles (the Lifetime Keys are a list). */
const planCards = (page: Page) => page.getByRole('article')

async function boxOf(locator: Locator) {
	const box = await locator.boundingBox()
	expect(box, 'the element is laid out').not.toBeNull()
	return box!
}

/** The theme's primary colours as the browser computes them, to compare with a button's. */
async function themeColours(page: Page) {
	return page.evaluate(() => {
		const probe = document.createElement('span')
		probe.style.background = 'var(--primary)'
		probe.style.color = 'var(--on-primary)'
		document.body.append(probe)
		const { backgroundColor, color } = getComputedStyle(probe)
		probe.remove()
		return { backgroundColor, color }
	})
}

async function expectNoSidewaysScroll(page: Page) {
	const { scrollWidth, clientWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		clientWidth: document.documentElement.clientWidth,
	}))
	expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

async function expectCallsToActionArePrimaryButtons(page: Page) {
	const calls = page.locator('a[data-cta], button[data-cta]')
	expect(await calls.count()).toBeGreaterThan(0)
	const theme = await themeColours(page)
	for (const call of await calls.all()) {
		const style = await call.evaluate((element) => {
			const { backgroundColor, color } = getComputedStyle(element)
			return { backgroundColor, color }
		})
		expect(style.backgroundColor).not.toBe('rgba(0, 0, 0, 0)')
		expect(style.backgroundColor).not.toBe('rgb(239, 239, 239)')
		expect(style).toEqual(theme)
	}
}

/** Every Lifetime Key's picture, if it shows one, is a loaded picture, not an empty box. */
async function expectNoEmptyPictures(page: Page) {
	const keys = page.getByRole('list', { name: 'Lifetime Keys' }).getByRole('listitem')
	expect(await keys.count()).toBeGreaterThan(0)
	for (const picture of await keys.locator('img').all()) {
		// A picture loads as it comes near the view (loading="lazy"), as on a customer's screen.
		await picture.scrollIntoViewIfNeeded()
		await expect
			.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
			.toBe(true)
	}
}

async function expectWideLayout(page: Page) {
	const [first, second] = [await boxOf(planCards(page).nth(0)), await boxOf(planCards(page).nth(1))]
	expect(Math.round(second.y)).toBe(Math.round(first.y))
	expect(second.x).toBeGreaterThan(first.x + first.width - 1)
}

async function expectStackedLayout(page: Page) {
	const [first, second] = [await boxOf(planCards(page).nth(0)), await boxOf(planCards(page).nth(1))]
	expect(Math.round(second.x)).toBe(Math.round(first.x))
	expect(second.y).toBeGreaterThanOrEqual(first.y + first.height)
}

for (const [size, viewport, expectLayout] of [
	['a wide screen', WIDE, expectWideLayout],
	['a phone', PHONE, expectStackedLayout],
] as const) {
	test(`a visitor on ${size} sees the plans as cards with primary calls to action`, async ({ page, javaScript }) => {
		await page.setViewportSize(viewport)
		await page.goto('/cloud/memberships')
		await expect(planCards(page)).toHaveCount(3)
		await expectLayout(page)
		await expectNoSidewaysScroll(page)
		await expectCallsToActionArePrimaryButtons(page)
		await expect(page.getByText('Current plan', { exact: true })).toHaveCount(0)
		await expectNoEmptyPictures(page)
		if (javaScript) await expectAccessible(page)
	})

	test.describe(`the demo cloud member on ${size}`, () => {
		test.use({ signedInAs: 'cloudMember' })

		test('sees the plans as cards, and their current plan marked', async ({ page, javaScript }) => {
			await page.setViewportSize(viewport)
			await page.goto('/cloud/memberships')
			await expect(planCards(page)).toHaveCount(3)
			await expectLayout(page)
			await expectNoSidewaysScroll(page)
			await expectCallsToActionArePrimaryButtons(page)
			// The demo member pays for Pro monthly (server/emulator/cloud/seed.ts).
			const pro = planCards(page).filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) })
			await expect(pro.getByText('Current plan', { exact: true })).toBeVisible()
			await expect(page.getByText('Current plan', { exact: true })).toHaveCount(1)
			await expectNoEmptyPictures(page)
			if (javaScript) await expectAccessible(page)
		})
	})
}

test.describe('the demo cloud member in Japanese', () => {
	test.use({ signedInAs: 'cloudMember' })

	test('sees their current plan marked in the culture’s words', async ({ page }) => {
		await page.goto('/cloud/memberships?culture_code=ja-JP')
		const pro = planCards(page).filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) })
		await expect(pro.getByText('ご利用中のプラン', { exact: true })).toBeVisible()
	})
})

test('a Lifetime Key whose picture cannot be had shows no empty box in its place', async ({ page }) => {
	// The portal's picture route answers as it does when the upstream's picture is gone.
	await page.route('**/img?**', (route) => route.fulfill({ status: 404, body: '' }))
	await page.goto('/cloud/memberships')
	const pictures = page.getByRole('list', { name: 'Lifetime Keys' }).locator('img')
	expect(await pictures.count()).toBeGreaterThan(0)
	for (const picture of await pictures.all()) {
		await picture.scrollIntoViewIfNeeded()
		await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
		expect((await boxOf(picture)).height).toBe(0)
	}
})
