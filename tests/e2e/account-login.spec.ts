import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, DEMO, formPost, logIn, signIn, uniqueEmail } from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Sign-in (spec 1 §8, spec 2 §4): what each failure says, the attempt limit,
 * the 'Login Attempt Unsuccessful' dialog, the remembered target, bad input
 * and the Japanese catalogue.
 */

/** Sends the sign-in form as it is and answers the status of its POST. */
async function submitLogin(page: Page) {
	const submitted = formPost(page, '/login')
	await page.getByRole('button', { name: 'Log in' }).click()
	return (await submitted).status()
}

const formError = (page: Page) => page.getByRole('main').getByRole('alert')

test.describe('sign-in errors', () => {
	test('a wrong password says ‘Incorrect username or password.’, keeps the email, and the right one still signs in', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await page.goto('/login')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill('Wrong1234')
		expect(await submitLogin(page)).toBe(400)
		await expect(formError(page)).toHaveText('Incorrect username or password.')
		await expect(page.getByLabel('Email')).toHaveValue(email)
		if (!javaScript) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
		await expect(page.getByRole('alertdialog')).toHaveCount(0)

		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL('/')
	})

	test('an account that was never activated says so and links to activation', async ({ page }) => {
		await page.goto('/login')
		await page.getByLabel('Email').fill(DEMO.unactivated.email)
		await page.getByLabel('Password', { exact: true }).fill(DEMO.unactivated.password)
		expect(await submitLogin(page)).toBe(400)
		await expect(formError(page)).toHaveText('Account has not been activated.')

		await page.getByRole('main').getByRole('link', { name: 'Activate your account' }).click()
		await expect(page).toHaveURL(`/activation?email=${encodeURIComponent(DEMO.unactivated.email)}`)
		await expect(page.getByRole('textbox', { name: 'Email' }).first()).toHaveValue(DEMO.unactivated.email)
		await expect(page.getByLabel('Activation code')).toBeVisible()
	})

	test('after five failures the attempt limit holds, even for the right password', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await page.goto('/login')
		await page.getByLabel('Email').fill(email)
		for (let attempt = 1; attempt <= 5; attempt++) {
			await page.getByLabel('Password', { exact: true }).fill(`Wrong${attempt}234`)
			expect(await submitLogin(page)).toBe(400)
			await expect(formError(page)).toHaveText('Incorrect username or password.')
		}
		await page.getByLabel('Password', { exact: true }).fill(password)
		expect(await submitLogin(page)).toBe(429)
		await expect(formError(page)).toHaveText('Attempt limit exceeded. Please try again later.')
		await expect(page).toHaveURL('/login')

		// A new visitor is not let in either: the limit is the account's.
		await page.context().clearCookies()
		await logIn(page, email, password)
		await expect(formError(page)).toHaveText('Attempt limit exceeded. Please try again later.')
	})

	test('repeated failures open the ‘Login Attempt Unsuccessful’ dialog, offering reset password or a new account', async ({
		page,
	}) => {
		const email = uniqueEmail('nobody')
		await page.goto('/login')
		const dialog = page.getByRole('alertdialog', { name: 'Login Attempt Unsuccessful' })
		for (let attempt = 1; attempt <= 3; attempt++) {
			await expect(dialog).toHaveCount(0)
			await page.getByLabel('Email').fill(email)
			await page.getByLabel('Password', { exact: true }).fill('Wrong1234')
			expect(await submitLogin(page)).toBe(400)
			await expect(formError(page)).toHaveText('Incorrect username or password.')
		}
		await expect(dialog).toBeVisible()
		await expect(dialog).toContainText(
			'We could not log you in. You can reset your password, create an account, or try again.',
		)
		// The form stays, to try again.
		await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()

		// The session remembers it: the page shows it again.
		await page.goto('/login')
		await expect(dialog).toBeVisible()
		await dialog.getByRole('link', { name: 'Reset password' }).click()
		await expect(page).toHaveURL('/reset-password')
		await page.goto('/login')
		await dialog.getByRole('link', { name: 'Create account' }).click()
		await expect(page).toHaveURL('/signup')
	})
})

test('a signed-out visit to a screen remembers it through sign-in', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	// The main brand's portal, whose support screen has the order status tab.
	await page.goto('/login?theme=main')
	await page.goto('/support/order_status')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsupport%2Forder_status')
	await expect(page.getByText('After you log in you will return to the page you asked for.')).toBeVisible()
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/support/order_status')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support')
	await expect(
		page.getByRole('navigation', { name: 'Sections of this page' }).getByRole('link', { name: 'Order Status' }),
	).toHaveAttribute('aria-current', 'page')
	// Signed in, /login sends the user on instead of showing the form.
	await page.goto('/login?redirectTo=%2Fsettings%2Fprofile')
	await expect(page).toHaveURL('/settings/profile')
	await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email)
})

test('sign-in lands on the account home, which shows who is signed in and links to each area', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request, { firstName: 'Robin', lastName: 'Keys' })
	await signIn(page, email, password)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account')
	const account = page.getByRole('region', { name: 'Signed in as' })
	await expect(account).toContainText(email)
	await expect(account).toContainText('Robin')
	await expect(account).toContainText('Keys')
	// Spec 1 §2: the home shows no tabs; a tabbed screen shows them as a navigation of links.
	const tabBar = page.getByRole('navigation', { name: 'Sections of this page' })
	await expect(tabBar).toHaveCount(0)
	await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'My Gear' }).click()
	await expect(page).toHaveURL('/gear')
	await expect(tabBar.getByRole('link')).toHaveText(['My Gear', 'Register a Product'])
	await expect(tabBar.getByRole('link', { name: 'My Gear' })).toHaveAttribute('aria-current', 'page')
})

test('a remembered target outside the portal is not followed', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	await page.goto('/login?redirectTo=%2F%2Fevil.example%2Fphish')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/')
})

test('sign-in: bad input is told, kept and answered with 400', async ({ page, request }) => {
	await page.goto('/login')
	expect(await submitLogin(page)).toBe(400)
	await expect(page.getByText('Email is required')).toBeVisible()
	await expect(page.getByText('Password is required')).toBeVisible()

	await page.getByLabel('Email').fill('robin.example.com')
	await page.getByLabel('Password', { exact: true }).fill('Secret1234')
	expect(await submitLogin(page)).toBe(400)
	await expect(page.getByText('Invalid email')).toBeVisible()
	await expect(page.getByText('Password is required')).toHaveCount(0)
	await expect(page.getByLabel('Email')).toHaveValue('robin.example.com')

	for (const form of [
		{ email: '', password: '' },
		{ email: 'robin.example.com', password: 'Secret1234' },
		{ email: 'robin@example.com', password: '' },
	] as Record<string, string>[]) {
		const response = await request.post('/login', { form, maxRedirects: 0 })
		expect(response.status(), JSON.stringify(form)).toBe(400)
		if (form.password) expect(await response.text()).not.toContain(form.password)
	}
})

test.describe('in Japanese', () => {
	test('a validation message and a sign-in error come from the Japanese catalogue', async ({ page }) => {
		await page.goto('/login?culture_code=ja-JP')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('ログイン')
		const submitted = formPost(page, '/login')
		await page.getByRole('button', { name: 'ログイン' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('メールアドレスを入力してください')).toBeVisible()
		await expect(page.getByText('パスワードを入力してください')).toBeVisible()

		await page.getByLabel('メールアドレス').fill(uniqueEmail('nobody'))
		await page.getByLabel('パスワード', { exact: true }).fill('Wrong1234')
		await page.getByRole('button', { name: 'ログイン' }).click()
		await expect(formError(page)).toHaveText('ユーザー名またはパスワードが正しくありません。')
		await expect(page.getByText('Incorrect username or password.')).toHaveCount(0)
	})
})
