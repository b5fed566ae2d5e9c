import { devices, type Page } from '@playwright/test'
import {
	accountTest as test,
	advanceClock,
	createAccount,
	DEFAULT_TOKEN_LIFETIMES,
	DEMO,
	formPost,
	latestCode,
	restoreEmulatorTime,
	setTokenLifetimes,
	signIn,
	signInError,
	signInAfterActivation,
	signUpWithoutActivating,
	toast,
} from './account.ts'
import { expect } from './fixtures.ts'

/**
 * Account journeys that move the emulator's clock or shorten its token
 * lifetimes: they change the world for every test, so they run after the
 * others, one at a time, and put the clock and lifetimes back after each.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await restoreEmulatorTime(request)
})

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const profile = (page: Page) => page.getByRole('region', { name: 'Profile' })
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Sections of this page' })

test('an expired activation code says so and offers a new one, which activates', async ({ page, request }) => {
	const { email, password } = await signUpWithoutActivating(page)
	const expiredCode = await latestCode(request, email)
	await advanceClock(request, 25 * HOUR)

	const confirm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Activate' }) })
	await confirm.getByLabel('Activation code').fill(expiredCode)
	const submitted = formPost(page, '/activation')
	await page.getByRole('button', { name: 'Activate' }).click()
	expect((await submitted).status()).toBe(400)
	await expect(confirm.getByRole('alert')).toHaveText('This activation code has expired. Request a new one below.')

	const resend = page.getByRole('region', { name: 'Did not get the code?' })
	await expect(resend.getByLabel('Email')).toHaveValue(email)
	await resend.getByRole('button', { name: 'Send a new code' }).click()
	await expect(toast(page)).toContainText('A new activation code has been sent.')
	const newCode = await latestCode(request, email)

	await confirm.getByLabel('Email').fill(email)
	await confirm.getByLabel('Activation code').fill(newCode)
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`)
	await expect(toast(page)).toContainText('Your account has been activated. Please log in.')
	await signInAfterActivation(page, email, password)
})

test('an expired reset code says the request has expired; the old password stays', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	await page.goto('/reset-password')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send reset code' }).click()
	await expect(page.getByRole('heading', { name: 'Enter the code and a new password' })).toBeVisible()
	const code = await latestCode(request, email)
	await advanceClock(request, 2 * HOUR)

	await page.getByLabel('Code').fill(code)
	await page.getByLabel('New password', { exact: true }).fill('Changed1234')
	await page.getByLabel('Confirm new password').fill('Changed1234')
	const submitted = formPost(page, '/reset-password')
	await page.getByRole('button', { name: 'Set new password' }).click()
	expect((await submitted).status()).toBe(400)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText(
		'Your request has been expired. Please request a reset password again.',
	)
	// Back to the request, the email kept.
	await expect(page.getByRole('button', { name: 'Send reset code' })).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue(email)

	await expect(await signInError(page, email, 'Changed1234')).toHaveText('Incorrect username or password.')
	await signIn(page, email, password)
})

test('an id token about to expire is refreshed without the user noticing', async ({ page, request }) => {
	// Tokens shorter than the 600 s refresh margin: every request of the session refreshes them.
	await setTokenLifetimes(request, { idTokenSeconds: 30, accessTokenSeconds: 30 })
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)

	// The tokens of the sign-in are long dead at the account API.
	await advanceClock(request, 2 * MINUTE)
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
	await expect(page).toHaveURL('/settings')
	await expect(profile(page)).toContainText(email)

	// And so are the refreshed ones, a while later: the user keeps navigating, signed in.
	await advanceClock(request, 2 * MINUTE)
	await tabs(page).getByRole('link', { name: 'Settings' }).click()
	await expect(page).toHaveURL('/settings/settings')
	await advanceClock(request, 2 * MINUTE)
	await tabs(page).getByRole('link', { name: 'Profile' }).click()
	await expect(page).toHaveURL('/settings/profile')
	await expect(profile(page)).toContainText(email)
	await page.reload()
	await expect(profile(page)).toContainText(email)
	await expect(toast(page)).toHaveCount(0)
})

test('an expired refresh token signs the user out to /login, the target remembered, with the token-expired notice', async ({
	page,
	request,
}) => {
	await setTokenLifetimes(request, { idTokenSeconds: 30, accessTokenSeconds: 30, refreshTokenSeconds: 5 })
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await advanceClock(request, 2 * MINUTE)

	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings')
	await expect(toast(page)).toContainText('Token has expired. Please login again.')
	await expect(toast(page)).toHaveAttribute('role', 'alert')

	// Signed out for good: a reload does not bring the session back.
	await page.goto('/settings/profile')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fprofile')

	await setTokenLifetimes(request, DEFAULT_TOKEN_LIFETIMES)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/settings/profile')
	await expect(profile(page)).toContainText(email)
})

test.describe('in a messaging app’s in-app browser', () => {
	test.use({ userAgent: `${devices['Desktop Chrome'].userAgent} Line/13.1.0` })

	test('an expired refresh token goes to single sign-on with the return route saved', async ({ page, request }) => {
		await setTokenLifetimes(request, { idTokenSeconds: 30, accessTokenSeconds: 30, refreshTokenSeconds: 5 })
		const { email, password } = await createAccount(page, request)
		await signIn(page, email, password)
		await advanceClock(request, 2 * MINUTE)

		const documents: string[] = []
		page.on('request', (r) => {
			if (r.isNavigationRequest() && r.frame() === page.mainFrame())
				documents.push(new URL(r.url()).pathname + new URL(r.url()).search)
		})
		await page.goto('/settings/profile')
		await expect(page).toHaveURL(/\/_emulator\/sso\/oauth2\/login\?/)
		expect(documents).toContain('/oauth2/redirect?redirectTo=%2Fsettings%2Fprofile')
		expect(documents.some((d) => d.startsWith('/login'))).toBe(false)

		await setTokenLifetimes(request, DEFAULT_TOKEN_LIFETIMES)
		await page.getByLabel('Email address').fill(email)
		await page.getByLabel('Password').fill(password)
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page).toHaveURL('/settings/profile')
		await expect(profile(page)).toContainText(email)
	})
})

// Not a clock journey: a seeded legacy account migrates once per run, and the
// sign-up tests (which run before these) need them still legacy. Each project
// migrates its own.
test('a seeded legacy account migrates: a new password, the mailed code, then it signs in', async ({
	page,
	request,
	javaScript,
}) => {
	const legacyEmail = javaScript ? DEMO.legacy.email : DEMO.legacySecond.email
	await page.goto('/signup')
	await page.getByLabel('Email').fill(legacyEmail)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page).toHaveURL(`/migration?email=${encodeURIComponent(legacyEmail)}`)

	await page.getByLabel('New password').fill('Renewed1234')
	await page.getByRole('button', { name: 'Reactivate account' }).click()
	await expect(page).toHaveURL(`/activation?email=${encodeURIComponent(legacyEmail)}`)
	await expect(toast(page)).toContainText(`We sent an activation code to ${legacyEmail}. It is valid for 24 hours.`)

	await page.getByLabel('Activation code').fill(await latestCode(request, legacyEmail))
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(`/login?email=${encodeURIComponent(legacyEmail)}`)
	await expect(await signInError(page, legacyEmail, 'Legacy1234')).toHaveText('Incorrect username or password.')
	await signInAfterActivation(page, legacyEmail, 'Renewed1234')
	await page.goto('/settings/profile')
	await expect(profile(page)).toContainText(legacyEmail)
})
