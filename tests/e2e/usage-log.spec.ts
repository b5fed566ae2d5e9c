/**
 * Usage logging with consent (issue 14): page views are logged by the server, so with and without
 * JavaScript, only for a visitor who opted in, with the spec's fields, scrubbed, and with the
 * signed-in user's id token; without the opt-in no log call is made at all.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { createAccount } from './account.ts'
import { accountApiSession, callsWithTokensOf } from './emulator.ts'
import { expect, test, themedUrl } from './fixtures.ts'
import { fillValid } from './support.ts'

const SERVICE = 'owners-portal'

interface StoredEvent {
	event: string
	payload: Record<string, unknown>
}

/** The usage events the emulated log service stored for this user, newest first. */
async function eventsOf(request: APIRequestContext, userId: string): Promise<StoredEvent[]> {
	const response = await request.get(`/_emulator/log/log/_events?service=${SERVICE}&userId=${userId}`)
	expect(response.ok()).toBe(true)
	return ((await response.json()) as { events: StoredEvent[] }).events
}

/** Signs in on the main theme's host (its consent banner) from a fresh /login. */
async function signInOnMain(page: Page, baseURL: string | undefined, email: string, password: string) {
	await page.goto(themedUrl('main', '/login', baseURL))
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(themedUrl('main', '/', baseURL))
}

test.describe('usage logging', () => {
	// Each journey signs up, activates and signs in before it looks at anything.
	test.slow()

	test('opted in: each page shown is logged with the spec’s fields and the user, never its query', async ({
		page,
		request,
		baseURL,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		const { userId } = await accountApiSession(request, email, password)
		await page.goto(themedUrl('main', '/login', baseURL))
		await page.getByRole('button', { name: 'Allow analytics' }).click()
		await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
		await signInOnMain(page, baseURL, email, password)

		await page.goto(themedUrl('main', '/gear/my_gear', baseURL))
		await page.getByRole('link', { name: 'My Feed' }).first().click()
		await expect(page).toHaveURL(/\/feed/)
		await page.goto(themedUrl('main', `/activation?email=${encodeURIComponent(email)}&code=123456`, baseURL))
		await page.goto(themedUrl('main', '/support/order_status', baseURL))
		await fillValid(page, 'order_status')
		await page.getByRole('button', { name: 'Send', exact: true }).click()
		await expect(page).toHaveURL(/sent=/)

		await expect
			.poll(async () => (await eventsOf(request, userId)).map((e) => e.payload.pagePath))
			.toEqual(expect.arrayContaining(['/gear/my_gear', '/feed', '/activation', '/support/order_status']))
		if (javaScript) {
			// Only the browser knows a page's hash: with JavaScript the page tells it.
			await page.goto(themedUrl('main', '/gear/my_gear#top', baseURL))
			await expect
				.poll(async () => (await eventsOf(request, userId)).find((e) => e.event === 'page_hash')?.payload)
				.toMatchObject({ routeName: 'MyGear', pagePath: '/gear/my_gear', pageHash: '#top' })
		}
		// The milestone goes with the batch after the sent page's own view: wait for it too.
		await expect.poll(async () => (await eventsOf(request, userId)).map((e) => e.event)).toContain('support_sent')
		const events = await eventsOf(request, userId)
		const gear = events.find((e) => e.payload.pagePath === '/gear/my_gear' && e.event === 'page_view')!
		expect(gear.payload).toMatchObject({
			event: 'page_view',
			routeName: 'MyGear',
			pageTitle: 'My Gear · Owners Portal',
			pageHash: '',
			cultureCode: 'en-US',
			brand: 'MAIN',
		})
		expect(gear.payload.appVersionNumber).toMatch(/^(\d+|dev)$/)
		expect(gear.payload.appVersionHash).toMatch(/^([0-9a-f]{7,}|-)$/)
		// A milestone: the page-view fields of the form's page and its own.
		expect(events.find((e) => e.event === 'support_sent')?.payload).toMatchObject({
			routeName: 'Support',
			pagePath: '/support/order_status',
			form: 'order_status',
			brand: 'MAIN',
		})
		// Nothing of the activation link's query (an address and a one-time code) reached the log.
		const logged = JSON.stringify(events)
		expect(logged).not.toContain(email)
		expect(logged).not.toContain('123456')
	})

	test('declined: no log call at all, until the user allows analytics in the settings', async ({
		page,
		request,
		baseURL,
	}) => {
		const { email, password } = await createAccount(page, request)
		const { userId } = await accountApiSession(request, email, password)
		await page.goto(themedUrl('main', '/login', baseURL))
		await page.getByRole('button', { name: 'No, thanks' }).click()
		await signInOnMain(page, baseURL, email, password)
		for (const path of ['/gear/my_gear', '/feed/all', '/settings/settings']) {
			await page.goto(themedUrl('main', path, baseURL))
			await expect(page.getByRole('main')).toBeVisible()
		}
		expect((await callsWithTokensOf(request, email)).filter((call) => call.path.startsWith('/log/'))).toEqual([])
		expect(await eventsOf(request, userId)).toEqual([])

		const allow = page.getByRole('radio', { name: 'Allow analytics', exact: true })
		await allow.check()
		// The choice is a cookie the post sets: the next page is asked for once its answer is in.
		await Promise.all([
			page.waitForResponse(
				(r) => new URL(r.url()).pathname.startsWith('/preferences') && r.request().method() === 'POST',
			),
			page.locator('form', { has: allow }).getByRole('button', { name: 'Save' }).click(),
		])
		await page.goto(themedUrl('main', '/gear/my_gear', baseURL))
		await expect
			.poll(async () => (await eventsOf(request, userId)).map((e) => e.payload.pagePath))
			.toContain('/gear/my_gear')
		// Batches leave in order: had the declined pages been logged, they would have arrived before this
		// one. None did: the feed, seen only while declined, is not in the log.
		const paths = (await eventsOf(request, userId)).map((e) => String(e.payload.pagePath))
		expect(paths.filter((path) => path.startsWith('/feed'))).toEqual([])
	})
})
