import {
	accountTest as test,
	advanceClock,
	createAccount,
	restoreEmulatorTime,
	signInDirectly,
	signIn,
	toast,
} from './account.ts'
import { expect, expectAccessible } from './fixtures.ts'
import {
	accountCalls,
	daysAgo,
	fillSerialAndDate,
	pressRegister,
	REGISTER_PATH,
	registrationsSent,
} from './gear-register.ts'

/**
 * Registrations that sit pending (spec 1 §4: the dialog, continue, under a minute), and an account
 * API that fails. They move the emulator's clock or inject faults, so they run with the serial
 * journeys. The emulator holds a registration of FANTOM-8 (FANT80) pending for 20 s and of
 * TD-27KV2 (TD27KV) for 45 s; a serial starting 0000 fails when its time is up.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
	await restoreEmulatorTime(request)
})

const STATUS_PAGE = /\/gear\/register_product\/[0-9a-f-]{36}$/

async function registerByModelCode(page: import('@playwright/test').Page, modelCode: string, serial: string) {
	await page.goto(REGISTER_PATH)
	await page.getByLabel('Or type the model code').fill(modelCode)
	await fillSerialAndDate(page, serial, daysAgo(7))
	expect([302, 202]).toContain(await pressRegister(page))
	await expect(page).toHaveURL(STATUS_PAGE)
}

test('a pending registration: the dialog, continue checks again, and done once the upstream is done', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await registerByModelCode(page, 'FANT80', 'FA80001')
	const dialog = page.getByRole('alertdialog', { name: 'Registration in progress' })
	await expect(dialog).toContainText('This takes under a minute: press Continue')
	await expect(page.getByText('FANTOM-8 Synthesizer Workstation')).toBeVisible()
	if (javaScript) await expectAccessible(page)

	if (!javaScript) {
		// Still pending: continue comes back to the same dialog.
		await dialog.getByRole('button', { name: 'Continue' }).click()
		await expect(dialog).toBeVisible()
	}
	await advanceClock(request, 21_000)
	// With JavaScript the page checks by itself; without, the user presses continue.
	if (!javaScript) await dialog.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
	await expect(toast(page)).toContainText('FANTOM-8 Synthesizer Workstation is registered.')
	await expect(page.getByRole('link', { name: 'Answer the survey' })).toBeVisible()

	const id = new URL(page.url()).pathname.split('/').pop()!
	// Each check reads the user's own registrations, where the page finds this one (ADR 0051).
	const checks = (await accountCalls(request, email)).filter(
		(call) => call.method === 'GET' && /\/registeredProducts(\/[^/]+)?$/.test(call.path),
	)
	expect(checks.filter((call) => call.path.endsWith(`/registeredProducts/${id}`))).toEqual([])
	expect(checks.length).toBeGreaterThanOrEqual(2)
})

test('with JavaScript the page checks every few seconds, and stops after a minute', async ({
	page,
	request,
	javaScript,
}) => {
	test.skip(!javaScript, 'checking by itself needs JavaScript')
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await page.clock.install()
	await registerByModelCode(page, 'TD27KV', 'TD27001')
	// The page checks once it is on screen: time moves only after that, or the first checks are never due.
	await expect(page.getByRole('alertdialog', { name: 'Registration in progress' })).toBeVisible()
	const checks: string[] = []
	page.on('request', (req) => {
		if (req.method() === 'POST' && STATUS_PAGE.test(new URL(req.url()).pathname.replace(/\.data$/, '')))
			checks.push(req.url())
	})
	await page.clock.runFor(12_000)
	await expect.poll(() => checks.length).toBeGreaterThanOrEqual(2)
	await page.clock.runFor(50_000)
	await expect(page.getByText('This is taking longer than usual. Press Continue to check again.')).toBeVisible()
	const made = checks.length
	await page.clock.runFor(30_000)
	await page.waitForTimeout(300)
	expect(checks.length).toBe(made)
	await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
})

test('a pending registration that fails says so, and offers the register page again', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signIn(page, email, password)
	await registerByModelCode(page, 'FANT80', '0000801')
	await expect(page.getByRole('alertdialog', { name: 'Registration in progress' })).toBeVisible()
	await advanceClock(request, 21_000)
	if (!javaScript) await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('alert')).toContainText(
		'An error has occurred during product registration. Please try again from the Register a Product page.',
		{ timeout: 15_000 },
	)
	await expect(page.getByRole('link', { name: 'Register a Product' }).last()).toHaveAttribute('href', REGISTER_PATH)
	await expect(page.getByRole('link', { name: 'Remove this registration' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Your product is registered' })).toHaveCount(0)
})

test('an account API that fails: the form kept and "try again"; a device API that fails: the form still works', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto(REGISTER_PATH)
	const userId = (await accountCalls(request, email)).find((call) => call.userId)?.userId
	expect(userId).toBeTruthy()

	await request.post('/_emulator/faults', {
		data: { path: `/account/users/${userId}/registeredProducts`, method: 'POST', mode: 'status', status: 503 },
	})
	await page.getByLabel('Or type the model code').fill('GT1000')
	await fillSerialAndDate(page, 'GT10077', daysAgo(2))
	expect(await pressRegister(page)).toBe(503)
	await expect(page.getByRole('alert')).toContainText('Please try again in a moment.')
	await expect(page.getByLabel('Or type the model code')).toHaveValue('GT1000')
	await expect(page.getByLabel('Serial number')).toHaveValue('GT10077')
	await request.delete('/_emulator/faults')

	await request.post('/_emulator/faults', {
		data: { path: `/device/app/${userId}/devices`, mode: 'status', status: 503 },
	})
	const response = await page.goto(REGISTER_PATH)
	expect(response?.status()).toBe(200)
	await expect(page.getByText('Your connected instruments cannot be shown right now.')).toBeVisible()
	await page.getByLabel('Or type the model code').fill('GT1000')
	await fillSerialAndDate(page, 'GT10077', daysAgo(2))
	expect([302, 202]).toContain(await pressRegister(page))
	await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
	// The injected answer came before the emulator read the token, so only the second call is the account's.
	expect((await registrationsSent(request, email)).map((call) => call.status)).toEqual([201])
})
