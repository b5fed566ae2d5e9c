import type { Page } from '@playwright/test'
import { issuePass } from '../../app/session/event-pass-token.server.ts'
import { accountTest as test, DEMO, fillSignUp, latestCode, signInDirectly, signIn, uniqueEmail } from './account.ts'
import { callsAfter, latestCall, madeFor } from './emulator.ts'
import { expect, expectAccessible } from './fixtures.ts'

/**
 * Check-in and pass (spec 1 §1, §2 CheckIn, PassLogin, ThankYou; ADR 0026): a visitor at an event
 * checks in by signing in or signing up, the thank-you page shows their pass (a QR code drawn on the
 * server, and its code), and staff verify it at /check-in/verify.
 */

const STAFF = { email: 'staff@roland.com', password: 'Staff1234' }
/** The suite's portal signs with this (playwright.config.ts). */
const SUITE_SESSION_SECRET = 'e2e-session-secret-of-enough-length'
const EVENT = 'spring-fair-2026'

async function passOnPage(page: Page): Promise<string> {
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for coming')
	await expect(page.getByRole('heading', { name: `Your pass for ${EVENT}` })).toBeVisible()
	const qr = page.getByRole('img', { name: `QR code of your pass for ${EVENT}` })
	await expect(qr.locator('svg path').first()).toBeAttached()
	const token = await page.getByLabel('Pass code').inputValue()
	expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
	return token
}

async function verify(page: Page, code: string) {
	await page.goto('/check-in/verify')
	await page.getByLabel('Pass code or QR code address').fill(code)
	const response = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/check-in/verify'))
	await page.getByRole('button', { name: 'Verify' }).click()
	return (await response).status()
}

test('a visitor checks in by signing in, gets the pass, and staff verify it', async ({ page, browser, javaScript }) => {
	test.setTimeout(90_000)
	await page.goto(`/check-in?event=${EVENT}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check in')
	await expect(page.getByRole('heading', { name: `Event: ${EVENT}` })).toBeVisible()
	if (javaScript) await expectAccessible(page)
	await page.getByRole('link', { name: 'Log in and check in' }).click()
	await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/thank-you?event=${EVENT}`)}`)
	await page.getByLabel('Email').fill(DEMO.customer.email)
	await page.getByLabel('Password', { exact: true }).fill(DEMO.customer.password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL(`/thank-you?event=${EVENT}`)
	const token = await passOnPage(page)
	await expect(page.getByText(/Issued .* UTC, valid until .* UTC/)).toBeVisible()
	if (javaScript) await expectAccessible(page)

	// Signed in already, the venue's link goes straight to the pass.
	await page.goto(`/check-in?event=${EVENT}`)
	await expect(page).toHaveURL(`/thank-you?event=${EVENT}`)

	const staff = await browser.newContext({ javaScriptEnabled: javaScript })
	const staffPage = await staff.newPage()
	await signIn(staffPage, STAFF.email, STAFF.password)
	expect(await verify(staffPage, token)).toBe(200)
	const result = staffPage.getByRole('region', { name: 'Valid pass' })
	await expect(result).toContainText(`${DEMO.customer.firstName}`)
	await expect(result).toContainText(`(${DEMO.customer.email})`)
	await expect(result).toContainText(EVENT)
	await expect(result).toContainText(/Issued.*UTC/)
	if (javaScript) await expectAccessible(staffPage)

	// What the QR code holds: the verify address, which a phone's camera opens (or a scanner types in).
	const scanned = await staffPage.goto(`/check-in/verify?pass=${encodeURIComponent(token)}`)
	expect(scanned?.status()).toBe(200)
	await expect(staffPage.getByRole('region', { name: 'Valid pass' })).toContainText(EVENT)
	expect(await verify(staffPage, `http://localhost/check-in/verify?pass=${token}`)).toBe(200)
	await expect(staffPage.getByRole('region', { name: 'Valid pass' })).toBeVisible()

	// An edited pass (another account's id) is refused as forged, the code kept in the field.
	const [header, payload, signature] = token.split('.') as [string, string, string]
	const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
	const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`
	expect(await verify(staffPage, edited)).toBe(400)
	await expect(staffPage.getByRole('alert')).toHaveText(
		'This is not a valid pass. It was not issued by this portal or has been changed.',
	)
	await expect(staffPage.getByLabel('Pass code or QR code address')).toHaveValue(edited)
	await expect(staffPage.getByRole('region', { name: 'Valid pass' })).toHaveCount(0)
	if (javaScript) await expectAccessible(staffPage)

	// A genuine pass past its hour is expired, still saying whose it was.
	const old = await issuePass(
		{ userId: claims.sub as string, event: EVENT },
		SUITE_SESSION_SECRET,
		Date.now() - 2 * 60 * 60 * 1000,
	)
	expect(await verify(staffPage, old)).toBe(400)
	await expect(staffPage.getByRole('alert')).toHaveText(
		'This pass has expired. Ask the visitor to open their pass page again.',
	)
	await expect(staffPage.getByRole('region', { name: 'Expired pass' })).toContainText(DEMO.customer.email)
	await staff.close()
})

test('only staff verify passes: a customer gets Not Roland Account; a visitor is sent to sign in', async ({ page }) => {
	const signedOut = await page.goto('/check-in/verify')
	expect(signedOut?.status()).toBe(200)
	await expect(page).toHaveURL('/login?redirectTo=%2Fcheck-in%2Fverify')
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	const response = await page.goto('/check-in/verify?pass=x.y.z')
	expect(response?.status()).toBe(403)
	await expect(page.getByRole('main')).toContainText('Not Roland Account')
	await expect(page.getByLabel('Pass code or QR code address')).toHaveCount(0)
})

test('a new visitor checks in by signing up (source check_in) and comes back to the pass', async ({
	page,
	request,
}) => {
	test.setTimeout(60_000)
	const email = uniqueEmail('checkin')
	const password = 'Secret1234'
	const before = await latestCall(request)
	await page.goto(`/check-in?event=${EVENT}`)
	await page.getByRole('link', { name: 'Create an account and check in' }).click()
	await expect(page).toHaveURL(/\/signup\?source=check_in&redirectTo=/)
	await fillSignUp(page, { email, password, firstName: 'Vi', lastName: 'Sitor' })
	const signup = (await callsAfter(request, before)).find(
		(call) => call.path === '/account/signup' && madeFor(call, email),
	)
	expect((signup?.body as { signupSource?: string } | undefined)?.signupSource).toBe('check_in')

	await page.getByLabel('Activation code').fill(await latestCode(request, email))
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(/\/login\?email=/)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/signup/interests')
	await page.getByRole('button', { name: 'Skip for now' }).click()
	await page.getByRole('button', { name: 'Continue to the page you were visiting' }).click()
	await expect(page).toHaveURL(`/thank-you?event=${EVENT}`)
	await passOnPage(page)
})

test('the pass login (source pass_login) and the thank-you page signed out', async ({ page, request }) => {
	const thankYou = await page.goto(`/thank-you?event=${EVENT}`)
	expect(thankYou?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for coming')
	await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0)
	await page.getByRole('main').getByRole('link', { name: 'Log in' }).click()
	await expect(page).toHaveURL(`/pass-login?event=${EVENT}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your event pass')
	const before = await latestCall(request)
	await page.getByRole('link', { name: 'Create an account and check in' }).click()
	const email = uniqueEmail('pass')
	await fillSignUp(page, { email, password: 'Secret1234' })
	const signup = (await callsAfter(request, before)).find(
		(call) => call.path === '/account/signup' && madeFor(call, email),
	)
	expect((signup?.body as { signupSource?: string } | undefined)?.signupSource).toBe('pass_login')

	// A link without an event says so instead of a pass.
	await page.goto('/check-in')
	await expect(page.getByText('This link does not name an event.')).toBeVisible()
})

test('a signed-in visitor’s pass comes back from the pass login', async ({ page }) => {
	await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
	await page.goto(`/pass-login?event=${EVENT}`)
	await expect(page).toHaveURL(`/thank-you?event=${EVENT}`)
	await passOnPage(page)
})
