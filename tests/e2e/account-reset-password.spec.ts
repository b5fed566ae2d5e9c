import type { Page } from '@playwright/test'
import {
	accountTest as test,
	createAccount,
	formPost,
	latestCode,
	mailTo,
	signIn,
	signInError,
	toast,
	uniqueEmail,
} from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Password reset (spec 1 §4, §8): request a code (the same answer whatever
 * the email), then the code and a new password. The expired code is in
 * account.clock.spec.ts.
 */

const SENT = 'If that account exists in our system, a link to reset your password has been sent...'

async function requestReset(page: Page, email: string) {
	await page.goto('/reset-password')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send reset code' }).click()
	await expect(page).toHaveURL(`/reset-password?${new URLSearchParams({ email, sent: '1' })}`)
	await expect(toast(page)).toContainText(SENT)
	await expect(page.getByRole('heading', { name: 'Enter the code and a new password' })).toBeVisible()
}

async function submitConfirm(page: Page) {
	const submitted = formPost(page, '/reset-password')
	await page.getByRole('button', { name: 'Set new password' }).click()
	return (await submitted).status()
}

test.describe('reset password', () => {
	test('request, the mailed code, a new password: the new one signs in, the old one no longer does', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await requestReset(page, email)
		const [mail] = await mailTo(request, email)
		expect(mail?.subject).toBe('Reset your password')
		const code = await latestCode(request, email)

		await expect(page.getByLabel('Email')).toHaveValue(email)
		// A wrong code first.
		await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
		await page.getByLabel('New password', { exact: true }).fill('Changed1234')
		await page.getByLabel('Confirm new password').fill('Changed1234')
		expect(await submitConfirm(page)).toBe(400)
		await expect(page.getByRole('main').getByRole('alert')).toHaveText(
			'Invalid verification code provided, please try again.',
		)

		await page.getByLabel('Code').fill(code)
		await page.getByLabel('New password', { exact: true }).fill('Changed1234')
		await page.getByLabel('Confirm new password').fill('Changed1234')
		await page.getByRole('button', { name: 'Set new password' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
		await expect(toast(page)).toContainText('Your password has been reset. Please log in.')

		await expect(await signInError(page, email, password)).toHaveText('Incorrect username or password.')
		await signIn(page, email, 'Changed1234')
	})

	test('an unknown email gets the same answer, and no mail is sent', async ({ page, request }) => {
		const unknown = uniqueEmail('nobody')
		await requestReset(page, unknown)
		expect(await mailTo(request, unknown)).toEqual([])
	})

	test('the mailed link opens the second step with the email and code filled in', async ({ page, request }) => {
		const { email } = await createAccount(page, request)
		await requestReset(page, email)
		const [mail] = await mailTo(request, email)
		await page.goto(mail!.link!)
		await expect(page.getByLabel('Email')).toHaveValue(email)
		await expect(page.getByLabel('Code')).toHaveValue(mail!.code!)
		await page.getByLabel('New password', { exact: true }).fill('Linked1234')
		await page.getByLabel('Confirm new password').fill('Linked1234')
		await page.getByRole('button', { name: 'Set new password' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
		await signIn(page, email, 'Linked1234')
	})

	test('bad input on both steps is told, kept (not the passwords) and answered with 400', async ({
		page,
		request,
		javaScript,
	}) => {
		await page.goto('/reset-password')
		let submitted = formPost(page, '/reset-password')
		await page.getByRole('button', { name: 'Send reset code' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('Email is required')).toBeVisible()

		await page.getByLabel('Email').fill('robin@@example.com')
		submitted = formPost(page, '/reset-password')
		await page.getByRole('button', { name: 'Send reset code' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('Invalid email')).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveValue('robin@@example.com')

		// The second step, opened without an email.
		await page.goto('/reset-password?sent=1')
		expect(await submitConfirm(page)).toBe(400)
		await expect(page.getByText('Email is required')).toBeVisible()
		await expect(page.getByText('Code is required')).toBeVisible()
		await expect(page.getByText('Password is required')).toBeVisible()
		// Issue 21: empty password fields are required, never 'Passwords don’t match.'
		await expect(page.getByText('Please enter the password again to confirm it')).toBeVisible()
		await expect(page.getByText('Passwords don’t match.')).toHaveCount(0)

		await page.getByLabel('Email').fill('robin@example.com')
		await page.getByLabel('Code').fill('123456')
		await page.getByLabel('New password', { exact: true }).fill('short')
		await page.getByLabel('Confirm new password').fill('short')
		expect(await submitConfirm(page)).toBe(400)
		await expect(
			page.getByText(
				'Use at least 8 half-width letters, numbers or symbols, with at least one lowercase letter, one uppercase letter and one number.',
			),
		).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveValue('robin@example.com')
		await expect(page.getByLabel('Code')).toHaveValue('123456')
		if (!javaScript) await expect(page.getByLabel('New password', { exact: true })).toHaveValue('')

		await page.getByLabel('New password', { exact: true }).fill('Secret1234')
		await page.getByLabel('Confirm new password').fill('Secret4321')
		expect(await submitConfirm(page)).toBe(400)
		await expect(page.getByText('Passwords don’t match.')).toBeVisible()

		for (const form of [
			{ intent: 'request', email: '' },
			{ intent: 'request', email: 'robin@@example.com' },
			{ intent: 'confirm', email: '', code: '123456', password: 'Secret1234', passwordConfirm: 'Secret1234' },
			{
				intent: 'confirm',
				email: 'robin@example.com',
				code: '',
				password: 'Secret1234',
				passwordConfirm: 'Secret1234',
			},
			{ intent: 'confirm', email: 'robin@example.com', code: '123456', password: 'secret', passwordConfirm: 'secret' },
			{
				intent: 'confirm',
				email: 'robin@example.com',
				code: '123456',
				password: 'Secret1234',
				passwordConfirm: 'Secret4321',
			},
		] as Record<string, string>[]) {
			const response = await request.post('/reset-password', { form, maxRedirects: 0 })
			expect(response.status(), JSON.stringify(form)).toBe(400)
			expect(await response.text()).not.toContain('Secret1234')
		}
	})
})
