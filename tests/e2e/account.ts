import type { APIRequestContext, Page } from '@playwright/test'
import {
	activatedAccount,
	EMULATOR_ADMIN_HEADERS,
	latestCode,
	mailTo,
	uniqueEmail,
	visitorAddress,
} from './emulator.ts'
import { test as base, expect } from './fixtures.ts'

export { DEMO } from './demo-accounts.ts'
export { latestCode, mailTo, uniqueEmail, visitorAddress }

export async function logIn(page: Page, email: string, password: string) {
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
}

/** Fills both sign-up steps from the open email step and creates the account; ends on /activation. */
export async function fillSignUp(
	page: Page,
	{ email, password, firstName = 'Robin', lastName = 'Drummer' }: SignUpDetails,
) {
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Continue' }).click()
	await page.getByLabel('First name').fill(firstName)
	await page.getByLabel('Last name').fill(lastName)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByLabel('I agree to the terms of use and privacy policy').check()
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page).toHaveURL(/\/activation\?email=/)
}

interface SignUpDetails {
	email: string
	password: string
	firstName?: string | undefined
	lastName?: string | undefined
}

/**
 * A new, activated account; returns its email and password. The browser is not signed in, as if the
 * owner came back another day on another device: their first sign-in goes where it was going, not
 * through the registration flow's steps 4 and 5.
 *
 * Made through the emulated account API, not the sign-up screens: the sign-up journeys test those
 * (tests/e2e/account-signup.spec.ts, signup.spec.ts), and most journeys only need an account.
 * `screens` signs up through the screens in this browser, for journeys where the browser's session
 * matters to the sign-up (a registration card it holds); `keepFlow` also keeps that session, for the
 * journeys that test the registration flow's steps 4 and 5 after the first sign-in.
 */
export async function createAccount(
	page: Page,
	request: APIRequestContext,
	options: { firstName?: string; lastName?: string; screens?: boolean; keepFlow?: boolean } = {},
) {
	const { firstName = 'Robin', lastName = 'Drummer' } = options
	// A visitor of its own: the portal limits what one address may do (30 mails an hour, sign-in
	// attempts), and the suite is far more visitors than that from this one machine.
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
	if (!options.screens && !options.keepFlow) {
		return activatedAccount(request, { prefix: 'owner', firstName, lastName, mailFormatType: 'html' })
	}
	const email = uniqueEmail()
	const password = 'Secret1234'
	await page.goto('/signup')
	await fillSignUp(page, { email, password, firstName, lastName })
	await page.getByLabel('Activation code').fill(await latestCode(request, email))
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(/\/login\?email=/)
	if (!options.keepFlow) await page.context().clearCookies({ name: '__session' })
	return { email, password }
}

/* ---- Helpers of the account lifecycle suite (tests/e2e/account-*.spec.ts, account.clock.spec.ts) ---- */

/**
 * The account suite's test: each test is a visitor from its own address
 * (`test.use({ visitorAddress: '198.51.100.7' })` picks one, e.g. in China).
 */
export const accountTest = base.extend<{ visitorAddress: string }>({
	visitorAddress: [async ({}, use) => use(visitorAddress()), { option: true }],
	// A forwarded address makes no admin of the emulator: its admin calls in these journeys send the token.
	extraHTTPHeaders: async ({ visitorAddress: address }, use) =>
		use({ 'X-Forwarded-For': address, ...EMULATOR_ADMIN_HEADERS }),
})

export const STRONG_PASSWORD = 'Secret1234'

/** Signs up through the screens without activating; ends on /activation. */
export async function signUpWithoutActivating(page: Page, email = uniqueEmail(), password = STRONG_PASSWORD) {
	await page.goto('/signup')
	await fillSignUp(page, { email, password })
	return { email, password }
}

/** Signs in through a fresh /login (no remembered target) and waits until the portal has let the user in, at /. */
export async function signIn(page: Page, email: string, password: string) {
	await logIn(page, email, password)
	await expect(page).toHaveURL('/')
}

/**
 * Signs the page's browser in without its screens: the login form posted as a browser without
 * JavaScript would, through the page's own request context, so the session cookie lands in the
 * browser. For journeys that start signed in; those about signing in use `signIn` or `logIn`.
 */
export async function signInDirectly(page: Page, email: string, password: string) {
	const response = await page.request.post('/login', {
		headers: { 'X-Forwarded-For': visitorAddress() },
		form: { email, password },
		maxRedirects: 0,
	})
	expect(response.status(), `signing in ${email}`).toBe(302)
	expect(response.headers()['location']).toBe('/')
}

/** The first sign-in after activating in this browser: the registration flow goes on at product interest (step 4). */
export async function signInAfterActivation(page: Page, email: string, password: string) {
	await logIn(page, email, password)
	await expect(page).toHaveURL('/signup/interests')
}

/** The form-level error the sign-in page shows after a failed attempt with these credentials. */
export async function signInError(page: Page, email: string, password: string) {
	await logIn(page, email, password)
	const alert = page.getByRole('main').getByRole('alert')
	await expect(alert).toBeVisible()
	return alert
}

/** The toast (snackbar) of the page: role status for news, alert for errors. */
export function toast(page: Page) {
	return page.locator('.toast')
}

/** Moves the emulator's clock (every upstream's idea of now). */
export async function advanceClock(request: APIRequestContext, ms: number) {
	const response = await request.post('/_emulator/clock', { data: { advanceMs: ms }, headers: EMULATOR_ADMIN_HEADERS })
	expect(response.ok()).toBe(true)
}

export const DEFAULT_TOKEN_LIFETIMES = {
	idTokenSeconds: 3600,
	accessTokenSeconds: 3600,
	refreshTokenSeconds: 2_592_000,
} as const

/** Changes the lifetimes of the tokens the emulator issues from now on. */
export async function setTokenLifetimes(
	request: APIRequestContext,
	seconds: Partial<Record<keyof typeof DEFAULT_TOKEN_LIFETIMES, number>>,
) {
	const response = await request.post('/_emulator/tokens/settings', { data: seconds, headers: EMULATOR_ADMIN_HEADERS })
	expect(response.ok()).toBe(true)
}

/** Puts the emulator's clock and token lifetimes back as they were at start. */
export async function restoreEmulatorTime(request: APIRequestContext) {
	expect(
		(await request.post('/_emulator/clock', { data: { offsetMs: 0 }, headers: EMULATOR_ADMIN_HEADERS })).ok(),
	).toBe(true)
	await setTokenLifetimes(request, DEFAULT_TOKEN_LIFETIMES)
}

/**
 * The status of the POST a form submission makes: the document request
 * without JavaScript, the `.data` request with it.
 */
export function formPost(page: Page, path: string) {
	return page.waitForResponse((response) => {
		const url = new URL(response.url())
		return response.request().method() === 'POST' && (url.pathname === path || url.pathname === `${path}.data`)
	})
}

/**
 * A form submission's answer on the page: without JavaScript the page the POST answers; with it the POST's
 * data and then the page's data read again, which React Router waits for before it renders the answer.
 * Call it before the press, as `formPost`.
 */
export async function formAnswered(page: Page, path: string, javaScript: boolean): Promise<void> {
	const reread = javaScript
		? page.waitForResponse(
				(response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `${path}.data`,
			)
		: undefined
	await formPost(page, path)
	await reread
}
