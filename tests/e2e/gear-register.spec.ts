import { accountTest as test, createAccount, formPost, latestCode, signInDirectly, signIn, toast } from './account.ts'
import { expect, expectAccessible } from './fixtures.ts'
import { holdClientEntry } from './accessibility.ts'
import {
	accountCalls,
	addDevice,
	callsAfter,
	chooseByCategory,
	daysAgo,
	fillSerialAndDate,
	latestCall,
	madeFor,
	pressRegister,
	REGISTER_PATH,
	registrationsSent,
} from './gear-register.ts'

/**
 * Registering a product (spec 1 §2 `register_product`, §4, §5, §8): by category then model, by model
 * code, from a registration card's QR link (signed out, sign-up in the middle), one press for a
 * connected device; each outcome on its own page or message.
 */

// Each journey creates and activates its own account first; the machine is shared.
test.describe.configure({ timeout: 60_000 })

const REGISTRATION_PATH = /\/gear\/register_product\/[0-9a-f-]{36}$/

test.describe('register a product', () => {
	test('by category then model, with the purchase details: done, updated, the survey offered', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto(REGISTER_PATH)
		await expect(page.getByRole('heading', { name: 'Register a Product' })).toBeVisible()
		// The 21 categories of spec 1 §3, by brand.
		await expect(page.getByLabel('Category').locator('optgroup')).toHaveCount(2)
		await expect(page.getByLabel('Category').locator('option')).toHaveCount(22)
		if (javaScript) await expectAccessible(page)

		await page.getByLabel('Serial number').fill('Z1A9001')
		await chooseByCategory(page, javaScript, 'Pianos', 'FP-30X Digital Piano')
		// What was typed before the models were shown is still there.
		await expect(page.getByLabel('Serial number')).toHaveValue('Z1A9001')
		await page.getByLabel('Purchase date').fill(daysAgo(30))
		await page.getByLabel('Purchase method').selectOption({ label: 'In a store' })
		await page.getByLabel('Dealer').fill('Harmony Hall Music')
		expect([302, 202]).toContain(await pressRegister(page))

		await expect(page).toHaveURL(REGISTRATION_PATH)
		await expect(toast(page)).toContainText('FP-30X Digital Piano is registered.')
		await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
		await expect(page.getByText('FP-30X Digital Piano', { exact: true })).toBeVisible()
		await expect(page.getByText('Z1A9001')).toBeVisible()
		const id = new URL(page.url()).pathname.split('/').pop()
		await expect(page.getByRole('link', { name: 'Answer the survey' })).toHaveAttribute('href', `/questionnaire/${id}`)
		await expect(page.getByRole('link', { name: 'Go to My Gear' })).toHaveAttribute('href', '/gear/my_gear')
		if (javaScript) await expectAccessible(page)

		// What the account API was sent: the model, the serial, the method's id and the store's id.
		const [sent] = await registrationsSent(request, email)
		expect(sent?.status).toBe(201)
		expect(sent?.body).toMatchObject({
			product: { slug: 'fp-30x' },
			serialCode: 'Z1A9001',
			purchaseDate: daysAgo(30),
			purchaseMethod: expect.stringMatching(/\S/),
			purchaseDealer: expect.stringMatching(/\S/),
		})
		expect((sent?.body as { purchaseDealer: string }).purchaseDealer).not.toBe('Harmony Hall Music')
	})

	test('by model code: found and chosen, or typed and registered at once', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto(REGISTER_PATH)

		// An unknown code: 'Product not found.' on the field, what was typed kept.
		await page.getByLabel('Serial number').fill('AB120001')
		await page.getByLabel('Or type the model code').fill('ZZ9999')
		let submitted = formPost(page, REGISTER_PATH)
		await page.getByRole('button', { name: 'Find the model' }).click()
		expect((await submitted).status()).toBe(400)
		await expect(page.getByText('Product not found.')).toBeVisible()
		await expect(page.getByLabel('Serial number')).toHaveValue('AB120001')

		// A known one (any case): the model is chosen in the form.
		await page.getByLabel('Or type the model code').fill('rd2000')
		submitted = formPost(page, REGISTER_PATH)
		await page.getByRole('button', { name: 'Find the model' }).click()
		expect((await submitted).status()).toBe(200)
		await expect(page.getByText('Found: RD-2000 Stage Piano.')).toBeVisible()
		await expect(page.getByLabel('Model', { exact: true })).toHaveValue('rd-2000')
		await expect(page.getByLabel('Category')).toHaveValue('1')
		await expect(page.getByLabel('Serial number')).toHaveValue('AB120001')
		await page.getByLabel('Purchase date').fill(daysAgo(3))
		expect([302, 202]).toContain(await pressRegister(page))
		await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
		await expect(page.getByText('RD-2000 Stage Piano', { exact: true })).toBeVisible()

		// Typed and registered without finding first.
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Or type the model code').fill('JUNOX0')
		await fillSerialAndDate(page, 'JX12345', daysAgo(1))
		expect([302, 202]).toContain(await pressRegister(page))
		await expect(page.getByText('JUNO-X Synthesizer', { exact: true })).toBeVisible()

		const sent = await registrationsSent(request, email)
		expect(sent.map((call) => call.body)).toEqual([
			expect.objectContaining({ product: { slug: 'rd-2000' }, serialCode: 'AB120001' }),
			expect.objectContaining({ product: { modelCode: 'JUNOX0' }, serialCode: 'JX12345' }),
		])
	})

	test('bad input answers 400 with every message of the spec and the form as typed', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Serial number').fill('12345')
		await page.getByLabel('Purchase date').fill(daysAgo(-3))
		await page.getByLabel('Purchase method').selectOption({ label: 'Online' })
		await page.getByLabel('Dealer').fill('Corner Music Shop')
		expect(await pressRegister(page)).toBe(400)
		await expect(page.getByText('Choose a model, or type its model code.')).toBeVisible()
		await expect(page.getByText('Serial number must be between 7 and 8 characters long.')).toBeVisible()
		await expect(page.getByText('The purchase date can’t be in the future.')).toBeVisible()
		await expect(page.getByLabel('Serial number')).toHaveValue('12345')
		await expect(page.getByLabel('Purchase date')).toHaveValue(daysAgo(-3))
		await expect(page.getByLabel('Dealer')).toHaveValue('Corner Music Shop')
		await expect(page.getByLabel('Purchase method').locator('option:checked')).toHaveText('Online')
		if (javaScript) await expectAccessible(page)
		expect(await registrationsSent(request, email)).toEqual([])
	})

	test('a 16-digit serial: the form asks for its last 7, fills them in, and registers them once confirmed', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto(REGISTER_PATH)
		await chooseByCategory(page, javaScript, 'Stompboxes', 'DS-1 Distortion')
		await fillSerialAndDate(page, '1234567890123456', daysAgo(10))
		expect(await pressRegister(page)).toBe(400)
		await expect(page.getByText('This serial number has 16 digits: enter only its last 7.')).toBeVisible()
		await expect(page.getByLabel('Serial number')).toHaveValue('0123456')
		await expect(page.getByLabel('Model', { exact: true })).toHaveValue('ds-1')
		expect(await registrationsSent(request, email)).toEqual([])

		expect([302, 202]).toContain(await pressRegister(page))
		await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
		await expect(page.getByText('0123456')).toBeVisible()
		const [sent] = await registrationsSent(request, email)
		expect(sent?.body).toMatchObject({ product: { slug: 'ds-1' }, serialCode: '0123456' })
	})
})

test('a category chosen before the page hydrated lists its models once it has', async ({
	page,
	request,
	javaScript,
}) => {
	test.skip(!javaScript, 'without JavaScript the models come by the Show models post')
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	// The client entry is held until the category is chosen.
	const release = await holdClientEntry(page)
	await page.goto(REGISTER_PATH)
	await page.getByLabel('Category').selectOption({ label: 'Stompboxes' })
	expect(await page.locator('html[data-hydrated]').count(), 'chosen before hydration').toBe(0)
	release()
	await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
	await page.getByLabel('Model', { exact: true }).selectOption({ label: 'DS-1 Distortion' })
	await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Stompboxes')
})

test.describe('outcomes a registration can have', () => {
	test('not registrable in the region, already registered, failed: each message on the form, kept', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signIn(page, email, password)

		// KIYOLA KF-10 is registrable in Japan only; the account is in the United States.
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Or type the model code').fill('KF1000')
		await fillSerialAndDate(page, 'KF10001', daysAgo(5))
		expect(await pressRegister(page)).toBe(403)
		await expect(page.getByRole('alert')).toContainText('Sorry, this product cannot be added in your Region/Country.')
		await expect(page.getByLabel('Or type the model code')).toHaveValue('KF1000')

		// Registered once: done. The same product and serial again: already registered.
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Or type the model code').fill('GT1000')
		await fillSerialAndDate(page, 'GT10001', daysAgo(5))
		expect([302, 202]).toContain(await pressRegister(page))
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Or type the model code').fill('GT1000')
		await fillSerialAndDate(page, 'GT10001', daysAgo(5))
		expect(await pressRegister(page)).toBe(409)
		await expect(page.getByRole('alert')).toContainText('This product has been added to your account. Thank you!')
		await expect(page.getByRole('link', { name: 'Go to My Gear' })).toBeVisible()

		// The emulator fails serials starting 0000: the spec's message, nothing left registered.
		await page.goto(REGISTER_PATH)
		await page.getByLabel('Or type the model code').fill('GT1000')
		await fillSerialAndDate(page, '0000123', daysAgo(5))
		expect(await pressRegister(page)).toBe(422)
		await expect(page.getByRole('alert')).toContainText(
			'An error has occurred during product registration. Please try again from the Register a Product page.',
		)
		await expect(page.getByLabel('Serial number')).toHaveValue('0000123')

		const sent = await registrationsSent(request, email)
		expect(sent.map((call) => call.status)).toEqual([400, 201, 409, 422])
	})

	test('a registration that is not the user’s, or not there, is not found', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		const response = await page.goto(`${REGISTER_PATH}/00000000-0000-4000-8000-000000000000`)
		expect(response?.status()).toBe(404)
	})
})

test.describe('connected devices', () => {
	test('each device not yet registered is one press from registered; unknown models are said so', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await addDevice(request, email, 'FP30X0Z7C0001', ['1.02'])
		// The wireless dongle stands for the instrument it is plugged into (its second productVer item).
		await addDevice(request, email, 'WM1D00A0070001', ['1.03', 'JDXI00Q7R0001'])
		await addDevice(request, email, 'TD17KVZ7B0001', ['1.10'])
		await signInDirectly(page, email, password)
		await page.goto(REGISTER_PATH)

		const devices = page.getByRole('region', { name: 'Your connected instruments' })
		await expect(devices.getByRole('button')).toHaveCount(2)
		await expect(
			devices.getByRole('button', { name: 'Register FP-30X Digital Piano (serial number Z7C0001)' }),
		).toBeVisible()
		await expect(
			devices.getByRole('button', { name: 'Register JD-Xi Crossover Synthesizer (serial number Q7R0001)' }),
		).toBeVisible()
		await expect(devices.getByText('TD17KV (serial number Z7B0001) cannot be registered here.')).toBeVisible()
		if (javaScript) await expectAccessible(page)

		const submitted = formPost(page, REGISTER_PATH)
		await devices.getByRole('button', { name: 'Register JD-Xi Crossover Synthesizer (serial number Q7R0001)' }).click()
		expect([302, 202]).toContain((await submitted).status())
		await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()
		await expect(toast(page)).toContainText('JD-Xi Crossover Synthesizer is registered.')
		const [sent] = await registrationsSent(request, email)
		expect(sent?.body).toEqual({
			product: { modelCode: 'JDXI00' },
			serialCode: 'Q7R0001',
			purchaseDate: null,
			purchaseMethod: null,
			purchaseDealer: null,
		})

		await page.goto(REGISTER_PATH)
		await expect(devices.getByRole('button')).toHaveCount(1)
		await expect(devices.getByRole('button', { name: /JD-Xi/ })).toHaveCount(0)
	})
})

test.describe('the registration card (QR)', () => {
	test('signed out: sign up in the middle, and the card’s product registers after activation and sign-in', async ({
		page,
		request,
		javaScript,
	}) => {
		await page.goto('/qr?mdl=fp30x0&serial=1234567890123456')
		await expect(page.getByRole('heading', { name: 'FP-30X Digital Piano' })).toBeVisible()
		await expect(page.getByText('Serial number: 1234567890123456')).toBeVisible()
		// A desktop browser: the smartphone-only notice, and the way on all the same.
		await expect(page.getByText('This page is made for scanning the QR code')).toBeVisible()
		if (javaScript) await expectAccessible(page)
		const before = await latestCall(request)
		await page.getByRole('link', { name: 'Create an account' }).click()
		await expect(page).toHaveURL('/signup')

		// Sign-up, activation and the first sign-in, in this browser.
		const email = `qr.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`
		const password = 'Secret1234'
		await page.getByLabel('Email').fill(email)
		await page.getByRole('button', { name: 'Continue' }).click()
		await page.getByLabel('First name').fill('Quinn')
		await page.getByLabel('Last name').fill('Card')
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByLabel('Confirm password').fill(password)
		await page.getByLabel('I agree to the terms of use and privacy policy').check()
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page).toHaveURL(/\/activation\?email=/)
		const kept = (await callsAfter(request, before)).find(
			(call) => call.method === 'POST' && /^\/account\/temporaryData\/?$/.test(call.path) && madeFor(call, email),
		)
		expect(kept?.body).toEqual({
			email,
			purpose: 'ProductRegistrationUsingQR',
			body: { modelCode: 'FP30X0', serialCode: '1234567890123456' },
		})
		await page.getByLabel('Activation code').fill(await latestCode(request, email))
		await page.getByRole('button', { name: 'Activate' }).click()
		await expect(page).toHaveURL(/\/login\?email=/)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL('/signup/interests')
		await page.getByRole('button', { name: 'Skip for now' }).click()
		await expect(page).toHaveURL('/signup/finish')
		await page.getByRole('button', { name: 'Register a product' }).click()

		// The form is filled from the kept card: the product, the last 7 of its 16-digit serial.
		await expect(page).toHaveURL(REGISTER_PATH)
		await expect(page.getByText('From the registration card you opened before signing up')).toBeVisible()
		await expect(page.getByLabel('Model', { exact: true })).toHaveValue('fp-30x')
		await expect(page.getByLabel('Serial number')).toHaveValue('0123456')
		await expect(page.getByText('The serial number on the card has 16 digits')).toBeVisible()
		await page.getByLabel('Purchase date').fill(daysAgo(2))
		expect([302, 202]).toContain(await pressRegister(page))
		await expect(page.getByRole('heading', { name: 'Your product is registered' })).toBeVisible()

		// The card has done its work: it is deleted, and the form is empty again.
		const calls = await accountCalls(request, email)
		expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/ProductRegistrationUsingQR'))).toBe(
			true,
		)
		await page.goto(REGISTER_PATH)
		await expect(page.getByText('From the registration card you opened before signing up')).toHaveCount(0)
		await expect(page.getByLabel('Serial number')).toHaveValue('')
	})

	test('a card kept at sign-up waits for its owner on another device, until registered or put aside', async ({
		page,
		request,
	}) => {
		await page.goto('/qr?mdl=DS1000&serial=DS10077')
		await page.getByRole('link', { name: 'Create an account' }).click()
		// Signed up through the screens from this session (which holds the card), then the browser's session is forgotten.
		const { email, password } = await createAccount(page, request, { screens: true })
		await signInDirectly(page, email, password)
		await page.goto(REGISTER_PATH)
		await expect(page.getByLabel('Model', { exact: true })).toHaveValue('ds-1')
		await expect(page.getByLabel('Serial number')).toHaveValue('DS10077')
		await page.getByRole('button', { name: 'Not now' }).click()
		await expect(page).toHaveURL(REGISTER_PATH)
		await expect(page.getByLabel('Serial number')).toHaveValue('')
		await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0)
		expect(await registrationsSent(request, email)).toEqual([])
	})

	test('signed out: logging in returns to the form filled in from the card', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await page.goto('/qr?mdl=JUNOX0&serial=JX77777')
		await page.getByRole('link', { name: 'Log in' }).click()
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill(password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${REGISTER_PATH}?mdl=JUNOX0&serial=JX77777`)
		await expect(page.getByLabel('Model', { exact: true })).toHaveValue('juno-x')
		await expect(page.getByLabel('Serial number')).toHaveValue('JX77777')
	})

	test('signed in: the card opens the filled form; an unknown model is not found', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await page.goto('/qr?mdl=RD2000&serial=AB777777')
		await page.getByRole('link', { name: 'Register this product' }).click()
		await expect(page.getByLabel('Model', { exact: true })).toHaveValue('rd-2000')
		await expect(page.getByLabel('Serial number')).toHaveValue('AB777777')

		const response = await page.goto('/qr?mdl=ZZ9999')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Product not found.' })).toBeVisible()
	})
})

test.describe('the registration card on a phone', () => {
	test.use({
		userAgent:
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
	})

	test('shows no smartphone-only notice', async ({ page }) => {
		await page.goto('/qr?mdl=FP30X0&serial=Z1A2345')
		await expect(page.getByRole('heading', { name: 'FP-30X Digital Piano' })).toBeVisible()
		await expect(page.getByText('This page is made for scanning the QR code')).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
	})
})
