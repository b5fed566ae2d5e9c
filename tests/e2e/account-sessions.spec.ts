import type { Browser } from '@playwright/test'
import { accountTest as test, createAccount, signInDirectly, signInError, toast, visitorAddress } from './account.ts'
import { callsWithTokensOf } from './emulator.ts'
import { expect } from './fixtures.ts'

/**
 * An account's sessions end together (ADR 0034): a password change signs out every browser the
 * account is signed in on, and the settings' 'Log out everywhere' does so on purpose.
 */

/** Another browser, from another address, signed in to the same account. */
async function secondBrowser(
	browser: Browser,
	baseURL: string | undefined,
	javaScript: boolean,
	email: string,
	password: string,
) {
	const context = await browser.newContext({
		baseURL,
		javaScriptEnabled: javaScript,
		extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
	})
	const page = await context.newPage()
	await signInDirectly(page, email, password)
	await page.goto('/settings/profile')
	await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email)
	return { page, close: () => context.close() }
}

test.describe("an account's sessions", () => {
	test('changing the password in one browser signs the other out on its next page', async ({
		page,
		request,
		browser,
		baseURL,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		const other = await secondBrowser(browser, baseURL, javaScript, email, password)

		await page.goto('/settings/password')
		await page.getByLabel('Current password').fill(password)
		await page.getByLabel('New password', { exact: true }).fill('Changed1234')
		await page.getByLabel('Confirm new password').fill('Changed1234')
		await page.getByRole('button', { name: 'Change password' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
		await expect(toast(page)).toContainText('Your password has been changed. Please log in again.')

		// The other browser's tokens are still within their life, but its session is over.
		await other.page.goto('/settings/profile')
		await expect(other.page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
		await other.page.goto('/gear')
		await expect(other.page).toHaveURL(/^[^?]*\/login\?redirectTo=/)

		// The old password is over too; the new one signs in on either.
		await expect(await signInError(other.page, email, password)).toHaveText('Incorrect username or password.')
		await signInDirectly(other.page, email, 'Changed1234')
		await other.page.goto('/settings/profile')
		await expect(other.page.getByRole('region', { name: 'Profile' })).toContainText(email)
		await other.close()
	})

	test("'Log out everywhere' signs out this browser and every other, and revokes the account's tokens upstream", async ({
		page,
		request,
		browser,
		baseURL,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		const other = await secondBrowser(browser, baseURL, javaScript, email, password)

		await page.goto('/settings/settings')
		await expect(
			page.getByText('Logs your account out on every device and browser, this one included.', { exact: false }),
		).toBeVisible()
		await page.getByRole('button', { name: 'Log out everywhere' }).click()
		await expect(page).toHaveURL('/login')
		await expect(toast(page)).toContainText('You have been logged out on every device.')

		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
		await other.page.goto('/settings/profile')
		await expect(other.page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')

		const globalSignOut = (await callsWithTokensOf(request, email)).filter(
			(call) => call.method === 'POST' && call.path === '/sso/oauth2/globalSignOut',
		)
		expect(globalSignOut.map((call) => call.status)).toEqual([200])

		// The account itself is fine: the same password signs in again.
		await signInDirectly(other.page, email, password)
		await other.page.goto('/settings/profile')
		await expect(other.page.getByRole('region', { name: 'Profile' })).toContainText(email)
		await other.close()
	})

	test('a plain log-out ends only its own session', async ({ page, request, browser, baseURL, javaScript }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		const other = await secondBrowser(browser, baseURL, javaScript, email, password)

		await page.goto('/settings/settings')
		await page.getByRole('button', { name: 'Log out', exact: true }).click()
		await expect(page).toHaveURL('/login')
		await expect(toast(page)).toContainText('You have been logged out.')

		await other.page.goto('/settings/profile')
		await expect(other.page.getByRole('region', { name: 'Profile' })).toContainText(email)
		await other.close()
	})
})
