import { expect, type Page } from '@playwright/test'

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

/** Follows the "More" link and waits until the next page is shown. */
export async function more(page: Page, tab: FeedTabName) {
	const before = page.url()
	const firstTitle = (await itemTitles(page, tab))[0]
	await page.getByRole('link', { name: 'More', exact: true }).click()
	await page.waitForURL((url) => url.toString() !== before && url.searchParams.has('page'))
	await expect(feedRegion(page, tab).getByRole('heading', { level: 3 }).first()).not.toHaveText(firstTitle ?? '')
}
