import type { Page } from '@playwright/test'
import { accountTest as test, DEMO, formPost, latestCode, toast, uniqueEmail } from './account.ts'
import { unactivatedAccount } from './emulator.ts'
import { expect } from './fixtures.ts'

/**
 * Migration of an older portal's account (spec 1 §4, §8). The seeded legacy
 * account can migrate once per run, and the sign-up tests need it still
 * legacy: its migration journey is in account.clock.spec.ts, which runs
 * after these.
 */

async function submitMigration(page: Page) {
	const submitted = formPost(page, '/migration')
	await page.getByRole('button', { name: 'Reactivate account' }).click()
	return (await submitted).status()
}

test.describe('migration', () => {
	test('an unknown address gets the ‘User Does Not Exist’ dialog, which offers a new account', async ({ page }) => {
		const email = uniqueEmail('nobody')
		await page.goto('/migration')
		await expect(
			page.getByText(
				'This email address was registered on our previous portal. Set a new password to reactivate your account.',
			),
		).toBeVisible()
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('New password').fill('Renewed1234')
		expect(await submitMigration(page)).toBe(400)

		const dialog = page.getByRole('alertdialog', { name: 'User Does Not Exist' })
		await expect(dialog).toContainText(
			'We could not find an account from the previous portal with this email address. You can create a new account.',
		)
		await expect(page.getByLabel('Email')).toHaveValue(email)
		await dialog.getByRole('link', { name: 'Create account' }).click()
		await expect(page).toHaveURL('/signup')
	})

	// Issue 21: an active account was told it did not exist and sent to a sign-up that refuses its address.
	for (const path of ['/migration', '/app/migration']) {
		test(`${path}: an account that is already active is told so, and offered sign-in and a password reset`, async ({
			page,
		}) => {
			const email = DEMO.customer.email
			await page.goto(path)
			await page.getByLabel('Email').fill(email)
			await page.getByLabel('New password').fill('Renewed1234')
			const submitted = formPost(page, path)
			await page.getByRole('button', { name: 'Reactivate account' }).click()
			expect((await submitted).status()).toBe(400)

			const dialog = page.getByRole('alertdialog', { name: 'Account Already Active' })
			await expect(dialog).toContainText('The account with this email address is already active')
			await expect(page.getByRole('alertdialog', { name: 'User Does Not Exist' })).toHaveCount(0)
			await expect(dialog.getByRole('link', { name: 'Create account' })).toHaveCount(0)
			await expect(dialog.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
				'href',
				`/reset-password?email=${encodeURIComponent(email)}`,
			)
			await dialog.getByRole('link', { name: 'Log in' }).click()
			await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
			await expect(page.getByLabel('Email')).toHaveValue(email)
		})
	}

	// Issue 21: an account signed up but never activated was told it did not exist; sign-up sends such
	// an address to activation, and so does migration now.
	test('an account not activated yet is sent to activation, told why, and activates there', async ({
		page,
		request,
	}) => {
		const { email } = await unactivatedAccount(request, { prefix: 'unactivated', firstName: 'Robin', lastName: 'Late' })
		await page.goto('/migration')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('New password').fill('Renewed1234')
		await page.getByRole('button', { name: 'Reactivate account' }).click()
		await expect(page).toHaveURL(`/activation?${new URLSearchParams({ email })}`)
		await expect(toast(page)).toContainText(
			'This email address already has an account, which has not been activated yet. Enter the activation code we sent you, or ask for a new one.',
		)
		await expect(page.getByRole('alertdialog', { name: 'User Does Not Exist' })).toHaveCount(0)
		await page.getByLabel('Activation code').fill(await latestCode(request, email))
		await page.getByRole('button', { name: 'Activate' }).click()
		await expect(page).toHaveURL(`/login?${new URLSearchParams({ email })}`)
	})

	test('bad input is told, kept (not the password) and answered with 400; the legacy account is left as it was', async ({
		page,
		request,
		javaScript,
	}) => {
		await page.goto(`/migration?email=${encodeURIComponent(DEMO.legacy.email)}`)
		await expect(page.getByLabel('Email')).toHaveValue(DEMO.legacy.email)

		await page.getByLabel('Email').fill('')
		expect(await submitMigration(page)).toBe(400)
		await expect(page.getByText('Email is required')).toBeVisible()
		await expect(page.getByText('Password is required')).toBeVisible()

		await page.getByLabel('Email').fill('legacy.example.com')
		await page.getByLabel('New password').fill('Renewed1234')
		expect(await submitMigration(page)).toBe(400)
		await expect(page.getByText('Invalid email')).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveValue('legacy.example.com')
		if (!javaScript) await expect(page.getByLabel('New password')).toHaveValue('')

		await page.getByLabel('Email').fill(DEMO.legacy.email)
		await page.getByLabel('New password').fill('renewed')
		expect(await submitMigration(page)).toBe(400)
		await expect(
			page.getByText(
				'Use at least 8 half-width letters, numbers or symbols, with at least one lowercase letter, one uppercase letter and one number.',
			),
		).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveValue(DEMO.legacy.email)

		for (const form of [
			{ email: '', password: 'Renewed1234', cultureCode: 'en-US' },
			{ email: 'legacy.example.com', password: 'Renewed1234', cultureCode: 'en-US' },
			{ email: DEMO.legacy.email, password: '', cultureCode: 'en-US' },
			{ email: DEMO.legacy.email, password: 'renewed1234', cultureCode: 'en-US' },
			{ email: DEMO.legacy.email, password: 'Renewed1234', cultureCode: 'xx-XX' },
			{ email: DEMO.legacy.email, password: 'Renewed1234' },
		] as Record<string, string>[]) {
			const response = await request.post('/migration', { form, maxRedirects: 0 })
			expect(response.status(), JSON.stringify(form)).toBe(400)
			if (form.password) expect(await response.text()).not.toContain(form.password)
		}
		const type = await request.get(`/_emulator/account/accountType?email=${encodeURIComponent(DEMO.legacy.email)}`)
		expect(await type.json()).toEqual({ accountType: 'legacy' })
	})
})
