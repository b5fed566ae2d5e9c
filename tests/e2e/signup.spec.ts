import { createAccount, logIn } from './account.ts'
import { expect, test } from './fixtures.ts'

test('sign-up, activation by code, sign-in, the settings page, sign-out', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request, { firstName: 'Robin', lastName: 'Drummer' })
	await expect(page.getByText('Your account has been activated. Please log in.')).toBeVisible()
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/')

	await page.goto('/settings/profile')
	const profile = page.getByRole('region', { name: 'Profile' })
	await expect(profile).toContainText('Robin')
	await expect(profile).toContainText('Drummer')
	await expect(profile).toContainText(email)

	await page.goto('/settings/settings')
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL('/login')
	await expect(page.getByText('You have been logged out.')).toBeVisible()
	await page.goto('/settings/profile')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')

	await logIn(page, email, password)
	await expect(page).toHaveURL('/')
})
