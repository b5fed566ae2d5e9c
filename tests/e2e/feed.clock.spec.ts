import { createAccount, signInDirectly } from './account.ts'
import { feedRegion, itemTitles } from './feed.ts'
import { expect, test } from './fixtures.ts'

/**
 * A feed source that fails leaves the others on the page. Injected faults touch every request to
 * the path: this runs with the clock journeys, one at a time.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test('videos failing: the community posts and photos are still shown, with a one-line notice for the videos', async ({
	page,
	request,
}) => {
	// An owner interested in drums only: the drum brand's channel, a list no other journey reads (and
	// this one never reads while it answers), so no page of it is in the portal's cache and the fault
	// is what the portal meets, with JavaScript and without.
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto('/settings/interests')
	await page.getByRole('checkbox', { name: 'Drums & Percussion' }).check()
	await page.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Updated.')).toBeVisible()

	await request.post('/_emulator/faults', { data: { path: '/video/playlistItems', mode: 'status', status: 503 } })
	const response = await page.goto('/feed/all')
	expect(response?.status()).toBe(200)
	const region = feedRegion(page, 'all')
	await expect(region.getByText('Videos cannot be shown just now. Please try again in a moment.')).toBeVisible()
	await expect(region.getByText('Because you are interested in Drums & Percussion', { exact: false })).toBeVisible()
	const meta = await region.locator('.feed-meta').allTextContents()
	expect(meta).toHaveLength(8)
	expect(meta.some((text) => text.startsWith('Video'))).toBe(false)
	expect(meta.some((text) => text.startsWith('Community post'))).toBe(true)
	expect(meta.some((text) => text.startsWith('Photo'))).toBe(true)

	// The video tab alone: the notice, no items, and the page still a page (not an error).
	const videoResponse = await page.goto('/feed/video')
	expect(videoResponse?.status()).toBe(200)
	await expect(feedRegion(page, 'video').getByText('Videos cannot be shown just now.', { exact: false })).toBeVisible()
	expect(await itemTitles(page, 'video')).toEqual([])
})
