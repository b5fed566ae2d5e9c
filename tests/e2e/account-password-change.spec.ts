import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, formPost, signInDirectly, signInError, toast } from './account.ts'
import { expect } from './fixtures.ts'

/** Password change (spec 1 §4: it ends the session; the user signs in again, told why). */

async function submitChange(page: Page) {
	const submitted = formPost(page, '/settings/password')
	await page.getByRole('button', { name: 'Change password' }).click()
	return (await submitted).status()
}

async function openPasswordChange(page: Page) {
	await page.goto('/settings/settings')
	await page.getByRole('link', { name: 'Change password' }).click()
	await expect(page).toHaveURL('/settings/password')
	await expect(
		page.getByText('After changing your password you will be logged out on every device and asked to log in again.'),
	).toBeVisible()
}

test.describe('password change', () => {
	test('a wrong current password is refused; a right one changes it, ends the session and the new one signs in', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await openPasswordChange(page)

		await page.getByLabel('Current password').fill('NotMine1234')
		await page.getByLabel('New password', { exact: true }).fill('Changed1234')
		await page.getByLabel('Confirm new password').fill('Changed1234')
		expect(await submitChange(page)).toBe(400)
		await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect current password.')
		await expect(page).toHaveURL('/settings/password')

		await page.getByLabel('Current password').fill(password)
		await page.getByLabel('New password', { exact: true }).fill('Changed1234')
		await page.getByLabel('Confirm new password').fill('Changed1234')
		await page.getByRole('button', { name: 'Change password' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
		await expect(toast(page)).toContainText('Your password has been changed. Please log in again.')
		await expect(page.getByLabel('Email')).toHaveValue(email)

		// The session is over.
		await page.goto('/settings/profile')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')

		await expect(await signInError(page, email, password)).toHaveText('Incorrect username or password.')
		await signInDirectly(page, email, 'Changed1234')
		await page.goto('/settings/profile')
		await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email)
	})

	test('bad input is told and answered with 400; the passwords never come back', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await openPasswordChange(page)

		expect(await submitChange(page)).toBe(400)
		await expect(page.getByText('Current password is required')).toBeVisible()
		await expect(page.getByText('New password is required')).toBeVisible()
		// Issue 21: empty password fields are required, never 'Passwords don’t match.'
		await expect(page.getByText('Please enter the password again to confirm it')).toBeVisible()
		await expect(page.getByText('Passwords don’t match.')).toHaveCount(0)

		await page.getByLabel('Current password').fill(password)
		await page.getByLabel('New password', { exact: true }).fill('alllowercase1')
		await page.getByLabel('Confirm new password').fill('alllowercase1')
		expect(await submitChange(page)).toBe(400)
		await expect(
			page.getByText(
				'Use at least 8 half-width letters, numbers or symbols, with at least one lowercase letter, one uppercase letter and one number.',
			),
		).toBeVisible()
		await expect(page.getByText('Current password is required')).toHaveCount(0)
		if (!javaScript) await expect(page.getByLabel('Current password')).toHaveValue('')

		await page.getByLabel('Current password').fill(password)
		await page.getByLabel('New password', { exact: true }).fill('Changed1234')
		await page.getByLabel('Confirm new password').fill('Changed4321')
		expect(await submitChange(page)).toBe(400)
		await expect(page.getByText('Passwords don’t match.')).toBeVisible()

		// The same through the signed-in browser's session, without the page.
		for (const form of [
			{ currentPassword: '', newPassword: 'Changed1234', newPasswordConfirm: 'Changed1234' },
			{ currentPassword: password, newPassword: '', newPasswordConfirm: '' },
			{ currentPassword: password, newPassword: 'short', newPasswordConfirm: 'short' },
			{ currentPassword: password, newPassword: 'Changed1234', newPasswordConfirm: 'Changed4321' },
		] as Record<string, string>[]) {
			const response = await page.request.post('/settings/password', { form, maxRedirects: 0 })
			expect(response.status(), JSON.stringify(form)).toBe(400)
			expect(await response.text()).not.toContain(password)
		}
		// Still signed in with the old password: nothing was changed.
		await page.goto('/settings/profile')
		await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email)
	})

	test('signed out, the screen and its form send the user to sign in', async ({ page, request }) => {
		await page.goto('/settings/password')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fpassword')
		const response = await request.post('/settings/password', {
			form: { currentPassword: 'Secret1234', newPassword: 'Changed1234', newPasswordConfirm: 'Changed1234' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(302)
		expect(response.headers().location).toBe('/login?redirectTo=%2Fsettings%2Fpassword')
	})
})
