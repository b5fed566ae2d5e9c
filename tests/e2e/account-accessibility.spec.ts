import { accountTest as test, DEMO, logIn, signUpWithoutActivating, uniqueEmail } from './account.ts'
import { expect, expectAccessible } from './fixtures.ts'

/**
 * Axe on the account screens, with their errors and dialogs showing (one project is enough: the
 * markup is the same).
 */
test.describe('accessibility of the account screens', () => {
	test.skip(({ javaScript }) => !javaScript, 'checked once, in the JavaScript project')

	test('/signup: the email step with its errors and dialog, then the create step with its errors', async ({ page }) => {
		await page.goto('/signup')
		await expectAccessible(page)
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByText('Email is required')).toBeVisible()
		await expectAccessible(page)
		await page.getByLabel('Email').fill(DEMO.customer.email)
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByRole('alertdialog', { name: 'Email Address Already Exists' })).toBeVisible()
		await expectAccessible(page)

		await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail())
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByLabel('First name')).toBeVisible()
		await expectAccessible(page)
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByText('First name is required')).toBeVisible()
		await expectAccessible(page)
	})

	test('/activation: from the link, by hand with errors', async ({ page }) => {
		const { email } = await signUpWithoutActivating(page)
		await expectAccessible(page)
		await page.goto(`/activation?email=${encodeURIComponent(email)}&code=123456`)
		await expectAccessible(page)
		await page.goto('/activation')
		await page.getByRole('button', { name: 'Activate' }).click()
		await expect(page.getByText('Please input email address and activation code.').first()).toBeVisible()
		await expectAccessible(page)
	})

	test('/login with errors and the ‘Login Attempt Unsuccessful’ dialog', async ({ page }) => {
		await page.goto('/login')
		await expectAccessible(page)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page.getByText('Email is required')).toBeVisible()
		await expectAccessible(page)
		const email = uniqueEmail('nobody')
		for (let attempt = 1; attempt <= 3; attempt++) {
			await logIn(page, email, 'Wrong1234')
			await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect username or password.')
		}
		await expect(page.getByRole('alertdialog', { name: 'Login Attempt Unsuccessful' })).toBeVisible()
		await expectAccessible(page)
	})

	test('/reset-password: both steps, with errors', async ({ page }) => {
		await page.goto('/reset-password')
		await expectAccessible(page)
		await page.getByRole('button', { name: 'Send reset code' }).click()
		await expect(page.getByText('Email is required')).toBeVisible()
		await expectAccessible(page)
		await page.getByLabel('Email').fill(uniqueEmail('nobody'))
		await page.getByRole('button', { name: 'Send reset code' }).click()
		await expect(page.getByRole('heading', { name: 'Enter the code and a new password' })).toBeVisible()
		await expectAccessible(page)
		await page.getByRole('button', { name: 'Set new password' }).click()
		await expect(page.getByText('Code is required')).toBeVisible()
		await expectAccessible(page)
	})
})
