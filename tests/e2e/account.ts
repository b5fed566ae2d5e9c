import type { APIRequestContext, Page } from '@playwright/test'
import { test as base, expect } from './fixtures.ts'

/** Mail the emulated account API sent to an address, newest first (read through the outbox API). */
export async function mailTo(request: APIRequestContext, email: string) {
	const response = await request.get(`/_emulator/mail.json?to=${encodeURIComponent(email)}`)
	expect(response.ok()).toBe(true)
	return (await response.json()) as {
		to: string
		subject: string
		text: string
		code: string | null
		link: string | null
		sentAt: string
	}[]
}

/** The newest code sent to an address. */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
	const [mail] = await mailTo(request, email)
	expect(mail?.code, `a code mailed to ${email}`).toBeTruthy()
	return mail!.code!
}

/** A fresh address for a test, so tests never share an account. */
export function uniqueEmail(prefix = 'owner'): string {
	return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const DEMO = {
	customer: { email: 'owner@example.com', password: 'Owner1234', firstName: 'Alex', lastName: 'Owner' },
	cloudMember: { email: 'member@example.com', password: 'Member1234' },
	legacy: { email: 'legacy@example.com' },
	legacySecond: { email: 'legacy2@example.com' },
	unactivated: { email: 'pending@example.com', password: 'Pending1234' },
} as const

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
 * Signs up and activates a new account through the screens; returns its email and password. The
 * browser then forgets its session, as if the owner came back another day on another device: their
 * first sign-in goes where it was going, not through the registration flow's steps 4 and 5 (which
 * `keepFlow` keeps, for the journeys that test them).
 */
export async function createAccount(
	page: Page,
	request: APIRequestContext,
	options: { firstName?: string; lastName?: string; keepFlow?: boolean } = {},
) {
	const email = uniqueEmail()
	const password = 'Secret1234'
	// A visitor of its own: the portal limits the mail one address may cause (30 an hour), and the
	// suite signs up far more accounts than that from this one machine.
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
	await page.goto('/signup')
	await fillSignUp(page, { email, password, ...options })
	await page.getByLabel('Activation code').fill(await latestCode(request, email))
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(/\/login\?email=/)
	if (!options.keepFlow) await page.context().clearCookies({ name: '__session' })
	return { email, password }
}

/* ---- Helpers of the account lifecycle suite (tests/e2e/account-*.spec.ts, account.clock.spec.ts) ---- */

/**
 * A private address (the emulated geo lookup places it in the United States)
 * for one test's visitor, sent as X-Forwarded-For (the portal trusts loopback):
 * the portal's per-address limits on sign-in and code entry then count each
 * test on its own, not the whole suite as one visitor.
 */
export function visitorAddress(): string {
	const octet = () => Math.floor(Math.random() * 254) + 1
	return `10.${octet()}.${octet()}.${octet()}`
}

/**
 * The account suite's test: each test is a visitor from its own address
 * (`test.use({ visitorAddress: '198.51.100.7' })` picks one, e.g. in China).
 */
export const accountTest = base.extend<{ visitorAddress: string }>({
	visitorAddress: [async ({}, use) => use(visitorAddress()), { option: true }],
	extraHTTPHeaders: async ({ visitorAddress: address }, use) => use({ 'X-Forwarded-For': address }),
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
	const response = await request.post('/_emulator/clock', { data: { advanceMs: ms } })
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
	const response = await request.post('/_emulator/tokens/settings', { data: seconds })
	expect(response.ok()).toBe(true)
}

/** Puts the emulator's clock and token lifetimes back as they were at start. */
export async function restoreEmulatorTime(request: APIRequestContext) {
	expect((await request.post('/_emulator/clock', { data: { offsetMs: 0 } })).ok()).toBe(true)
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
