import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, signIn } from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Single sign-on (spec 2 §7: authorize, the sign-on's own page, the token
 * call; a state mismatch is 'Session is invalid') and the help centre's
 * sign-on (spec 2 §2: a signed-out user signs in first, the target remembered).
 */

/** The emulated single sign-on's page, where the user signs in. */
async function signInOnSsoPage(page: Page, email: string, password: string) {
	await expect(page).toHaveURL(/\/_emulator\/sso\/oauth2\/login\b/)
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	await expect(page.getByText('Sign in with your account to continue to the owners portal.')).toBeVisible()
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('single sign-on (/oauth2/redirect)', () => {
	test('signed out, it goes to the sign-on page and back to the remembered target, signed in', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await page.goto('/oauth2/redirect?redirectTo=%2Fsettings%2Fprofile')

		// A wrong password is told on the sign-on's page, which stays.
		await signInOnSsoPage(page, email, 'Wrong1234')
		await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.')

		await signInOnSsoPage(page, email, password)
		await expect(page).toHaveURL('/settings/profile')
		await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email)
		// The code in the address was spent: the session holds the tokens.
		await page.goto('/settings/settings')
		await expect(page.getByRole('button', { name: 'Log out', exact: true })).toBeVisible()
	})

	test('the sign-in page offers it, carrying the remembered target', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
		await page.getByRole('link', { name: 'Log in with single sign-on' }).click()
		await signInOnSsoPage(page, email, password)
		await expect(page).toHaveURL('/settings/profile')
		await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email)
	})

	test('a code and state it did not start (tampered) say ‘Session is invalid’ and sign no one in', async ({ page }) => {
		await page.goto('/oauth2/redirect?code=x&state=y')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing you in')
		await expect(page.getByRole('alert')).toHaveText('Session is invalid')
		await expect(page.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute('href', '/oauth2/redirect')
		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
	})

	test('a state that differs from the one it started is refused too', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		// Start a round trip (the state is kept in this browser), then come back with another state.
		await page.goto('/oauth2/redirect?redirectTo=%2Fsettings%2Fprofile')
		await expect(page).toHaveURL(/\/_emulator\/sso\/oauth2\/login\?/)
		const state = new URL(page.url()).searchParams.get('state')
		expect(state).toBeTruthy()
		await page.goto(`/oauth2/redirect?code=x&state=${encodeURIComponent(`${state}x`)}`)
		await expect(page.getByRole('alert')).toHaveText('Session is invalid')
		await expect(page.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute('href', '/oauth2/redirect')
		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
		// Signing in works as before.
		await signIn(page, email, password)
	})
})

test.describe('help-centre sign-on (/hc/login)', () => {
	test('signed out: sign in first, then the help centre says who is signed in; signed in: straight there', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request, { firstName: 'Robin', lastName: 'Drummer' })
		await page.goto('/hc/login')
		await expect(page).toHaveURL('/login?redirectTo=%2Fhc%2Flogin')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()

		await expect(page).toHaveURL(/\/_emulator\/account\/zendesk\/hc\/access\/jwt\?/)
		await expect(page.getByRole('heading', { name: 'Help Center' })).toBeVisible()
		await expect(page.getByText(`Signed in to the help centre as Robin Drummer (${email}).`)).toBeVisible()

		await page.goto('/hc/login')
		await expect(page).toHaveURL(/\/_emulator\/account\/zendesk\/hc\/access\/jwt\?/)
		await expect(page.getByText(`Signed in to the help centre as Robin Drummer (${email}).`)).toBeVisible()
	})
})
