import type { Locator, Page } from '@playwright/test'
import { fieldsOf, SUPPORT_FORMS } from '../../app/domain/support-fields.ts'
import { VALID } from '../fixtures/support-forms.ts'
import { missingFocusIndicator } from './accessibility.ts'
import { accountTest as test, createAccount, latestCode, signInDirectly, uniqueEmail } from './account.ts'
import { makeCloudAccount } from './cloud.ts'
import { expect } from './fixtures.ts'
import { daysAgo, REGISTER_PATH } from './gear-register.ts'
import { makeSupportAccount } from './support.ts'

/**
 * Every journey by keyboard alone (issue 24, ADR 0060): sign-in, sign-up, registering a product, a
 * support request, the profile settings and a cloud checkout, each with JavaScript on and off,
 * moved through with Tab only and filled with typed keys, Space and the arrow keys (no click, no
 * fill). Each control the focus reaches on the way must show where the focus is (its outline or
 * shadow differs from its look without the focus). Each form is first sent with a field wrong: the
 * fields in error say so (aria-invalid) and are described by their message (aria-describedby), and
 * the form has a live region saying that fields need attention.
 */

/** The most Tab presses to reach a control: the longest page (the memberships) has about 60 stops. */
const MOST_TABS = 120

/** A keyboard user: Tab to a control (checking each focus on the way is visible), then keys. */
class KeyboardUser {
	private readonly page: Page
	constructor(page: Page) {
		this.page = page
	}

	/** Tabs forward until `target` has the focus; every element reached on the way shows its focus. */
	async tabTo(target: Locator) {
		await expect(target, 'the control to reach is there').toBeVisible()
		for (let presses = 0; presses < MOST_TABS; presses++) {
			await this.page.keyboard.press('Tab')
			// Past the page's last control the focus goes to the browser's own bar, and the page has none.
			if (await this.page.evaluate(() => document.activeElement === document.body)) continue
			// Polled: Chromium moves the focus between a date field's parts in more than one step.
			await expect.soft
				.poll(() => missingFocusIndicator(this.page), {
					message: `focus visible after ${presses + 1} Tab presses`,
					timeout: 2_000,
				})
				.toBeNull()
			if (await target.evaluate((el) => el === document.activeElement)) return
		}
		throw new Error(`${target} not reached in ${MOST_TABS} Tab presses`)
	}

	/** Tabs to a text field, clears it and types. */
	async type(target: Locator, text: string) {
		await this.tabTo(target)
		await this.page.keyboard.press('ControlOrMeta+A')
		await this.page.keyboard.press('Delete')
		await this.page.keyboard.type(text)
	}

	/** Tabs to a date field and types the date in the field's order (month, day, year: the en-US browser's). */
	async typeDate(target: Locator, isoDate: string) {
		await this.tabTo(target)
		const [year, month, day] = isoDate.split('-')
		await this.page.keyboard.type(`${month}${day}${year}`)
	}

	/** Tabs to a select and moves its choice with the arrow keys to the option labelled `label`. */
	async choose(target: Locator, label: string | RegExp) {
		await this.tabTo(target)
		const labels = await target.locator('option').allTextContents()
		const wanted = labels.findIndex((text) => (typeof label === 'string' ? text.trim() === label : label.test(text)))
		expect(wanted, `option ${label} among ${labels.join(', ')}`).toBeGreaterThanOrEqual(0)
		const current = await target.evaluate((el) => (el as HTMLSelectElement).selectedIndex)
		const key = wanted > current ? 'ArrowDown' : 'ArrowUp'
		for (let step = 0; step < Math.abs(wanted - current); step++) await this.page.keyboard.press(key)
		await expect(target.locator('option:checked')).toHaveText(labels[wanted]!)
	}

	/** Tabs to a checkbox and ticks it with Space. */
	async tick(target: Locator) {
		await this.tabTo(target)
		await this.page.keyboard.press('Space')
		await expect(target).toBeChecked()
	}

	/** Tabs to a button or link and presses Enter. */
	async press(target: Locator) {
		await this.tabTo(target)
		await this.page.keyboard.press('Enter')
	}
}

/**
 * After a submit with fields wrong: each field in error is marked and described by its message,
 * and a live region of the form says fields need attention.
 */
async function expectErrorsTiedAndAnnounced(page: Page, fields: Locator[]) {
	for (const field of fields) {
		await expect(field).toHaveAttribute('aria-invalid', 'true')
		const message = await field.evaluate((el) =>
			(el.getAttribute('aria-describedby') ?? '')
				.split(/\s+/)
				.map((id) => document.getElementById(id))
				.filter((described) => described?.classList.contains('field-errors'))
				.map((described) => described!.textContent!.trim())
				.join(' '),
		)
		expect(message, 'the field is described by its error message').not.toBe('')
		await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
	}
	await expect(
		page.getByRole('main').getByRole('alert').filter({ hasText: 'Some fields need your attention' }),
	).toBeVisible()
}

test('sign-in by keyboard: errors tied to their fields, then signed in', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	const keys = new KeyboardUser(page)
	await page.goto('/login')
	await keys.press(page.getByRole('button', { name: 'Log in' }))
	await expectErrorsTiedAndAnnounced(page, [page.getByLabel('Email'), page.getByLabel('Password', { exact: true })])

	await keys.type(page.getByLabel('Email'), email)
	await keys.type(page.getByLabel('Password', { exact: true }), password)
	await keys.press(page.getByRole('button', { name: 'Log in' }))
	await expect(page).toHaveURL('/')
})

test('sign-up by keyboard: errors tied to their fields, then the account created and activated', async ({
	page,
	request,
}) => {
	const email = uniqueEmail()
	const keys = new KeyboardUser(page)
	await page.goto('/signup')
	await keys.press(page.getByRole('button', { name: 'Continue' }))
	await expectErrorsTiedAndAnnounced(page, [page.getByLabel('Email')])
	await keys.type(page.getByLabel('Email'), email)
	await keys.press(page.getByRole('button', { name: 'Continue' }))

	await keys.type(page.getByLabel('First name'), 'Robin')
	await keys.press(page.getByRole('button', { name: 'Create account' }))
	await expectErrorsTiedAndAnnounced(page, [page.getByLabel('Last name')])
	await keys.type(page.getByLabel('Last name'), 'Keys')
	await keys.type(page.getByLabel('Password', { exact: true }), 'Secret1234')
	await keys.type(page.getByLabel('Confirm password'), 'Secret1234')
	await keys.tick(page.getByLabel('I agree to the terms of use and privacy policy'))
	await keys.press(page.getByRole('button', { name: 'Create account' }))
	await expect(page).toHaveURL(/\/activation\?email=/)

	await keys.type(page.getByLabel('Activation code'), await latestCode(request, email))
	await keys.press(page.getByRole('button', { name: 'Activate' }))
	await expect(page).toHaveURL(/\/login\?email=/)
})

test('registering a product by keyboard: errors tied to their fields, then registered', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	const keys = new KeyboardUser(page)
	await page.goto(REGISTER_PATH)
	await keys.press(page.getByRole('button', { name: 'Register', exact: true }))
	await expectErrorsTiedAndAnnounced(page, [page.getByLabel('Serial number')])

	await keys.type(page.getByLabel('Serial number'), 'Z1A9101')
	await keys.choose(page.getByLabel('Category'), 'Pianos')
	if (!javaScript) await keys.press(page.getByRole('button', { name: 'Show models' }))
	await keys.choose(page.getByLabel('Model', { exact: true }), 'FP-30X Digital Piano')
	await keys.typeDate(page.getByLabel('Purchase date'), daysAgo(30))
	await keys.choose(page.getByLabel('Purchase method'), 'In a store')
	await keys.type(page.getByLabel('Dealer'), 'Harmony Hall Music')
	await keys.press(page.getByRole('button', { name: 'Register', exact: true }))
	await expect(page).toHaveURL(/\/gear\/register_product\/[0-9a-f-]{36}$/)
})

test('a support request by keyboard: errors tied to their fields, then sent', async ({ page, playwright, portal }) => {
	const api = await playwright.request.newContext({ baseURL: portal.url })
	const account = await makeSupportAccount(api)
	await page.context().addCookies(account.storageState.cookies)
	await api.dispose()
	const keys = new KeyboardUser(page)
	await page.goto('/support/order_status')
	const orderNumber = page.locator('[name="orderNumber"]')
	await keys.press(page.getByRole('button', { name: 'Send', exact: true }))
	await expectErrorsTiedAndAnnounced(page, [orderNumber])

	for (const field of fieldsOf(SUPPORT_FORMS.order_status, false)) {
		const control = page.locator(`main [name="${field.name}"]`)
		if (field.kind === 'select' || (await control.inputValue()) !== '') continue
		await keys.type(control, VALID[field.name] ?? '')
	}
	await keys.press(page.getByRole('button', { name: 'Send', exact: true }))
	await expect(page).toHaveURL(/\/support\/order_status\?sent=/)
	await expect(
		page.getByRole('status').filter({ hasText: new URL(page.url()).searchParams.get('sent')! }),
	).toBeVisible()
})

test('the profile settings by keyboard: errors tied to their fields, then saved', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	const keys = new KeyboardUser(page)
	await page.goto('/settings/profile')
	const lastName = page.getByLabel('Last name')
	await keys.type(lastName, ' ')
	await page.keyboard.press('Backspace')
	await keys.press(page.getByRole('button', { name: 'Save', exact: true }))
	await expectErrorsTiedAndAnnounced(page, [lastName])

	await keys.type(lastName, 'Keys')
	await keys.choose(page.getByLabel('Gender'), 'Female')
	await keys.tick(page.getByLabel('Send me news and offers by email'))
	await keys.press(page.getByRole('button', { name: 'Save', exact: true }))
	await expect(page).toHaveURL('/settings/profile')
	await expect(page.locator('.toast')).toContainText('Updated.')
	await expect(lastName).toHaveValue('Keys')
})

test('a cloud checkout by keyboard: a plan bought through the processor’s checkout', async ({ page, request }) => {
	const account = await makeCloudAccount(request, 'keys')
	await page.context().addCookies(account.storageState.cookies)
	const keys = new KeyboardUser(page)
	await page.goto('/cloud/memberships/annual')
	await keys.press(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Buy Pro' }))
	await expect(page).toHaveURL(/\/_emulator\/cloud\/processors\/checkout\//)
	await keys.press(page.getByRole('button', { name: /^Pay / }))
	await expect(page).toHaveURL(/\/cloud\/checkout$/)
	await expect(page.getByText('Thank you: your membership is active.')).toBeVisible()
})
