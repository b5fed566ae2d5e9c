/**
 * Sessions as an attacker holding an old cookie sees them (issue 23, ADR 0054): the id changes on
 * sign-in and on a privilege change (the email, which decides staff); sign-out, a password change and
 * a password reset end the server-side session, so the old cookie, replayed, is signed out; idle and
 * absolute lifetimes end it too (a second portal with lifetimes of seconds).
 */
import type { APIRequestContext } from '@playwright/test'
import { activatedAccount, latestCode, uniqueEmail, visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'
import { startSecondPortal, type SecondPortal } from './second-portal.ts'

const SESSION = '__session'

async function sessionCookie(request: APIRequestContext): Promise<string | undefined> {
	return (await request.storageState()).cookies.find((c) => c.name === SESSION)?.value
}

/** Whether a bare cookie header, replayed by another client, opens a signed-in page. */
async function replaySignedIn(request: APIRequestContext, base: string, cookie: string): Promise<boolean> {
	const response = await request.get(`${base}/settings/profile`, {
		headers: { Cookie: `${SESSION}=${cookie}`, 'X-Forwarded-For': visitorAddress() },
		maxRedirects: 0,
	})
	if (response.status() === 200) return true
	expect(response.status()).toBe(302)
	expect(response.headers()['location']).toMatch(/^\/login\?redirectTo=/)
	return false
}

test.describe('session ids and their end', () => {
	let visitor: APIRequestContext
	let replay: APIRequestContext
	test.beforeEach(async ({ playwright, baseURL }) => {
		const address = visitorAddress()
		visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } })
		replay = await playwright.request.newContext()
	})
	test.afterEach(async () => {
		await visitor.dispose()
		await replay.dispose()
	})

	const signIn = async (email: string, password: string) => {
		const response = await visitor.post('/login', { form: { email, password }, maxRedirects: 0 })
		expect(response.status()).toBe(302)
		return (await sessionCookie(visitor))!
	}

	test('sign-in gives a new id; the id before it never becomes signed in', async ({ baseURL }) => {
		const { email, password } = await activatedAccount(visitor, { prefix: 'rotate', firstName: 'Ro', lastName: 'Tate' })
		// A refused sign-in leaves a session (its failure count): an id an attacker could have planted.
		expect((await visitor.post('/login', { form: { email, password: 'Wrong1234' } })).status()).toBe(400)
		const before = await sessionCookie(visitor)
		expect(before).toBeTruthy()
		const after = await signIn(email, password)
		expect(after).not.toBe(before)
		expect(await replaySignedIn(replay, baseURL!, before!)).toBe(false)
		expect(await replaySignedIn(replay, baseURL!, after)).toBe(true)
	})

	test('sign-out ends the session on the server: the old cookie replayed is signed out', async ({ baseURL }) => {
		const { email, password } = await activatedAccount(visitor, { prefix: 'signout', firstName: 'Si', lastName: 'Out' })
		const cookie = await signIn(email, password)
		expect(await replaySignedIn(replay, baseURL!, cookie)).toBe(true)
		expect((await visitor.post('/logout', { form: {}, maxRedirects: 0 })).status()).toBe(302)
		expect(await replaySignedIn(replay, baseURL!, cookie)).toBe(false)
	})

	test('a password change ends the session it was made in and every other', async ({ baseURL }) => {
		const { email, password } = await activatedAccount(visitor, {
			prefix: 'pwchange',
			firstName: 'Pw',
			lastName: 'Change',
		})
		const other = await signIn(email, password)
		await visitor.clearCookies()
		const current = await signIn(email, password)
		const change = await visitor.post('/settings/password', {
			form: { currentPassword: password, newPassword: 'Changed1234', newPasswordConfirm: 'Changed1234' },
			maxRedirects: 0,
		})
		expect(change.status(), await change.text()).toBe(302)
		expect(await replaySignedIn(replay, baseURL!, current)).toBe(false)
		expect(await replaySignedIn(replay, baseURL!, other)).toBe(false)
	})

	test('a password reset by code ends every session of the account', async ({ baseURL }) => {
		const { email, password } = await activatedAccount(visitor, { prefix: 'reset', firstName: 'Re', lastName: 'Set' })
		const stolen = await signIn(email, password)
		await visitor.clearCookies()
		const request = await visitor.post('/reset-password', { form: { intent: 'request', email }, maxRedirects: 0 })
		expect(request.status()).toBe(302)
		const code = await latestCode(visitor, email)
		const confirm = await visitor.post('/reset-password', {
			form: { intent: 'confirm', email, code, password: 'Reset12345', passwordConfirm: 'Reset12345' },
			maxRedirects: 0,
		})
		expect(confirm.status(), await confirm.text()).toBe(302)
		expect(await replaySignedIn(replay, baseURL!, stolen)).toBe(false)
	})

	test('an email change (it decides staff) renews the id: the cookie before it is signed out', async ({ baseURL }) => {
		const { email, password } = await activatedAccount(visitor, {
			prefix: 'emailchg',
			firstName: 'Em',
			lastName: 'Change',
		})
		const before = await signIn(email, password)
		const newEmail = uniqueEmail('emailchg-new')
		const ask = await visitor.post('/email-change', {
			form: { intent: 'request', newEmail, newEmailConfirm: newEmail },
			maxRedirects: 0,
		})
		expect(ask.status(), await ask.text()).toBe(302)
		const verify = await visitor.post('/email-change', {
			form: { intent: 'verify', code: await latestCode(visitor, newEmail) },
			maxRedirects: 0,
		})
		expect(verify.status(), await verify.text()).toBe(302)
		const after = await sessionCookie(visitor)
		expect(after).not.toBe(before)
		expect(await replaySignedIn(replay, baseURL!, before)).toBe(false)
		expect(await replaySignedIn(replay, baseURL!, after!)).toBe(true)
	})
})

test.describe('session lifetimes', () => {
	let portal: SecondPortal | undefined
	test.afterEach(async () => {
		portal?.process.kill()
		await portal?.exited
	})

	test('a session ends after its idle time, and at its absolute time however busy', async ({
		baseURL,
		playwright,
	}, testInfo) => {
		test.setTimeout(60_000)
		portal = await startSecondPortal({
			emulatorOf: baseURL!,
			dataDir: testInfo.outputPath('lifetimes'),
			env: { SESSION_IDLE_SECONDS: '2', SESSION_ABSOLUTE_SECONDS: '5', TRUST_PROXY: 'loopback' },
		})
		const setup = await playwright.request.newContext({ baseURL })
		const { email, password } = await activatedAccount(setup, { prefix: 'lifetime', firstName: 'Li', lastName: 'Fe' })
		await setup.dispose()
		const browser = await playwright.request.newContext({ baseURL: portal.url })
		const signIn = async () => {
			const response = await browser.post('/login', {
				form: { email, password },
				headers: { 'X-Forwarded-For': visitorAddress() },
				maxRedirects: 0,
			})
			expect(response.status()).toBe(302)
		}
		const signedIn = async () => (await browser.get('/settings/profile', { maxRedirects: 0 })).status() === 200
		const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

		// Idle: 2 s without a request.
		await signIn()
		expect(await signedIn()).toBe(true)
		await wait(2_300)
		expect(await signedIn()).toBe(false)

		// Absolute: a request every 0.8 s keeps it from idling, and it ends 5 s after sign-in all the same.
		await signIn()
		const started = Date.now()
		while (Date.now() - started < 4_200) {
			expect(await signedIn(), `signed in ${Date.now() - started} ms after sign-in`).toBe(true)
			await wait(800)
		}
		await wait(Math.max(0, 5_100 - (Date.now() - started)))
		expect(await signedIn()).toBe(false)
		await browser.dispose()
	})
})
