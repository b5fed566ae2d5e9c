/**
 * The limits on what can be flooded or guessed (ADR 0009), with their default counts: a portal of
 * this file's own (the worker's raises them, as its demo accounts are shared by every journey),
 * on the worker's emulator. Each journey is a visitor of its own with an account of its own.
 */
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { E2E_RUN_DIR } from '../e2e-env.ts'
import { formPost, signInDirectly } from './account.ts'
import { activatedAccount, ticketsFor, uniqueEmail, visitorAddress } from './emulator.ts'
import { expect, test } from './fixtures.ts'
import { daysAgo, fillSerialAndDate, pressRegister, REGISTER_PATH } from './gear-register.ts'
import { startSecondPortal, type SecondPortal } from './second-portal.ts'

const ATTEMPT_LIMIT = 'Attempt limit exceeded. Please try again later.'
const TOO_MANY_SUPPORT_REQUESTS = 'You have sent several support requests in a short time.'
/** The defaults of app/limits/rate-limit.server.ts. */
const MAIL_PER_EMAIL = 5
const SUPPORT_PER_ACCOUNT = 5
const GUESSES_PER_ACCOUNT = 5

let limited: SecondPortal

test.beforeAll(async ({ portal }, testInfo) => {
	limited = await startSecondPortal({
		emulatorOf: portal.url,
		dataDir: path.join(E2E_RUN_DIR, `limits-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}`),
		env: { TRUST_PROXY: 'loopback', RATE_LIMITS: '' },
	})
})

test.afterAll(async () => {
	limited.process.kill('SIGTERM')
	await limited.exited
})

/** A browser of one visitor (an address of its own) on the portal with the default limits. */
async function visitor(browser: Browser, javaScript: boolean): Promise<Page> {
	const context = await browser.newContext({
		baseURL: limited.url,
		javaScriptEnabled: javaScript,
		extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
	})
	return context.newPage()
}

async function signedInCustomer(
	browser: Browser,
	javaScript: boolean,
	request: import('@playwright/test').APIRequestContext,
) {
	const account = await activatedAccount(request, { prefix: 'limits', firstName: 'Lim', lastName: 'Ited' })
	const page = await visitor(browser, javaScript)
	await signInDirectly(page, account.email, account.password)
	return { page, ...account }
}

test('contact us, signed out: the sixth ticket in an hour naming one email is refused, what was typed kept', async ({
	browser,
	javaScript,
	request,
}) => {
	const victim = uniqueEmail('victim')
	const page = await visitor(browser, javaScript)
	// From five other addresses: the count is the named email's.
	for (let sent = 0; sent < MAIL_PER_EMAIL; sent++) {
		const response = await page.request.post('/contact-us', {
			headers: { 'X-Forwarded-For': visitorAddress() },
			form: { contactName: 'Mallory', email: victim, subject: 'found_a_bug', details: `Message ${sent}` },
			maxRedirects: 0,
		})
		expect(response.status(), `ticket ${sent + 1}`).toBe(303)
	}
	await page.goto('/contact-us')
	await page.getByLabel('Contact name').fill('Mallory')
	await page.getByLabel('Email').fill(victim)
	await page.getByLabel('Subject').selectOption({ label: 'Found a bug' })
	await page.getByLabel('Details').fill('One more')
	const posted = formPost(page, '/contact-us')
	await page.getByRole('button', { name: 'Send' }).click()
	expect((await posted).status()).toBe(429)
	await expect(page.getByRole('alert').first()).toContainText(ATTEMPT_LIMIT)
	await expect(page.getByLabel('Details')).toHaveValue('One more')
	await expect.poll(async () => (await ticketsFor(request, victim)).length).toBe(MAIL_PER_EMAIL)
	await page.context().close()
})

test('support requests: an account that sent five in an hour is refused the sixth before it is read', async ({
	browser,
	javaScript,
	request,
}) => {
	const { page, email } = await signedInCustomer(browser, javaScript, request)
	const fields = { orderNumber: 'ORD-1', name: 'Lim Ited', email, phone: '(512) 555-0143' }
	for (let sent = 0; sent < SUPPORT_PER_ACCOUNT; sent++) {
		const response = await page.request.post('/support/order_status', { form: fields, maxRedirects: 0 })
		expect(response.status(), `request ${sent + 1}`).toBeLessThan(400)
	}
	await page.goto('/support/order_status')
	await page.getByLabel('Order number').fill('ORD-6')
	await page.getByLabel('Name').fill('Lim Ited')
	await page.getByLabel('Phone').fill('(512) 555-0143')
	const posted = formPost(page, '/support/order_status')
	await page.getByRole('button', { name: 'Send' }).click()
	expect((await posted).status()).toBe(429)
	await expect(page.getByRole('main')).toContainText(TOO_MANY_SUPPORT_REQUESTS)
	await expect.poll(async () => (await ticketsFor(request, email)).length).toBe(SUPPORT_PER_ACCOUNT)
	await page.context().close()
})

test('entitlement keys: after five wrong keys the sixth is refused with the attempt-limit message, the key kept', async ({
	browser,
	javaScript,
	request,
}) => {
	const { page } = await signedInCustomer(browser, javaScript, request)
	await page.goto('/cloud/entitlement-key/key')
	const tryKey = async (key: string) => {
		await page.getByLabel('Key', { exact: true }).fill(key)
		await page.getByLabel('Hardware product').selectOption('SYSTEM-8')
		const posted = formPost(page, '/cloud/entitlement-key/key')
		await page.getByRole('main').getByRole('button', { name: 'Activate key' }).click()
		return (await posted).status()
	}
	for (let guess = 0; guess < GUESSES_PER_ACCOUNT; guess++) {
		expect(await tryKey(`RCLK-ZZZZ-999${guess}-ZZZZ`), `guess ${guess + 1}`).toBe(400)
	}
	expect(await tryKey('RCLK-ZZZZ-9995-ZZZZ')).toBe(429)
	await expect(page.getByRole('alert').first()).toContainText(ATTEMPT_LIMIT)
	await expect(page.getByLabel('Key', { exact: true })).toHaveValue('RCLK-ZZZZ-9995-ZZZZ')
	await page.context().close()
})

test('serial numbers: after five refused registrations the sixth is refused with the attempt-limit message', async ({
	browser,
	javaScript,
	request,
}) => {
	const { page } = await signedInCustomer(browser, javaScript, request)
	const tryRegister = async (serial: string) => {
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Or type the model code').fill('GT1000')
		// The emulator fails serials starting 0000 (a refusal, as for a serial that is not the customer's).
		await fillSerialAndDate(page, serial, daysAgo(5))
		return pressRegister(page)
	}
	for (let guess = 0; guess < GUESSES_PER_ACCOUNT; guess++) {
		expect(await tryRegister(`000012${guess}`), `guess ${guess + 1}`).toBe(422)
	}
	expect(await tryRegister('0000129')).toBe(429)
	await expect(page.getByRole('alert').first()).toContainText(ATTEMPT_LIMIT)
	await expect(page.getByLabel('Serial number')).toHaveValue('0000129')
	await page.context().close()
})

test('a signed-in support request names the account as requester; another email typed is labelled in the ticket', async ({
	browser,
	javaScript,
	request,
}) => {
	const { page, email } = await signedInCustomer(browser, javaScript, request)
	const someoneElse = uniqueEmail('someone-else')
	await page.goto('/support/order_status')
	await page.getByLabel('Order number').fill('ORD-42')
	await page.getByLabel('Name').fill('Lim Ited')
	await page.getByLabel('Email').fill(someoneElse)
	await page.getByLabel('Phone').fill('(512) 555-0143')
	const posted = formPost(page, '/support/order_status')
	await page.getByRole('button', { name: 'Send' }).click()
	expect((await posted).status()).toBeLessThan(400)
	await expect.poll(async () => (await ticketsFor(request, email)).length).toBe(1)
	const [ticket] = await ticketsFor(request, email)
	expect(ticket!.requester.email.toLowerCase()).toBe(email.toLowerCase())
	expect(ticket!.userId).toBeTruthy()
	expect(ticket!.commentBody).toContain(`Contact email given in the form (not the account’s): ${someoneElse}`)
	expect(await ticketsFor(request, someoneElse)).toEqual([])
	await page.context().close()
})
