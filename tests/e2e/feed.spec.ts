import { createAccount, signInDirectly } from './account.ts'
import { TAB_NAMES, feedRegion, itemDates, itemTitles, more, type FeedTabName } from './feed.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

/**
 * My Feed (spec 1 §2, §9; spec 2 §7-§9): the tabs page through their streams with plain links,
 * newest first; the feed says why it shows what it shows; nothing leaves the portal's origin.
 */

const TABS = Object.keys(TAB_NAMES) as FeedTabName[]

test.describe('the feed', () => {
	// The demo customer's browser state, signed in once per worker, for the journeys that only read it.
	test.use({ signedInAs: 'customer' })

	for (const tab of TABS) {
		test(`${tab}: pages through two "more" steps, newest first, each item once, nothing loaded from elsewhere`, async ({
			page,
			baseURL,
			javaScript,
		}) => {
			const origin = new URL(baseURL!).origin
			const requested: string[] = []
			page.on('request', (request) => requested.push(request.url()))

			const response = await page.goto(`/feed/${tab}`)
			expect(response?.status()).toBe(200)
			const region = feedRegion(page, tab)
			// The demo customer owns a piano, an amplifier of the effects brand and a drum kit.
			const reason = region.getByText(/^Because you own /)
			for (const name of ['FP-30X Digital Piano', 'KATANA-50 MkII Amplifier', 'TD-07DMK V-Drums Kit'])
				await expect(reason).toContainText(name)
			const pages = [await itemTitles(page, tab)]
			const dates = [...(await itemDates(page, tab))]
			expect(pages[0]).toHaveLength(8)

			// A light page: pictures with their size and the item's title as alt text, lazy below the
			// first row; no embedded player.
			const images = region.getByRole('img')
			await expect(images).toHaveCount(8)
			for (let i = 0; i < 8; i++) {
				const image = images.nth(i)
				await expect(image).toHaveAttribute('width', /^\d+$/)
				await expect(image).toHaveAttribute('height', /^\d+$/)
				await expect(image).toHaveAttribute('alt', pages[0]![i]!)
				await expect(image).toHaveAttribute('loading', i < 2 ? 'eager' : 'lazy')
			}
			await expect(page.locator('iframe')).toHaveCount(0)
			await expect(region.getByRole('link', { name: pages[0]![0]!, exact: true })).toHaveAttribute(
				'href',
				/^https:\/\//,
			)
			if (javaScript) await expectAccessible(page)

			for (let step = 1; step <= 2; step++) {
				const next = await more(page, tab, javaScript)
				pages.push(next.titles)
				dates.push(...next.dates)
				expect(next.titles.length).toBeGreaterThan(0)
				if (!javaScript) expect(new URL(page.url()).searchParams.get('page')).toBeTruthy()
			}
			expect(pages[1]).toHaveLength(8)
			// Newest first across the pages, and never an item twice.
			expect(dates).toEqual([...dates].sort().reverse())
			expect(new Set(dates.map((date, i) => `${date}|${pages.flat()[i]}`)).size).toBe(dates.length)

			// Every request of the pages went to the portal's own origin (pictures included).
			await page.waitForLoadState('load')
			expect(requested.length).toBeGreaterThan(0)
			expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([])
			const cookies = await page.context().cookies()
			expect(cookies.filter((cookie) => cookie.domain !== 'localhost')).toEqual([])
		})
	}

	test('the all tab merges videos, community posts and photos', async ({ page, javaScript }) => {
		await page.goto('/feed/all')
		const meta = await feedRegion(page, 'all').locator('.feed-meta').allTextContents()
		const kinds = new Set(meta.map((text) => text.split(' · ')[0]))
		// Two pages hold all three kinds: the emulator's posts and media are days apart, videos are newest.
		await more(page, 'all', javaScript)
		for (const text of await feedRegion(page, 'all').locator('.feed-meta').allTextContents())
			kinds.add(text.split(' · ')[0])
		expect([...kinds].sort()).toEqual(['Community post', 'Photo', 'Video'])
	})

	test('a forged or unknown page token gives the source’s message and a way back to the first page', async ({
		page,
	}) => {
		// Not a page parameter the portal makes at all.
		let response = await page.goto('/feed/community?page=forged')
		expect(response?.status()).toBe(200)
		await expect(page.getByText('not found for next-page token of facebook')).toBeVisible()
		await expect(feedRegion(page, 'community').getByRole('listitem')).toHaveCount(0)

		// Well formed, but a token the video API never handed out.
		response = await page.goto('/feed/video?page=video-main:0:Zm9yZ2VkLjg')
		expect(response?.status()).toBe(200)
		await expect(page.getByText('not found for next-page token of youtube')).toBeVisible()
		await page.getByRole('link', { name: 'Back to the first page' }).click()
		await expect(page).toHaveURL('/feed/video')
		await expect(feedRegion(page, 'video').getByRole('heading', { level: 3 })).toHaveCount(8)
		await expect(page.getByText('not found for next-page token of youtube')).toHaveCount(0)

		// On the all tab, the photo token is bad: its message, and the other sources still shown.
		response = await page.goto('/feed/all?page=video-main:0:,community-main:0:,photo-main:0:aXRlbTpub3Bl')
		expect(response?.status()).toBe(200)
		await expect(page.getByText('not found for next-page token of instagram')).toBeVisible()
		const meta = await feedRegion(page, 'all').locator('.feed-meta').allTextContents()
		expect(meta).toHaveLength(8)
		expect(meta.some((text) => text.startsWith('Photo'))).toBe(false)
		await expect(page.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute('href', '/feed/all')
	})
})

test.describe('the feed of a new owner', () => {
	test('an owner with no products or interests gets the main brand’s feed, and is told so', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto('/feed/video')
		await expect(feedRegion(page, 'video').getByText(/^This feed shows the news of Roland\./)).toBeVisible()
		await expect(feedRegion(page, 'video').getByRole('heading', { level: 3 })).toHaveCount(8)
	})

	test('interests choose the feed when no product is registered', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto('/settings/interests')
		await page.getByRole('checkbox', { name: 'Guitar & BOSS' }).check()
		await page.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByRole('checkbox', { name: 'Guitar & BOSS' })).toBeChecked()
		await expect(page.getByText('Updated.')).toBeVisible()
		await page.goto('/feed/video')
		await expect(
			feedRegion(page, 'video').getByText('Because you are interested in Guitar & BOSS', { exact: false }),
		).toBeVisible()
		// The effects brand's channel only: its pedal videos, none of the pianos.
		const titles = await itemTitles(page, 'video')
		expect(titles).toHaveLength(8)
		expect(titles.some((title) => /Piano/.test(title))).toBe(false)
	})
})
