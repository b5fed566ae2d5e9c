import type { Page } from '@playwright/test'
import {
	accountTest as test,
	formPost,
	latestCode,
	mailTo,
	signInAfterActivation,
	signInError,
	signUpWithoutActivating,
	toast,
	uniqueEmail,
} from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Activation (spec 1 §4: registered but not activated; activation by link or
 * by the code typed in; the code can be sent again). Code entry by hand is
 * in signup.spec.ts; the expired code is in account.clock.spec.ts.
 */

const confirmForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: 'Activate' }) })
const resendSection = (page: Page) => page.getByRole('region', { name: 'Did not get the code?' })

test.describe('activation', () => {
	test('the mailed link opens a page whose button activates; opening the link alone does not', async ({
		page,
		context,
		request,
	}) => {
		const { email, password } = await signUpWithoutActivating(page)
		const [mail] = await mailTo(request, email)
		expect(mail?.subject).toBe('Activate your account')
		expect(mail?.link).toContain('/activation?')

		// A mail scanner fetches the link; then the user opens it.
		expect((await request.get(mail!.link!)).status()).toBe(200)
		await page.goto(mail!.link!)
		await expect(page.getByText(`Activate the account for ${email}?`)).toBeVisible()
		await expect(page.getByLabel('Activation code')).toHaveCount(0)

		// Neither made the account active.
		const other = await context.newPage()
		await expect(await signInError(other, email, password)).toHaveText('Account has not been activated.')
		await other.close()

		await page.getByRole('button', { name: 'Activate' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
		await expect(toast(page)).toContainText('Your account has been activated. Please log in.')
		await expect(page.getByLabel('Email')).toHaveValue(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		// The first sign-in goes on with the registration flow: product interest, step 4.
		await expect(page).toHaveURL('/signup/interests')
	})

	test('‘Send a new code’ mails a new code, which activates; the old one no longer does', async ({ page, request }) => {
		const { email, password } = await signUpWithoutActivating(page)
		const firstCode = await latestCode(request, email)

		const resend = resendSection(page)
		await expect(resend.getByLabel('Email')).toHaveValue(email)
		await resend.getByRole('button', { name: 'Send a new code' }).click()
		await expect(toast(page)).toContainText('A new activation code has been sent.')
		await expect(page).toHaveURL(`/activation?email=${encodeURIComponent(email)}`)

		const mails = await mailTo(request, email)
		expect(mails).toHaveLength(2)
		let newCode = mails[0]!.code!
		// Codes are random: one in a million repeats the old one, which could then not be shown refused.
		// A few more tries make that vanishingly rare; a portal that always repeats it fails below.
		for (let sent = 3; newCode === firstCode && sent <= 4; sent++) {
			await resend.getByRole('button', { name: 'Send a new code' }).click()
			await expect.poll(async () => (await mailTo(request, email)).length).toBe(sent)
			newCode = await latestCode(request, email)
		}

		await confirmForm(page).getByLabel('Activation code').fill(firstCode)
		const submitted = formPost(page, '/activation')
		await page.getByRole('button', { name: 'Activate' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(confirmForm(page).getByRole('alert')).toHaveText(
			'Invalid verification code provided, please try again.',
		)

		await confirmForm(page).getByLabel('Email').fill(email)
		await confirmForm(page).getByLabel('Activation code').fill(newCode)
		await page.getByRole('button', { name: 'Activate' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
		await signInAfterActivation(page, email, password)
	})

	test('‘Send a new code’ to an unknown address says it was not found', async ({ page, request }) => {
		const unknown = uniqueEmail('nobody')
		await page.goto('/activation')
		const resend = resendSection(page)
		await resend.getByLabel('Email').fill(unknown)
		const submitted = formPost(page, '/activation')
		await resend.getByRole('button', { name: 'Send a new code' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(resend.getByRole('alert')).toHaveText('The given email address was not found.')
		await expect(resend.getByLabel('Email')).toHaveValue(unknown)
		expect(await mailTo(request, unknown)).toEqual([])
	})

	test('bad input on both forms is told, kept and answered with 400', async ({ page, request }) => {
		await page.goto('/activation')
		const confirm = confirmForm(page)

		let submitted = formPost(page, '/activation')
		await page.getByRole('button', { name: 'Activate' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(confirm.getByText('Please input email address and activation code.')).toHaveCount(2)

		await confirm.getByLabel('Email').fill('robin@example.com')
		submitted = formPost(page, '/activation')
		await page.getByRole('button', { name: 'Activate' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(confirm.getByText('Please input email address and activation code.')).toHaveCount(1)
		await expect(confirm.getByLabel('Email')).toHaveValue('robin@example.com')

		await confirm.getByLabel('Email').fill('robin')
		await confirm.getByLabel('Activation code').fill('123456')
		submitted = formPost(page, '/activation')
		await page.getByRole('button', { name: 'Activate' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(confirm.getByText('Invalid email')).toBeVisible()
		await expect(confirm.getByLabel('Email')).toHaveValue('robin')
		await expect(confirm.getByLabel('Activation code')).toHaveValue('123456')

		const resend = resendSection(page)
		await resend.getByLabel('Email').fill('')
		submitted = formPost(page, '/activation')
		await resend.getByRole('button', { name: 'Send a new code' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(resend.getByText('Email is required')).toBeVisible()

		await resend.getByLabel('Email').fill('robin@')
		submitted = formPost(page, '/activation')
		await resend.getByRole('button', { name: 'Send a new code' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(resend.getByText('Invalid email')).toBeVisible()
		await expect(resend.getByLabel('Email')).toHaveValue('robin@')

		for (const form of [
			{ intent: 'confirm', email: '', code: '' },
			{ intent: 'confirm', email: 'robin@example.com', code: '' },
			{ intent: 'confirm', email: 'robin', code: '123456' },
			{ intent: 'resend', email: '' },
			{ intent: 'resend', email: 'robin@' },
		] as Record<string, string>[]) {
			const response = await request.post('/activation', { form, maxRedirects: 0 })
			expect(response.status(), JSON.stringify(form)).toBe(400)
		}
	})
})
