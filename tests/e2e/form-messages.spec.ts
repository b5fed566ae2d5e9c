import { accountTest as test, formPost, signInDirectly } from './account.ts'
import { activatedAccount } from './emulator.ts'
import { expect, expectAccessible } from './fixtures.ts'
import { daysAgo, fillSerialAndDate, pressRegister, REGISTER_PATH, registrationsSent } from './gear-register.ts'

/**
 * Issue 21: the product registration form and the support forms mark what they require (one shared
 * '(required)' mark, and the control's own `required` state), say what is wrong with a purchase date
 * in the future, and refuse a serial with characters outside letters and digits (spec 1 §5).
 */

test.describe.configure({ timeout: 60_000 })

const FUTURE_DATE = 'The purchase date can’t be in the future.'
const SERIAL_ALPHABET = 'A serial number has only letters (A–Z) and digits (0–9), with no spaces or other characters.'

async function signedIn(page: import('@playwright/test').Page, request: import('@playwright/test').APIRequestContext) {
	const { email, password } = await activatedAccount(request, { prefix: 'marks', firstName: 'Mara', lastName: 'Marks' })
	await signInDirectly(page, email, password)
	return email
}

test('registering: required fields marked, a future date and a serial with a space each said, the form kept', async ({
	page,
	request,
	javaScript,
}) => {
	const email = await signedIn(page, request)
	await page.goto(REGISTER_PATH)
	const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Register', exact: true }) })

	// Marked where it is asked, and only there: the mark is seen, the state is told by the control.
	for (const name of ['Serial number', 'Purchase date']) {
		// The accessible name stays the label: the mark is seen, not said; the `required` state is said.
		const control = page.getByRole('textbox', { name, exact: true })
		await expect(control, name).toHaveAttribute('required', '')
		await expect(form.locator('.field').filter({ has: control }), name).toContainText(`${name} (required)`)
	}
	await expect(form.getByRole('group', { name: /^Product \(required\)$/ })).toBeVisible()
	for (const name of ['Purchase method', 'Dealer']) {
		await expect(page.getByLabel(name), name).not.toHaveAttribute('required')
		await expect(form.locator('.field').filter({ has: page.getByLabel(name) }), name).not.toContainText('(required)')
	}
	// The calendar stops at the latest today anywhere (UTC+14): never before the visitor's own today.
	const max = await form.getByLabel('Purchase date').getAttribute('max')
	expect(max! >= daysAgo(0)).toBe(true)
	expect(max! <= daysAgo(-1)).toBe(true)

	// A day in the future: its own message, not the format's.
	await form.getByLabel('Or type the model code').fill('JUNOX0')
	await fillSerialAndDate(page, 'JX12345', daysAgo(-3))
	expect(await pressRegister(page)).toBe(400)
	await expect(page.getByText(FUTURE_DATE)).toBeVisible()
	await expect(page.getByText('Enter a valid date format or use the calendar.')).toHaveCount(0)
	await expect(form.getByLabel('Purchase date')).toHaveValue(daysAgo(-3))

	// A serial with a hyphen and a space: refused with the alphabet's message, as typed.
	await fillSerialAndDate(page, 'jx-12 34', daysAgo(2))
	expect(await pressRegister(page)).toBe(400)
	await expect(page.getByText(SERIAL_ALPHABET)).toBeVisible()
	await expect(form.getByLabel('Serial number')).toHaveValue('jx-12 34')
	await expect(form.getByLabel('Serial number')).toHaveAttribute('aria-invalid', 'true')
	await expect(form.getByLabel('Or type the model code')).toHaveValue('JUNOX0')
	await expect(form.getByLabel('Purchase date')).toHaveValue(daysAgo(2))
	if (javaScript) await expectAccessible(page)
	expect(await registrationsSent(request, email)).toEqual([])

	// Letters and digits register, and the message says what was registered.
	await fillSerialAndDate(page, 'jx12345', daysAgo(2))
	expect([302, 202]).toContain(await pressRegister(page))
	await expect(page.getByRole('status').filter({ hasText: 'JUNO-X Synthesizer is registered.' })).toBeVisible()
})

test('registering in Japanese: the mark and the messages in Japanese', async ({ page, request, javaScript }) => {
	test.skip(!javaScript, 'the same server answer as without JavaScript; once is enough')
	await signedIn(page, request)
	await page.goto(`${REGISTER_PATH}?culture_code=ja-JP`)
	await expect(page.locator('.field').filter({ has: page.getByLabel('シリアル番号') })).toContainText(
		'シリアル番号 （必須）',
	)
	await page.getByLabel('シリアル番号').fill('JX 1234')
	await page.getByLabel('購入日').fill(daysAgo(-3))
	const posted = formPost(page, REGISTER_PATH)
	await page.getByRole('button', { name: '登録', exact: true }).click()
	expect((await posted).status()).toBe(400)
	await expect(page.getByText('購入日に未来の日付は指定できません。')).toBeVisible()
	await expect(
		page.getByText('シリアル番号は半角英字（A～Z）と数字（0～9）のみで入力してください。', { exact: false }),
	).toBeVisible()
})

test('a support form marks its required fields and says a purchase date is in the future', async ({
	page,
	request,
}) => {
	await signedIn(page, request)
	await page.goto('/support/service_request')
	const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send', exact: true }) })
	// An input, a text area and a select: each marked by the shared mark, each `required`.
	for (const name of ['Purchase date', 'Issue']) {
		const control = page.getByRole('textbox', { name, exact: true })
		await expect(control, name).toHaveAttribute('required', '')
		await expect(form.locator('.field').filter({ has: control }), name).toContainText(`${name} (required)`)
	}
	const product = page.getByRole('combobox', { name: 'Product', exact: true })
	await expect(product).toHaveAttribute('required', '')
	await expect(form.locator('.field').filter({ has: product })).toContainText('Product (required)')
	// The optional ones say so and are not marked.
	const serial = page.getByRole('textbox', { name: 'Serial number', exact: true })
	await expect(serial).not.toHaveAttribute('required')
	await expect(form.locator('.field').filter({ has: serial })).not.toContainText('(required)')

	await form.getByRole('textbox', { name: 'Purchase date', exact: true }).fill(daysAgo(-3))
	const posted = formPost(page, '/support/service_request')
	await form.getByRole('button', { name: 'Send', exact: true }).click()
	expect((await posted).status()).toBe(400)
	await expect(form.getByRole('textbox', { name: 'Purchase date', exact: true })).toHaveAccessibleDescription(
		new RegExp(FUTURE_DATE),
	)
	await expect(form.getByRole('textbox', { name: 'Purchase date', exact: true })).toHaveValue(daysAgo(-3))
})
