import { accountTest as test, DEMO, formPost, uniqueEmail } from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Sign-up (spec 1 §4, §5, §8): the email is looked up first and decides the
 * way on (a new account, the 'Email Address Already Exists' dialog, migration
 * or activation); the create step checks every field. The full sign-up →
 * activation → sign-in journey is in signup.spec.ts.
 */
test.describe('sign-up: where the email leads', () => {
	test('an active account’s email opens the ‘Email Address Already Exists’ dialog, which offers sign-in', async ({
		page,
	}) => {
		await page.goto('/signup')
		await page.getByLabel('Email').fill(DEMO.customer.email)
		await page.getByRole('button', { name: 'Continue' }).click()

		const dialog = page.getByRole('alertdialog', { name: 'Email Address Already Exists' })
		await expect(dialog).toBeVisible()
		await expect(dialog).toContainText('An account with this email address already exists. Please log in.')
		await expect(page).toHaveURL('/signup')
		// No account was made and no step taken: the form is still the email step.
		await expect(page.getByLabel('First name')).toHaveCount(0)

		await dialog.getByRole('link', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`/login?email=${encodeURIComponent(DEMO.customer.email)}`)
		// Exact: while the sign-in page replaces the sign-up, the dialog's title holds the word too.
		await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.customer.email)
	})

	test('a legacy address goes to /migration with the ‘previously registered’ notice', async ({ page }) => {
		await page.goto('/signup')
		await page.getByLabel('Email').fill(DEMO.legacy.email)
		await page.getByRole('button', { name: 'Continue' }).click()

		await expect(page).toHaveURL(`/migration?email=${encodeURIComponent(DEMO.legacy.email)}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reactivate your account')
		await expect(
			page
				.getByRole('main')
				.getByText(
					'This email address was registered on our previous portal. Set a new password to reactivate your account.',
				),
		).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveValue(DEMO.legacy.email)
		await expect(page.getByLabel('New password')).toBeVisible()
	})

	test('an address that signed up but never activated goes to /activation', async ({ page }) => {
		await page.goto('/signup')
		await page.getByLabel('Email').fill(DEMO.unactivated.email)
		await page.getByRole('button', { name: 'Continue' }).click()

		await expect(page).toHaveURL(`/activation?email=${encodeURIComponent(DEMO.unactivated.email)}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activate your account')
		await expect(page.getByText('Step 2 of 5')).toBeVisible()
		await expect(page.getByLabel('Activation code')).toBeVisible()
		await expect(page.getByRole('textbox', { name: 'Email' }).first()).toHaveValue(DEMO.unactivated.email)
	})

	test('a new address goes on to the create step, and ‘Use another email address’ goes back', async ({ page }) => {
		const email = uniqueEmail()
		await page.goto('/signup')
		await expect(page.getByText('Step 1 of 5')).toBeVisible()
		await page.getByLabel('Email').fill(email)
		await page.getByRole('button', { name: 'Continue' }).click()

		await expect(page.getByLabel('First name')).toBeVisible()
		await expect(page.getByRole('main')).toContainText(`Email: ${email}`)
		await page.getByRole('button', { name: 'Use another email address' }).click()
		await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
		await expect(page.getByLabel('First name')).toHaveCount(0)
	})
})

test.describe('sign-up: bad input', () => {
	test('the email step: a missing or malformed email is told, kept and answered with 400', async ({
		page,
		request,
	}) => {
		await page.goto('/signup')
		const submitted = formPost(page, '/signup')
		await page.getByRole('button', { name: 'Continue' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('Email is required')).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')

		await page.getByLabel('Email').fill('not-an-email')
		const again = formPost(page, '/signup')
		await page.getByRole('button', { name: 'Continue' }).click()
		expect((await again).status()).toBe(400)
		await expect(page.getByText('Invalid email')).toBeVisible()
		await expect(page.getByLabel('Email')).toHaveValue('not-an-email')

		for (const email of ['', 'not-an-email']) {
			const response = await request.post('/signup', { form: { intent: 'verify', email }, maxRedirects: 0 })
			expect(response.status()).toBe(400)
		}
	})

	test('the create step: every field says what is wrong, keeps what was typed but the passwords, and answers 400', async ({
		page,
		request,
		javaScript,
	}) => {
		const email = uniqueEmail()
		await page.goto('/signup')
		await page.getByLabel('Email').fill(email)
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByLabel('First name')).toBeVisible()

		// Nothing filled in.
		let submitted = formPost(page, '/signup')
		await page.getByRole('button', { name: 'Create account' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('First name is required')).toBeVisible()
		await expect(page.getByText('Last name is required')).toBeVisible()
		await expect(page.getByText('Password is required')).toBeVisible()
		// Issue 21: empty password fields are required, never 'Passwords don’t match.'
		await expect(page.getByText('Please enter the password again to confirm it')).toBeVisible()
		await expect(page.getByText('Passwords don’t match.')).toHaveCount(0)
		await expect(page.getByText('Please agree to the terms of use and privacy policy.')).toBeVisible()

		// Names given; a weak password, a confirmation that differs, terms still not agreed.
		await page.getByLabel('First name').fill('Robin')
		await page.getByLabel('Last name').fill('Drummer')
		await page.getByLabel('Password', { exact: true }).fill('weak')
		await page.getByLabel('Confirm password').fill('different')
		submitted = formPost(page, '/signup')
		await page.getByRole('button', { name: 'Create account' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(
			page.getByText(
				'Use at least 8 half-width letters, numbers or symbols, with at least one lowercase letter, one uppercase letter and one number.',
			),
		).toBeVisible()
		// Every error at once: the cross-field rule does not wait for the other fields to pass.
		await expect(page.getByText('Passwords don’t match.')).toBeVisible()
		await expect(page.getByText('Please agree to the terms of use and privacy policy.')).toBeVisible()
		await expect(page.getByText('First name is required')).toHaveCount(0)
		await expect(page.getByLabel('First name')).toHaveValue('Robin')
		await expect(page.getByLabel('Last name')).toHaveValue('Drummer')
		if (!javaScript) {
			// The page came back from the server, which never sends a password back.
			await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
			await expect(page.getByLabel('Confirm password')).toHaveValue('')
		}

		// A good password that the confirmation does not match.
		await page.getByLabel('Password', { exact: true }).fill('Secret1234')
		await page.getByLabel('Confirm password').fill('Secret12345')
		await page.getByLabel('I agree to the terms of use and privacy policy').check()
		submitted = formPost(page, '/signup')
		await page.getByRole('button', { name: 'Create account' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('Passwords don’t match.')).toBeVisible()
		await expect(page.getByLabel('I agree to the terms of use and privacy policy')).toBeChecked()
		await expect(page).toHaveURL('/signup')

		// Japanese accounts need the phonetic names too; their fields come with the language.
		await expect(page.getByLabel('First name (phonetic)')).toHaveCount(0)
		await page.getByLabel('Language and region').selectOption('ja-JP')
		await page.getByLabel('Password', { exact: true }).fill('Secret1234')
		await page.getByLabel('Confirm password').fill('Secret1234')
		submitted = formPost(page, '/signup')
		await page.getByRole('button', { name: 'Create account' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('Phonetic first name is required')).toBeVisible()
		await expect(page.getByText('Phonetic last name is required')).toBeVisible()
		await expect(page.getByLabel('First name (phonetic)')).toBeVisible()
		await expect(page.getByLabel('Language and region')).toHaveValue('ja-JP')

		// The same answers without a browser: 400, and the password is not in the page.
		const fields = {
			intent: 'create',
			email,
			firstName: 'Robin',
			lastName: 'Drummer',
			cultureCode: 'en-US',
			country: 'US',
		}
		for (const bad of [
			{ ...fields, firstName: '', password: 'Secret1234', passwordConfirm: 'Secret1234', agreeToTerms: 'on' },
			{ ...fields, lastName: '', password: 'Secret1234', passwordConfirm: 'Secret1234', agreeToTerms: 'on' },
			{ ...fields, password: 'Weakpass', passwordConfirm: 'Weakpass', agreeToTerms: 'on' },
			{ ...fields, password: 'Secret1234', passwordConfirm: 'Secret9999', agreeToTerms: 'on' },
			{ ...fields, password: 'Secret1234', passwordConfirm: 'Secret1234' },
			{ ...fields, email: 'not-an-email', password: 'Secret1234', passwordConfirm: 'Secret1234', agreeToTerms: 'on' },
			{ ...fields, cultureCode: 'xx-XX', password: 'Secret1234', passwordConfirm: 'Secret1234', agreeToTerms: 'on' },
			{ ...fields, country: 'Narnia', password: 'Secret1234', passwordConfirm: 'Secret1234', agreeToTerms: 'on' },
			{ ...fields, cultureCode: 'ja-JP', password: 'Secret1234', passwordConfirm: 'Secret1234', agreeToTerms: 'on' },
		] as Record<string, string>[]) {
			const response = await request.post('/signup', { form: bad, maxRedirects: 0 })
			expect(response.status(), JSON.stringify(bad)).toBe(400)
			expect(await response.text()).not.toContain('Secret1234')
		}
		// None of them made an account.
		const type = await request.get(`/_emulator/account/accountType?email=${encodeURIComponent(email)}`)
		expect(await type.json()).toEqual({ accountType: 'new' })
	})
})
