import type { APIRequestContext, APIResponse, Response } from '@playwright/test'
import {
	accountTest as test,
	formPost,
	logIn,
	mailTo,
	STRONG_PASSWORD,
	uniqueEmail,
	visitorAddress,
} from './account.ts'
import { expect } from './fixtures.ts'

/**
 * The portal's own rate limits (ADR 0009) through the real server. Each test
 * is a visitor of its own (a forwarded address) with emails of its own, so
 * the limits it runs into are its own and the rest of the suite never meets
 * them.
 */

const MAIL_PER_EMAIL = 5
const SIGN_IN_FAILURES_PER_ACCOUNT = 10
/** The emulated account API's own attempt limit (server/emulator/account/users.ts). */
const UPSTREAM_FAILURES_BEFORE_ITS_LOCK = 5
const POSTS_PER_ADDRESS_PER_MINUTE = 120

const ATTEMPT_LIMIT = 'Attempt limit exceeded. Please try again later.'
const INCORRECT = 'Incorrect username or password.'

/** A request from another visitor than the test's own. */
const from = (address: string) => ({ 'X-Forwarded-For': address })

async function expectRetryAfter(response: Response | APIResponse, atMostSeconds: number) {
	const value = response.headers()['retry-after']
	expect(value, 'Retry-After').toMatch(/^\d+$/)
	expect(Number(value)).toBeGreaterThan(0)
	expect(Number(value)).toBeLessThanOrEqual(atMostSeconds)
}

/** A new, activated account made through the forms' own posts; its sign-up mail is the first to its address. */
async function createAccountByPosts(request: APIRequestContext) {
	const email = uniqueEmail('limited')
	const created = await request.post('/signup', {
		form: {
			intent: 'create',
			email,
			firstName: 'Rita',
			lastName: 'Limit',
			password: STRONG_PASSWORD,
			passwordConfirm: STRONG_PASSWORD,
			cultureCode: 'en-US',
			country: 'US',
			agreeToTerms: 'on',
		},
		maxRedirects: 0,
	})
	expect(created.status()).toBe(302)
	return { email, password: STRONG_PASSWORD }
}

test('one address gets five mails an hour, whoever asks: the sixth send is refused with 429, Retry-After and the spec’s message, the form kept', async ({
	page,
	request,
}) => {
	const { email } = await createAccountByPosts(request)
	// The sign-up's code was the first mail; resends and reset requests make up the rest, each from another visitor.
	for (const [path, intent] of [
		['/activation', 'resend'],
		['/activation', 'resend'],
		['/reset-password', 'request'],
		['/reset-password', 'request'],
	] as const) {
		const sent = await request.post(path, { form: { intent, email }, headers: from(visitorAddress()), maxRedirects: 0 })
		expect(sent.status(), `${path} ${intent}`).toBe(302)
	}
	expect(await mailTo(request, email)).toHaveLength(MAIL_PER_EMAIL)

	await page.goto(`/activation?email=${encodeURIComponent(email)}`)
	const resend = page.getByRole('region', { name: 'Did not get the code?' })
	const submitted = formPost(page, '/activation')
	await resend.getByRole('button', { name: 'Send a new code' }).click()
	const refused = await submitted
	expect(refused.status()).toBe(429)
	await expectRetryAfter(refused, 3600)
	await expect(resend.getByRole('alert')).toHaveText(ATTEMPT_LIMIT)
	await expect(resend.getByLabel('Email')).toHaveValue(email)

	// Another visitor is refused too: the limit is the inbox's, not the sender's.
	const again = await request.post('/reset-password', {
		form: { intent: 'request', email },
		headers: from(visitorAddress()),
		maxRedirects: 0,
	})
	expect(again.status()).toBe(429)
	await expectRetryAfter(again, 3600)
	expect(await again.text()).toContain(ATTEMPT_LIMIT)
	expect(await mailTo(request, email)).toHaveLength(MAIL_PER_EMAIL)

	// Other addresses are mailed as before.
	const other = uniqueEmail('unlimited')
	const reset = await request.post('/reset-password', { form: { intent: 'request', email: other }, maxRedirects: 0 })
	expect(reset.status()).toBe(302)
})

test('ten refused sign-ins to one account, from anywhere, lock it for a while: then even the right password gets 429, Retry-After and the spec’s message', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccountByPosts(request)
	// Each goes to the account API, which refuses the password and, after its own five, locks the address
	// for a while too: its attempt limit gives no time to wait (no Retry-After), ours does.
	for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
		const refused = await request.post('/login', {
			form: { email, password: 'Wrong1234' },
			headers: from(visitorAddress()),
			maxRedirects: 0,
		})
		const [status, text] = i < UPSTREAM_FAILURES_BEFORE_ITS_LOCK ? [400, INCORRECT] : [429, ATTEMPT_LIMIT]
		expect(refused.status(), `attempt ${i + 1}`).toBe(status)
		expect(await refused.text()).toContain(text)
		expect(refused.headers()['retry-after'], `attempt ${i + 1}`).toBeUndefined()
	}

	const submitted = formPost(page, '/login')
	await logIn(page, email, password)
	const locked = await submitted
	expect(locked.status()).toBe(429)
	await expectRetryAfter(locked, 15 * 60)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText(ATTEMPT_LIMIT)
	await expect(page.getByLabel('Email')).toHaveValue(email)
	if (!javaScript) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
	await expect(page).toHaveURL(/\/login/)
})

test('120 POSTs a minute from one address, then a 429 page in the visitor’s language with Retry-After; other addresses go on', async ({
	page,
	request,
	visitorAddress: address,
}) => {
	// Bad input answers at once (400) and mails no one: only the general limit counts these.
	const badRequest = { form: { intent: 'request', email: 'not-an-email' }, maxRedirects: 0 }
	for (let i = 0; i < POSTS_PER_ADDRESS_PER_MINUTE; i++) {
		const response = await request.post('/reset-password', badRequest)
		expect(response.status()).toBe(400)
	}

	const japanese = await request.post('/reset-password?culture_code=ja-JP', badRequest)
	expect(japanese.status()).toBe(429)
	await expectRetryAfter(japanese, 60)
	expect(await japanese.text()).toContain('お使いのネットワークから短時間に多くのリクエストが送信されました。')

	// Pages are still served; the form's POST is refused with the page in English.
	await page.goto('/reset-password')
	await page.getByLabel('Email').fill('someone@example.com')
	const submitted = formPost(page, '/reset-password')
	await page.getByRole('button', { name: 'Send reset code' }).click()
	const refused = await submitted
	expect(refused.status()).toBe(429)
	await expectRetryAfter(refused, 60)
	await expect(page.getByText('Too many requests have come from your network in a short time.')).toBeVisible()

	const elsewhere = await request.post('/reset-password', { ...badRequest, headers: from(visitorAddress()) })
	expect(elsewhere.status(), `not ${address}`).toBe(400)
})
