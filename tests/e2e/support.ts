/**
 * Helpers of the support-form journeys: one account per worker, made through the emulated account
 * API (sign-up, activation, a phone, an address and a registered product) and signed in once, so
 * the sixteen forms' journeys share it instead of each signing up through the screens.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { fieldsOf, partFieldName, SUPPORT_FORMS, type SupportTab } from '../../app/domain/support-fields.ts'
import en from '../../app/i18n/locales/en/common.json' with { type: 'json' }
import { VALID } from '../fixtures/support-forms.ts'
import { formPost } from './account.ts'
import { accountApiSession, activatedAccount, signInToPortal } from './emulator.ts'
import { expect } from './fixtures.ts'

export interface SupportAccount {
	email: string
	password: string
	name: string
	/** The registered product the forms offer first. */
	registeredProductId: string
	/** The signed-in browser state (the session cookie) the journeys start from. */
	storageState: Awaited<ReturnType<APIRequestContext['storageState']>>
}

/** A US customer with a phone, an address and one registered product, signed in to the portal. */
export async function makeSupportAccount(request: APIRequestContext): Promise<SupportAccount> {
	const { email, password } = await activatedAccount(request, {
		prefix: 'support',
		firstName: 'Sam',
		lastName: 'Support',
	})
	const api = await accountApiSession(request, email, password)
	const headers = { Authorization: api.accessToken }
	const profile = await request.put(`/_emulator/account/users/${api.userId}`, {
		headers,
		data: {
			address: { addressLine1: '10 Drum Lane', city: 'Austin', stateProvince: 'TX', postalCode: '78701' },
		},
	})
	expect(profile.ok(), await profile.text()).toBe(true)
	const phone = await request.post(`/_emulator/account/users/${api.userId}/phones`, {
		headers,
		data: { number: '(512) 555-0143', type: 'mobile' },
	})
	expect(phone.ok(), await phone.text()).toBe(true)
	const product = await request.post(`/_emulator/account/users/${api.userId}/registeredProducts`, {
		headers,
		data: { product: { slug: 'ds-1' }, serialCode: 'SUP0001', purchaseDate: '2022-03-04' },
	})
	expect(product.status(), await product.text()).toBe(201)
	const registeredProductId = ((await product.json()) as { id: string }).id

	await signInToPortal(request, email, password)
	return { email, password, name: 'Sam Support', registeredProductId, storageState: await request.storageState() }
}

/** The English text of a catalogue key. */
export function english(key: string): string {
	const [section, name] = key.split('.') as [string, string]
	const text = (en as unknown as Record<string, Record<string, string>>)[section]?.[name]
	if (typeof text !== 'string') throw new Error(`no English text for ${key}`)
	return text
}

/** A select's value for the valid form: the catalogue product, the drum brand… */
const SELECT_VALUES: Record<string, string> = { product: 'fp-30x', brand: 'dw' }

/** Fills every field of a form with valid answers (the email as the account gave it). */
export async function fillValid(page: Page, tab: SupportTab, japanese = false) {
	const form = SUPPORT_FORMS[tab]
	for (const field of fieldsOf(form, japanese)) {
		if (field.name === 'email') continue
		const control = page.locator(`main [name="${field.name}"]`)
		const value =
			field.name === 'preferredDate'
				? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
				: (SELECT_VALUES[field.name] ?? VALID[field.name] ?? '')
		if (field.kind === 'select') await control.selectOption(value)
		else await control.fill(value)
	}
	if (form.parts) {
		await page.locator(`main [name="${partFieldName(0, 'partNumber')}"]`).fill('P-100')
		await page.locator(`main [name="${partFieldName(0, 'description')}"]`).fill('Pedal spring')
		await page.locator(`main [name="${partFieldName(0, 'quantity')}"]`).fill('2')
	}
}

/** Empties every field a form shows (selects to their 'Choose…'). */
export async function emptyAll(page: Page, tab: SupportTab) {
	for (const field of fieldsOf(SUPPORT_FORMS[tab], false)) {
		const control = page.locator(`main [name="${field.name}"]`)
		if (field.kind === 'select') await control.selectOption('')
		else await control.fill('')
	}
}

/** The subject each form's valid answers give (the product FP-30X, the drum brand DW). */
export const EXPECTED_SUBJECTS: Record<SupportTab, string> = {
	service_request: 'Roland Service Request',
	parts_order_request: 'Parts Order: FP-30X Digital Piano',
	repair_status: 'Repair Status: RA-98765',
	order_status: 'Order Status: ORD-12345',
	pre_sales_advice: 'Pre-Sales Advice: FP-30X Digital Piano',
	book_a_demo: 'Book a Demo: FP-30X Digital Piano',
	product_aftercare: 'Product Aftercare: Keys stick',
	product_support: 'Product Support: Keys stick',
	product_repair: 'Product Repair: FP-30X Digital Piano',
	spare_parts_enquiry: 'Spare Parts Enquiry: FP-30X Digital Piano',
	dw_product_support: 'Product Support: Collector’s maple kit',
	dwe_product_support: 'DWe Product Support: Collector’s maple kit',
	dw_order_support: 'Order Support: ORD-12345',
	dw_service_inquiry: 'Service Inquiry: Keys stick',
	dw_service_request: 'DW Service Request',
	dw_brands_product_support: 'Brands Product Support: Collector’s maple kit',
}

/** The tags each form's ticket carries (spec 2 §9). */
export const EXPECTED_TAGS: Record<SupportTab, string[]> = {
	service_request: ['service_request', 'roland_service_request'],
	parts_order_request: ['parts_order_request'],
	repair_status: ['repair_status'],
	order_status: ['order_status'],
	pre_sales_advice: ['pre_sales_advice'],
	book_a_demo: ['pre_sales_advice', 'book_a_demo'],
	product_aftercare: ['product_support', 'product_aftercare'],
	product_support: ['product_support'],
	product_repair: ['product_repair'],
	spare_parts_enquiry: ['spare_parts_enquiry'],
	dw_product_support: ['dwdrums_support'],
	dwe_product_support: ['dwe_support'],
	dw_order_support: ['dwdrums_support', 'dw_order_support'],
	dw_service_inquiry: ['dwdrums_support', 'dw_service_inquiry'],
	dw_service_request: ['service_request', 'dwdrums_support', 'dw_service_request'],
	dw_brands_product_support: ['dwdrums_support', 'dw_brands_product_support'],
}

/**
 * A new customer, signed in through the page's own request context (so the session lands in its browser),
 * sends a valid service request on the page: answered below 400, then the reference shown.
 */
export async function sendServiceRequestAsNewCustomer(page: Page): Promise<void> {
	const account = await makeSupportAccount(page.request)
	await page.goto('/support/service_request')
	await fillValid(page, 'service_request')
	await page.locator('[name="email"]').fill(account.email)
	const sent = formPost(page, '/support/service_request')
	await page.getByRole('button', { name: 'Send', exact: true }).click()
	expect((await sent).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/\/support\/service_request\?sent=/)
	const reference = new URL(page.url()).searchParams.get('sent')!
	await expect(page.getByRole('status').filter({ hasText: reference })).toBeVisible()
}
