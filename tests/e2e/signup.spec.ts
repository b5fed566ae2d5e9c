import type { APIRequestContext, Page } from '@playwright/test'
import { createAccount, fillSignUp, latestCode, logIn, toast, uniqueEmail } from './account.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

const interests = (page: Page) => page.getByRole('group', { name: 'Choose what interests you' })

/** The temporary data calls the emulated account API received for this account (its request log). */
async function temporaryDataCalls(request: APIRequestContext, email: string) {
	const response = await request.get(`/_emulator/requests.json?email=${encodeURIComponent(email)}`)
	const calls = (await response.json()) as { method: string; path: string }[]
	return calls
		.filter((call) => call.path.includes('/temporaryData/'))
		.map((call) => `${call.method} ${call.path.replace(/\/temporaryData\/[^/]+\//, '/temporaryData/{id}/')}`)
}

test('sign-up, activation, the first sign-in, product interest (step 4), finish (step 5), sign-out', async ({
	page,
	request,
	javaScript,
}) => {
	// The whole journey, with two accessibility scans: longer than one screen's test.
	test.slow()
	const { email, password } = await createAccount(page, request, {
		firstName: 'Robin',
		lastName: 'Drummer',
		keepFlow: true,
	})
	await expect(page.getByText('Your account has been activated. Please log in.')).toBeVisible()
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()

	// Step 4: the interests of the master list, saved as the settings tab saves them.
	await expect(page).toHaveURL('/signup/interests')
	await expect(page.getByText('Step 4 of 5')).toBeVisible()
	await expect(interests(page).getByRole('checkbox')).toHaveCount(12)
	if (javaScript) await expectAccessible(page)
	await interests(page).getByRole('checkbox', { name: 'Pianos' }).check()
	await interests(page).getByRole('checkbox', { name: 'Vocals' }).check()
	await page.getByRole('button', { name: 'Save and continue' }).click()

	// Step 5: the account is ready; registering a product is offered.
	await expect(page).toHaveURL('/signup/finish')
	await expect(toast(page)).toContainText('Updated.')
	await expect(page.getByText('Step 5 of 5')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Register a product' })).toBeVisible()
	if (javaScript) await expectAccessible(page)
	await page.getByRole('button', { name: 'Go to my account' }).click()
	await expect(page).toHaveURL('/')

	// The flow is over: its pages send the user on; the interests were saved.
	await page.goto('/signup/finish')
	await expect(page).toHaveURL('/')
	await page.goto('/signup/interests')
	await expect(page).toHaveURL('/settings/interests')
	await expect(interests(page).getByRole('checkbox', { name: 'Pianos' })).toBeChecked()
	await expect(interests(page).getByRole('checkbox', { name: 'Vocals' })).toBeChecked()
	await expect(interests(page).getByRole('checkbox', { name: 'Amplifiers' })).not.toBeChecked()

	await page.goto('/settings/profile')
	const profile = page.getByRole('region', { name: 'Profile' })
	await expect(profile).toContainText('Robin')
	await expect(profile).toContainText(email)

	await page.goto('/settings/settings')
	await page.getByRole('button', { name: 'Log out', exact: true }).click()
	await expect(page).toHaveURL('/login')
	await expect(page.getByText('You have been logged out.')).toBeVisible()

	// Later sign-ins go where they were going: the flow ran once.
	await logIn(page, email, password)
	await expect(page).toHaveURL('/')
})

test('signing up from a deep link comes back to it after step 5 (RedirectPathAfterSignup)', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('deeplink')
	const password = 'Secret1234'
	await page.goto('/settings/profile')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')
	await page.getByRole('link', { name: 'New here? Create an account' }).click()
	await expect(page).toHaveURL('/signup?redirectTo=%2Fsettings%2Fprofile')
	await fillSignUp(page, { email, password, firstName: 'Kim', lastName: 'Bassist' })
	await page.getByLabel('Activation code').fill(await latestCode(request, email))
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(/\/login\?email=/)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()

	await expect(page).toHaveURL('/signup/interests')
	await page.getByRole('button', { name: 'Skip for now' }).click()
	await expect(page).toHaveURL('/signup/finish')
	await page.getByRole('button', { name: 'Continue to the page you were visiting' }).click()
	await expect(page).toHaveURL('/settings/profile')
	await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Kim')

	// The page was kept upstream under the new account and deleted once used; nothing was saved by skipping.
	expect(await temporaryDataCalls(request, email)).toEqual([
		'GET /account/temporaryData/{id}/RedirectPathAfterSignup',
		'GET /account/temporaryData/{id}/RedirectPathAfterSignup',
		'DELETE /account/temporaryData/{id}/RedirectPathAfterSignup',
	])
})
