import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formDataOf, SCHEMA_OPTIONS, validEntries } from '#tests/fixtures/support-forms.ts'
import { SUPPORT_TABS } from './screens.ts'
import { partFieldName, SUPPORT_FORMS, type SupportTab } from './support-fields.ts'
import { supportSchema, type SupportFormValue } from './support-form.ts'
import {
	buildSupportTicket,
	chosenProduct,
	registrationDetails,
	stateProvinceName,
	ticketBrand,
	ticketBrandName,
	type TicketInput,
	type TicketTranslate,
} from './support-ticket.ts'

/** The English catalogue, as the portal's translator reads it. */
function catalogueTranslator(lng: string): TicketTranslate {
	const file = path.resolve(import.meta.dirname, `../i18n/locales/${lng}/common.json`)
	const tree = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>
	return (key, values) => {
		const [section, name] = key.split('.') as [string, string]
		const text = tree[section]?.[name]
		if (typeof text !== 'string') throw new Error(`no text for ${key}`)
		return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, value: string) => values?.[value] ?? '')
	}
}
const en = catalogueTranslator('en')

const CATALOGUE = [
	{ slug: 'fp-30x', name: 'FP-30X Digital Piano', brand: 'main' },
	{ slug: 'td-27kv2', name: 'TD-27KV2 V-Drums Kit', brand: 'main' },
	{ slug: 'ds-1', name: 'DS-1 Distortion', brand: 'effects' },
]

function valueOf(
	tab: SupportTab,
	entries: Record<string, string> = validEntries(tab),
	japanese = false,
): SupportFormValue {
	const submission = parseWithZod(formDataOf(entries), {
		schema: supportSchema(SUPPORT_FORMS[tab], {
			...SCHEMA_OPTIONS,
			japanese,
			options: { ...SCHEMA_OPTIONS.options, products: ['fp-30x', 'ds-1', 'other'] },
		}),
	})
	if (submission.status !== 'success') throw new Error(JSON.stringify(submission.reply().error))
	return submission.value
}

function ticketOf(tab: SupportTab, overrides: Partial<TicketInput> = {}, entries?: Record<string, string>) {
	const value = valueOf(tab, entries)
	return buildSupportTicket({
		form: SUPPORT_FORMS[tab],
		value,
		japanese: false,
		cultureCode: 'en-US',
		translate: en,
		product: chosenProduct(value.fields.product, CATALOGUE, []).product,
		themeBrand: 'main',
		brandNames: { main: 'Roland', effects: 'BOSS', dw: 'DW', dwe: 'DWe' },
		countryName: 'United States',
		requester: { name: 'Robin Drummer', email: 'robin@example.com' },
		rjmService: false,
		...overrides,
	})
}

/** The tags of spec 2 §9 each form carries (besides a service request's brand tag). */
const FORM_TAGS: Record<SupportTab, string[]> = {
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

/** The subject each form's valid answers give. */
const SUBJECTS: Record<SupportTab, string> = {
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

describe('the ticket of every form', () => {
	it.each(SUPPORT_TABS)('%s: subject, tags, sections, requester', (tab) => {
		const request = ticketOf(tab)
		expect(request.ticket.subject).toBe(SUBJECTS[tab])
		expect(request.ticket.tags).toEqual(FORM_TAGS[tab])
		const body = request.ticket.comment.body
		const product = body.indexOf('Product Information\n')
		const contact = body.indexOf('\n\nContact Information\n')
		const question = body.indexOf('\nQuestion:\n')
		expect(product).toBe(0)
		expect(contact).toBeGreaterThan(product)
		expect(question).toBeGreaterThan(contact)
		expect(body).toContain('Name: Robin Drummer')
		expect(body).toContain('Email: robin@example.com')
		expect(request.request.requester).toEqual({ name: 'Robin Drummer', email: 'robin@example.com' })
		expect(request.request.cultureCode).toBe('en-US')
		expect(request.ticket.customFields.countryName).toBe('United States')
	})

	it('writes labelled lines from the catalogue, selects as the customer saw them', () => {
		const body = ticketOf('service_request', {
			optionLabels: { purchaseMethods: { '1': 'In a store' }, countries: { US: 'United States' } },
		}).ticket.comment.body
		expect(body).toBe(
			[
				'Product Information',
				'Product: FP-30X Digital Piano',
				'Serial number: No Data',
				'Purchase date: 2024-05-01',
				'Purchase method: In a store',
				'Dealer: Music Store',
				'',
				'Contact Information',
				'Name: Robin Drummer',
				'Email: robin@example.com',
				'Phone: (415) 555-2671',
				'Address 1: 1 Main Street',
				'City: San Francisco',
				'State: CA',
				'Postal code: 94105',
				'Country: United States',
				'',
				'Question:',
				'The middle C key sticks when played softly.',
			].join('\n'),
		)
	})

	it('a given serial is written, a missing one is No Data', () => {
		const entries = { ...validEntries('service_request'), serialCode: 'A1234567' }
		expect(ticketOf('service_request', {}, entries).ticket.comment.body).toContain('Serial number: A1234567')
		expect(ticketOf('product_repair').ticket.comment.body).toContain('Serial number: No Data')
	})

	it('lists the parts and the attachments', () => {
		const entries = validEntries('parts_order_request')
		entries[partFieldName(1, 'description')] = 'Cable'
		entries[partFieldName(1, 'quantity')] = '1'
		const body = ticketOf('parts_order_request', { attachmentNames: ['damage.jpg', 'receipt.pdf'] }, entries).ticket
			.comment.body
		expect(body).toContain('Part 1: Part number: P-100, Description: Pedal spring, Quantity: 2')
		expect(body).toContain('Part 2: Description: Cable, Quantity: 1')
		expect(body).toContain('Attachments: damage.jpg, receipt.pdf\n\nQuestion:')
	})
})

describe('the service request (spec 2 §9)', () => {
	it('is titled and tagged by the product’s brand, of type service_request and category question', () => {
		const request = ticketOf('service_request', {}, { ...validEntries('service_request'), product: 'ds-1' })
		expect(request.ticket.subject).toBe('BOSS Service Request')
		expect(request.ticket.tags).toEqual(['service_request', 'boss_service_request'])
		expect(request.ticket.type).toBe('service_request')
		expect(request.ticket.customFields.requestType).toBe('question')
		expect(request.brand).toBe('effects')
		expect(request.ticket.customFields.productName).toBe('DS-1 Distortion')
	})

	it('adds rjm_service when the flag is set', () => {
		expect(ticketOf('service_request', { rjmService: true }).ticket.tags).toEqual([
			'service_request',
			'roland_service_request',
			'rjm_service',
		])
		// Only service requests go to the service centre.
		expect(ticketOf('product_support', { rjmService: true }).ticket.tags).toEqual(['product_support'])
	})

	it('falls back to the drum brand for a brand the map does not know', () => {
		expect(ticketBrand('acme')).toBe('dw')
		expect(ticketBrandName('acme')).toBe('DW')
		expect(ticketBrandName('dwe', {})).toBe('DWe')
		expect(ticketBrandName('main', { main: 'Roland (master)' })).toBe('Roland (master)')
		const request = ticketOf('dw_service_request', {}, { ...validEntries('dw_service_request'), brand: 'dw' })
		expect(request.brand).toBe('dw')
		const unknownTheme = ticketOf(
			'service_request',
			{ themeBrand: 'nobody' },
			{ ...validEntries('service_request'), product: 'other' },
		)
		expect(unknownTheme.ticket.subject).toBe('DW Service Request')
		expect(unknownTheme.ticket.tags).toContain('dw_service_request')
	})

	it('a drum service request is titled with the chosen drum brand', () => {
		const request = ticketOf(
			'dw_service_request',
			{ brandNames: {} },
			{ ...validEntries('dw_service_request'), brand: 'pdp' },
		)
		expect(request.ticket.subject).toBe('PDP Service Request')
		expect(request.ticket.tags).toEqual(['service_request', 'dwdrums_support', 'pdp_service_request'])
	})
})

describe('the other forms', () => {
	it('are questions that say which form they are, with the product named', () => {
		const request = ticketOf(
			'product_support',
			{},
			{ ...validEntries('product_support'), product: 'other', otherProductName: 'Old synth' },
		)
		expect(request.ticket.type).toBe('question')
		expect(request.ticket.customFields).toEqual({
			productName: 'Old synth',
			requestType: 'product_support',
			countryName: 'United States',
		})
		expect(request.ticket.comment.body).toContain('Product: Other\nProduct name: Old synth')
	})

	it('take the portal’s brand when they name no product', () => {
		expect(ticketOf('repair_status', { themeBrand: 'effects' }).brand).toBe('effects')
	})

	it('writes labels in the page’s language', () => {
		const request = ticketOf('order_status', { translate: catalogueTranslator('ja'), cultureCode: 'ja-JP' })
		expect(request.ticket.subject).toBe(
			'オーダー状況: ORD-12345'.replace('オーダー状況', catalogueTranslator('ja')('tab.order_status')),
		)
		expect(request.ticket.comment.body).toContain('注文番号: ORD-12345')
	})
})

describe('chosenProduct', () => {
	it('reads a catalogue slug, a registration and Other', () => {
		const registered = [
			{
				id: 'rp1',
				slug: 'ds-1',
				serialCode: 'S1234567',
				purchaseDate: '2020-01-01',
				purchaseMethod: null,
				purchaseDealer: null,
			},
		]
		expect(chosenProduct('fp-30x', CATALOGUE, registered).product?.name).toBe('FP-30X Digital Piano')
		expect(chosenProduct('registered:rp1', CATALOGUE, registered)).toEqual({
			product: CATALOGUE[2],
			registration: registered[0],
		})
		expect(chosenProduct('registered:nope', CATALOGUE, registered)).toEqual({ product: null, registration: null })
		expect(chosenProduct('other', CATALOGUE, registered).product).toBeNull()
	})
})

describe('stateProvinceName', () => {
	const STATES = [
		{ value: 'US-ID', label: 'Idaho' },
		{ value: 'US-TX', label: 'Texas' },
		{ value: 'JP-13', label: '東京都' },
	]

	it('names the list value the profile keeps, and an older record’s bare code of the country', () => {
		expect(stateProvinceName('US-ID', 'US', STATES)).toBe('Idaho')
		expect(stateProvinceName('JP-13', 'JP', STATES)).toBe('東京都')
		expect(stateProvinceName('tx', 'US', STATES)).toBe('Texas')
	})

	it('keeps a name typed, a code of no known state, and a bare code without its country', () => {
		expect(stateProvinceName('Tokyo', 'JP', STATES)).toBe('Tokyo')
		expect(stateProvinceName('US-ZZ', 'US', STATES)).toBe('US-ZZ')
		expect(stateProvinceName('TX', '', STATES)).toBe('TX')
		expect(stateProvinceName('', 'US', STATES)).toBe('')
	})

	it('is how the ticket writes the state, in the page’s language', () => {
		const states = { country: 'JP', list: STATES }
		const ja = catalogueTranslator('ja')
		const request = ticketOf(
			'service_request',
			{ translate: ja, cultureCode: 'ja-JP', states },
			{ ...validEntries('service_request'), stateProvince: 'JP-13' },
		)
		expect(request.ticket.comment.body).toContain(`${ja('supportForms.state')}: 東京都`)
		expect(request.ticket.comment.body).not.toContain('JP-13')
		expect(ticketOf('service_request', { states }).ticket.comment.body).toContain('State: CA')
	})
})

describe('registrationDetails', () => {
	it('fills the serial and the purchase details the portal knows, nothing it does not', () => {
		const registration = {
			id: 'rp1',
			slug: 'ds-1',
			serialCode: 'S1234567',
			purchaseDate: '2020-01-01',
			purchaseMethod: null,
			purchaseDealer: 'Main Street Music',
		}
		expect(registrationDetails(registration)).toEqual({
			serialCode: 'S1234567',
			purchaseDate: '2020-01-01',
			purchaseDealer: 'Main Street Music',
		})
		expect(registrationDetails({ ...registration, purchaseDate: null, purchaseDealer: null })).toEqual({
			serialCode: 'S1234567',
		})
	})
})
