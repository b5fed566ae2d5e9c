import { devices, type Page } from '@playwright/test'
import { accountTest as test, advanceClock, createAccount, restoreEmulatorTime, signIn, toast } from './account.ts'
import { EMULATOR_ADMIN_HEADERS } from './emulator.ts'
import { expect } from './fixtures.ts'

/**
 * An upstream that refuses the session's tokens ends the session (spec 2 §4 and §8). The emulator's
 * clock moves past the refresh token's life (30 days) while the portal's own clock stays: the portal
 * still takes its id token for good, and the account API is the one that says 'Access Token has
 * expired'. The clock is put back after each.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await restoreEmulatorTime(request)
	await request.delete('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS })
})

const PAST_THE_REFRESH_TOKEN = 31 * 24 * 60 * 60_000

const profile = (page: Page) => page.getByRole('region', { name: 'Profile' })

test('tokens the upstream refuses sign the user out to /login, the page kept, and they stay signed out', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await advanceClock(request, PAST_THE_REFRESH_TOKEN)

	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Gear' }).click()
	await expect(page).toHaveURL('/login?redirectTo=%2Fgear')
	await expect(toast(page)).toContainText('Token has expired. Please login again.')
	await expect(page.getByText('Something went wrong')).toHaveCount(0)

	// Signed out for good: the next page asks for sign-in too.
	await page.goto('/settings/profile')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')

	// Signing in again brings the user back to that page.
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/settings/profile')
	await expect(profile(page)).toContainText(email)
})

test.describe('in a messaging app’s in-app browser', () => {
	test.use({ userAgent: `${devices['Desktop Chrome'].userAgent} Line/13.0.0` })

	test('tokens the upstream refuses go to single sign-on with the page kept', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signIn(page, email, password)
		await advanceClock(request, PAST_THE_REFRESH_TOKEN)

		const documents: string[] = []
		page.on('request', (r) => {
			if (r.isNavigationRequest() && r.frame() === page.mainFrame())
				documents.push(new URL(r.url()).pathname + new URL(r.url()).search)
		})
		await page.goto('/gear')
		await expect(page).toHaveURL(/\/_emulator\/sso\/oauth2\/login\?/)
		expect(documents).toContain('/oauth2/redirect?redirectTo=%2Fgear')
		expect(documents.some((d) => d.startsWith('/login'))).toBe(false)

		// The portal's session is over: back at the portal, it asks for sign-in.
		await page.goto('/settings')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings')
	})
	test("'Access Denied' signs out to /login, not to single sign-on", async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signIn(page, email, password)
		// The account API refuses the user's registrations once, as it does a user id not the token's.
		const fault = await request.post('/_emulator/faults', {
			headers: EMULATOR_ADMIN_HEADERS,
			data: { path: '/account/users/', method: 'GET', mode: 'status', status: 403, message: 'Access Denied', times: 1 },
		})
		expect(fault.ok()).toBe(true)

		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Gear' }).click()
		await expect(page).toHaveURL('/login?redirectTo=%2Fgear')
		await expect(page.getByText('Something went wrong')).toHaveCount(0)
		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
	})
})

test('a page that words an upstream refusal its own way still ends the session: a checkout the cloud API refuses for an expired token', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await page.goto('/cloud/memberships/annual')
	// The cloud API refuses the checkout's call as it does an id token past its life; the memberships
	// page words a refused checkout itself ("could not start the checkout"), not through the session's errors.
	const fault = await request.post('/_emulator/faults', {
		headers: EMULATOR_ADMIN_HEADERS,
		data: {
			path: '/cloud/api/token/',
			method: 'POST',
			mode: 'status',
			status: 401,
			message: 'Token has expired.',
			times: 1,
		},
	})
	expect(fault.ok()).toBe(true)
	await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Buy Pro' }).click()
	await expect(page).toHaveURL(/^[^?]*\/login\?redirectTo=%2Fcloud%2Fmemberships%2Fannual/)
	await expect(toast(page)).toContainText('Token has expired. Please login again.')
	await page.goto('/cloud/account')
	await expect(page).toHaveURL('/login?redirectTo=%2Fcloud%2Faccount')
})
