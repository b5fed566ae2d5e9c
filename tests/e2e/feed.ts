import { expect, type Page } from '@playwright/test'
import { hydrated } from './accessibility.ts'

/** Helpers of the feed journeys (tests/e2e/feed*.spec.ts). */

export const TAB_NAMES = { all: 'All', video: 'Video', community: 'Community', photo: 'Photo' } as const
export type FeedTabName = keyof typeof TAB_NAMES

export function feedRegion(page: Page, tab: FeedTabName) {
	return page.getByRole('region', { name: TAB_NAMES[tab], exact: true })
}

/** The titles of the feed's items, in the page's order. */
export function itemTitles(page: Page, tab: FeedTabName): Promise<string[]> {
	return feedRegion(page, tab).getByRole('heading', { level: 3 }).allTextContents()
}

/** The items' dates (ISO), in the page's order. */
export function itemDates(page: Page, tab: FeedTabName): Promise<string[]> {
	return feedRegion(page, tab)
		.locator('time')
		.evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
}

/**
 * Follows the "More" link: without JavaScript the next page replaces this one (its address carries
 * the page); with JavaScript it is appended below the items shown and the address stays. Answers
 * the new items' titles and dates.
 */
export async function more(page: Page, tab: FeedTabName, javaScript: boolean) {
	const before = page.url()
	const headings = feedRegion(page, tab).getByRole('heading', { level: 3 })
	const shown = javaScript ? await headings.count() : 0
	const firstTitle = await headings.first().textContent()
	// Appending in place is the hydrated page's: before it (its scripts start after the first paint, ADR 0062)
	// the link is followed as without JavaScript.
	await hydrated(page, javaScript)
	await page.getByRole('link', { name: 'More', exact: true }).click()
	if (javaScript) {
		await expect.poll(() => headings.count()).toBeGreaterThan(shown)
		expect(page.url()).toBe(before)
		// Focus moves to the first new item, so a keyboard user goes on reading there.
		await expect(headings.nth(shown).getByRole('link')).toBeFocused()
	} else {
		await page.waitForURL((url) => url.toString() !== before && url.searchParams.has('page'))
		await expect(headings.first()).not.toHaveText(firstTitle ?? '')
	}
	const titles = (await itemTitles(page, tab)).slice(shown)
	const dates = (await itemDates(page, tab)).slice(shown)
	return { titles, dates }
}
