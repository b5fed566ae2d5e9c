import type { Locator, Page } from '@playwright/test'
import { accountTest, uniqueEmail } from './account.ts'
import { expect, expectAccessible, themedUrl } from './fixtures.ts'
import { SAMPLES } from './screen-list.ts'

/**
 * Issue 21, every form: each control whose field the server's schema requires carries `required`
 * (the state a screen reader says) and shows the shared '(required)' mark beside its label; every
 * other control has neither. The forms' required fields are written out here from their schemas
 * (app/domain/*-form*.ts, account-forms.ts, contact-form.ts), so a form that drops a mark, or marks
 * an optional field, fails. The register and support forms are walked in form-messages.spec.ts.
 *
 * Each form is a soft check, so one run names every form and field that is wrong.
 */

const test = accountTest
test.describe.configure({ timeout: 90_000 })

interface FormCase {
	/** What the check is called in a failure. */
	name: string
	path: string
	/** The form, by a submit button's name (`Save` is on several forms: then a control it holds). */
	button: string
	/** A label of a control only this form holds, when the button's name is not enough. */
	holding?: string
	/** Labels (a radio group's legend) of the controls whose fields the server requires. */
	required: readonly string[]
	/** Steps before the form shows, when a URL alone does not reach it (sign-up's second step). */
	open?: (page: Page) => Promise<void>
}

const TERMS = 'I agree to the terms of use and privacy policy (Terms of use and privacy policy)'

const VISITOR_FORMS: readonly FormCase[] = [
	{ name: 'sign-up, email', path: '/signup', button: 'Continue', required: ['Email'] },
	{
		name: 'sign-up, details',
		path: '/signup',
		button: 'Create account',
		required: ['First name', 'Last name', 'Password', 'Confirm password', 'Language and region', 'Country', TERMS],
		open: async (page) => {
			await page.getByLabel('Email').fill(uniqueEmail('marks'))
			await page.getByRole('button', { name: 'Continue' }).click()
			await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
		},
	},
	{
		name: 'migration',
		path: '/migration',
		button: 'Reactivate account',
		required: ['Email', 'New password', 'Language and region'],
	},
	{ name: 'log in', path: '/login', button: 'Log in', required: ['Email', 'Password'] },
	{ name: 'reset password, request', path: '/reset-password', button: 'Send reset code', required: ['Email'] },
	{
		name: 'reset password, new password',
		path: '/reset-password?sent=1',
		button: 'Set new password',
		required: ['Email', 'Code', 'New password', 'Confirm new password'],
	},
	{ name: 'activation', path: '/activation', button: 'Activate', required: ['Email', 'Activation code'] },
	{ name: 'activation, new code', path: '/activation', button: 'Send a new code', required: ['Email'] },
	{
		name: 'contact us (a visitor)',
		path: '/contact-us',
		button: 'Send',
		required: ['Contact name', 'Email', 'Subject', 'Details'],
	},
]

const CUSTOMER_FORMS: readonly FormCase[] = [
	{ name: 'email change, code', path: '/email-change?sent=1', button: 'Verify email address', required: ['Code'] },
	{
		name: 'email change, new address',
		path: '/email-change',
		button: 'Change your email address',
		required: ['New email', 'Confirm new email'],
	},
	{
		name: 'password change',
		path: '/settings/password',
		button: 'Change password',
		required: ['Current password', 'New password', 'Confirm new password'],
	},
	{
		name: 'delete account',
		path: '/delete-account',
		button: 'Delete account',
		required: ['I understand that my account and its data will be deleted'],
	},
	// Postal code, state, phone rows: required only with another field (a phone's number with its type).
	{ name: 'profile', path: '/settings/profile', button: 'Save', required: ['First name', 'Last name', 'Country'] },
	{
		name: 'region and language',
		path: '/settings/settings',
		button: 'Save',
		holding: 'Region',
		required: ['Region', 'Language'],
	},
]

const MEMBER_FORMS: readonly FormCase[] = [
	{
		name: 'entitlement key',
		path: '/cloud/entitlement-key/key',
		button: 'Activate key',
		required: ['Key', 'Hardware product'],
	},
	{
		name: 'entitlement key, serial number',
		path: '/cloud/entitlement-key/serial_number',
		button: 'Register serial number',
		required: ['Serial number', 'Hardware product'],
	},
	{
		name: 'contact us',
		path: '/cloud/contact-us',
		button: 'Send',
		required: ['Contact name', 'Email', 'Subject', 'Details'],
	},
	{
		name: 'app support',
		path: '/cloud/support/zenbeats',
		button: 'Send',
		required: ['Contact name', 'Email', 'Subject', 'Details'],
	},
	{
		name: 'cancel subscription',
		path: `/cloud/account/cancel/${SAMPLES.subscriptionId}`,
		button: 'Continue',
		required: ['Why are you cancelling?'],
	},
]

type State = 'required, marked' | 'optional' | 'required, no mark' | 'marked, not required'

/**
 * Every control of the form a customer sees (not the honeypot, not hidden inputs), by its label, or
 * a radio group by its legend: whether it is `required` and whether the '(required)' mark shows
 * beside its label (or in its legend).
 */
async function controlStates(form: Locator): Promise<Record<string, State>> {
	return form.evaluate((element) => {
		const states: Record<string, State> = {}
		const visibleMark = (container: Element | null | undefined) => {
			const mark = container?.querySelector(':scope > .required-mark')
			return Boolean(mark && mark.checkVisibility() && mark.textContent?.trim() === '(required)')
		}
		const withoutMark = (container: Element) => {
			const copy = container.cloneNode(true) as Element
			copy.querySelectorAll('.required-mark').forEach((mark) => mark.remove())
			return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
		}
		const controls = element.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
			'input:not([type=hidden]):not([type=submit]), select, textarea',
		)
		for (const control of controls) {
			if (!control.checkVisibility()) continue
			let name: string
			let marked: boolean
			if (control.type === 'radio') {
				const legend = control.closest('fieldset')?.querySelector(':scope > legend')
				name = legend ? withoutMark(legend) : control.name
				marked = visibleMark(legend)
			} else {
				const label = control.labels?.[0]
				name = label ? withoutMark(label) : control.name
				// The mark sits beside the label (FieldLabel), not in it.
				marked = visibleMark(label?.parentElement?.classList.contains('field-label') ? label.parentElement : null)
			}
			const state: State = control.required
				? marked
					? 'required, marked'
					: 'required, no mark'
				: marked
					? 'marked, not required'
					: 'optional'
			// A radio group is one field: any radio not required leaves the group not required.
			if (!(name in states) || state !== 'required, marked') states[name] = state
		}
		return states
	})
}

async function checkForms(page: Page, forms: readonly FormCase[]) {
	for (const form of forms) {
		await page.goto(form.path)
		await form.open?.(page)
		let locator = page.locator('form').filter({ has: page.getByRole('button', { name: form.button, exact: true }) })
		if (form.holding) locator = locator.filter({ has: page.getByLabel(form.holding, { exact: true }) })
		await expect(locator, form.name).toHaveCount(1)
		const states = await controlStates(locator)
		const expected = Object.fromEntries(
			Object.keys(states).map((name) => [name, form.required.includes(name) ? 'required, marked' : 'optional']),
		)
		for (const name of form.required) expected[name] = 'required, marked'
		expect.soft(states, `${form.name} (${form.path})`).toEqual(expected)
	}
}

test('a visitor’s forms mark what the server requires, and only that', async ({ page }) => {
	await checkForms(page, VISITOR_FORMS)
})

test.describe('signed in as a customer', () => {
	test.use({ signedInAs: 'customer' })
	test('the account’s forms mark what the server requires, and only that', async ({ page }) => {
		await checkForms(page, CUSTOMER_FORMS)
	})
})

test.describe('signed in as a member', () => {
	test.use({ signedInAs: 'cloudMember' })
	test('the cloud forms mark what the server requires, and only that', async ({ page }) => {
		await checkForms(page, MEMBER_FORMS)
	})
})

/**
 * The mark's grey on each theme's page: axe's contrast check (every theme's surface is light; a theme
 * with a darker surface must still pass). JavaScript only: the colours are the stylesheet's.
 */
test('the required mark is readable in every theme', async ({ page, baseURL, javaScript }) => {
	test.skip(!javaScript, 'the colours are the same without JavaScript')
	for (const theme of ['main', 'effects', 'cloud', 'proav'] as const) {
		await page.goto(themedUrl(theme, '/migration', baseURL))
		await expect(page.locator('.required-mark').first()).toBeVisible()
		await expectAccessible(page)
	}
	await page.goto('/migration')
	await expectAccessible(page)
})
