import type { APIRequestContext, Page } from '@playwright/test'
import { createAccount, signIn, toast } from './account.ts'
import { callsAfter, latestCall } from './emulator.ts'
import { expect, test } from './fixtures.ts'

/**
 * What the portal asks its upstreams for, counted in the emulator's request log. The log holds every
 * caller's calls, so these run with the clock journeys, one at a time, where no other test calls.
 */
test.describe.configure({ mode: 'serial' })

/** The calls answered after call `after`, as "METHOD path" with ids and queries left out. */
async function callsSince(request: APIRequestContext, after: number): Promise<string[]> {
	return (await callsAfter(request, after)).map(
		(call) => `${call.method} ${call.path.replace(/\/users\/[^/]+/, '/users/{id}')}`,
	)
}

/** The calls one step of a test made: `act` runs, then the calls after it are read. */
async function callsOf(page: Page, request: APIRequestContext, act: () => Promise<unknown>) {
	const before = await latestCall(request)
	await act()
	return callsSince(request, before)
}

test('the settings page with warm caches asks for the user only; a save makes the next page ask again, never for master data', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	// The first view fills the master-data cache (genders, phone types, states).
	await page.goto('/settings/profile')
	const profile = page.getByRole('region', { name: 'Profile' })
	await expect(profile).toBeVisible()

	// A page right after another is served the user's record kept for a few seconds: no call at all.
	expect(
		await callsOf(page, request, async () => {
			await page.reload()
			await expect(profile).toBeVisible()
		}),
	).toEqual([])

	// A save reads the record fresh, writes only the change, and the page after it asks for the record
	// once: one upstream call for the page, none for master data.
	await page.getByLabel('First name', { exact: true }).fill('Sam')
	expect(
		await callsOf(page, request, async () => {
			await page.getByRole('button', { name: 'Save', exact: true }).click()
			await expect(toast(page)).toContainText('Updated.')
		}),
	).toEqual(['GET /account/me', 'PUT /account/users/{id}', 'GET /account/me'])
	await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Sam')
})

test('a link with email and code (activation, password reset, email change) loads neither master data nor the user', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	// Signed in, so a load of the user's record would show in the log; landing on a page that reads
	// nothing upstream, so the record is not kept from the sign-in.
	await page.goto('/login?redirectTo=%2Fsettings%2Fabout')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/settings/about')
	// A culture no other journey uses: its master lists are not in the cache, so loading one would show.
	const query = new URLSearchParams({ email, code: '123456', culture_code: 'de-LU' })
	for (const path of ['/activation', '/reset-password', '/email-change']) {
		expect(
			await callsOf(page, request, async () => {
				const response = await page.goto(`${path}?${query}`)
				expect(response?.status()).toBe(200)
			}),
			path,
		).toEqual([])
	}
})
