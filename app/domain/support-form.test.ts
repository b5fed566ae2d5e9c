import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formDataOf, SCHEMA_OPTIONS, validEntries } from '#tests/fixtures/support-forms.ts'
import { SUPPORT_TABS } from './screens.ts'
import {
	fieldsOf,
	MAX_PARTS,
	partFieldName,
	SUPPORT_FORMS,
	supportValuesFromForm,
	withAddedPart,
	type SupportField,
	type SupportTab,
} from './support-fields.ts'
import { supportSchema, type SupportSchemaOptions } from './support-form.ts'

function parse(tab: SupportTab, entries: Record<string, string>, options: Partial<SupportSchemaOptions> = {}) {
	return parseWithZod(formDataOf(entries), {
		schema: supportSchema(SUPPORT_FORMS[tab], { ...SCHEMA_OPTIONS, ...options }),
	})
}

const requiredFields = (tab: SupportTab, japanese = false): SupportField[] =>
	fieldsOf(SUPPORT_FORMS[tab], japanese).filter((field) => field.required)

describe('every support form', () => {
	it.each(SUPPORT_TABS)('%s takes a valid form', (tab) => {
		const submission = parse(tab, validEntries(tab))
		expect(submission.status === 'success' ? 'ok' : submission.reply().error).toBe('ok')
	})

	it.each(SUPPORT_TABS)('%s sent empty names every required field with its own message, at once', (tab) => {
		const submission = parse(tab, {})
		expect(submission.status).toBe('error')
		const errors = submission.reply().error ?? {}
		for (const field of requiredFields(tab)) expect(errors[field.name], field.name).toEqual([field.requiredKey])
		const optional = fieldsOf(SUPPORT_FORMS[tab], false).filter((field) => !field.required && !field.requiredWhen)
		for (const field of optional) expect(errors[field.name], field.name).toBeUndefined()
	})
})

describe('the rules of spec 1 §5', () => {
	it('says X must be valid for a bad phone, postal code, email and date, and that a date is in the future', () => {
		const errors =
			parse('service_request', {
				...validEntries('service_request'),
				phone: '12',
				postalCode: 'ABCDE',
				email: 'not-an-email',
				purchaseDate: '2099-01-01',
			}).reply().error ?? {}
		expect(errors).toMatchObject({
			phone: ['supportForms.phoneInvalid'],
			postalCode: ['supportForms.postalCodeInvalid'],
			email: ['validation.emailInvalid'],
			purchaseDate: ['supportForms.purchaseDateFuture'],
		})
		const bad = parse('service_request', { ...validEntries('service_request'), purchaseDate: '2023-02-30' })
		expect(bad.reply().error).toMatchObject({ purchaseDate: ['supportForms.purchaseDateInvalid'] })
	})

	it('pre-sales advice: question required, ZIP and phone valid, phone optional', () => {
		const entries = validEntries('pre_sales_advice')
		expect(parse('pre_sales_advice', { ...entries, phone: '' }).status).toBe('success')
		const errors = parse('pre_sales_advice', { ...entries, phone: 'abc', postalCode: '1', question: '' }).reply().error
		expect(errors).toMatchObject({
			phone: ['supportForms.phoneInvalid'],
			postalCode: ['supportForms.zipCodeInvalid'],
			question: ['supportForms.questionRequired'],
		})
	})

	it('product support asks for the product name only when the product is Other', () => {
		const entries = validEntries('product_support')
		expect(parse('product_support', entries).status).toBe('success')
		expect(parse('product_support', { ...entries, product: 'other' }).reply().error).toEqual({
			otherProductName: ['supportForms.otherProductNameRequired'],
		})
		expect(parse('product_support', { ...entries, product: 'other', otherProductName: 'Old synth' }).status).toBe(
			'success',
		)
	})

	it('the DWe form needs the OS (Windows or macOS), its version and the audio interface', () => {
		const errors =
			parse('dwe_product_support', {
				...validEntries('dwe_product_support'),
				os: 'linux',
				osVersion: '',
				audioInterface: '',
			}).reply().error ?? {}
		expect(errors).toEqual({
			os: ['supportForms.osRequired'],
			osVersion: ['supportForms.osVersionRequired'],
			audioInterface: ['supportForms.audioInterfaceRequired'],
		})
	})

	it('a select holds only what it offered', () => {
		expect(parse('service_request', { ...validEntries('service_request'), product: 'no-such' }).reply().error).toEqual({
			product: ['supportForms.productInvalid'],
		})
	})

	it('checks the phone and postal code for the country chosen in the form', () => {
		const entries = { ...validEntries('service_request'), country: 'JP', postalCode: '100-0001', phone: '03-1234-5678' }
		expect(parse('service_request', entries).status).toBe('success')
		expect(
			parse('repair_status', { ...validEntries('repair_status'), phone: '03-1234-5678' }, { country: 'JP' }).status,
		).toBe('success')
	})
})

describe('ja-JP', () => {
	it('has the extra purchase fields and the Japanese address order', () => {
		const names = fieldsOf(SUPPORT_FORMS.service_request, true).map((field) => field.name)
		expect(names).toContain('dealerAddress')
		expect(names).toContain('warrantyCard')
		const address = names.filter((name) =>
			['postalCode', 'stateProvince', 'city', 'addressLine1', 'addressLine2', 'addressLine3'].includes(name),
		)
		expect(address).toEqual(['postalCode', 'stateProvince', 'city', 'addressLine1', 'addressLine2', 'addressLine3'])
		const western = fieldsOf(SUPPORT_FORMS.service_request, false).map((field) => field.name)
		expect(western).not.toContain('warrantyCard')
		expect(western.indexOf('addressLine1')).toBeLessThan(western.indexOf('postalCode'))
	})

	it('requires the warranty card answer', () => {
		const entries = {
			...validEntries('service_request', true),
			warrantyCard: '',
			country: 'JP',
			postalCode: '100-0001',
			phone: '03-1234-5678',
		}
		expect(parse('service_request', entries, { japanese: true }).reply().error).toEqual({
			warrantyCard: ['supportForms.warrantyCardRequired'],
		})
	})
})

describe('parts', () => {
	it('takes up to three parts, each with a description and a quantity', () => {
		const entries = validEntries('parts_order_request')
		entries[partFieldName(1, 'description')] = 'Cable'
		entries[partFieldName(1, 'quantity')] = '100'
		entries[partFieldName(2, 'partNumber')] = 'X'
		const errors = parse('parts_order_request', entries).reply().error
		expect(errors).toEqual({
			'parts[1].quantity': ['supportForms.quantityInvalid'],
			'parts[2].description': ['supportForms.descriptionRequired'],
			'parts[2].quantity': ['supportForms.quantityRequired'],
		})
	})

	it('refuses a fourth part', () => {
		const entries = validEntries('parts_order_request')
		for (let index = 1; index <= MAX_PARTS; index++) {
			entries[partFieldName(index, 'description')] = `Part ${index}`
			entries[partFieldName(index, 'quantity')] = '1'
		}
		expect(parse('parts_order_request', entries).reply().error).toEqual({ parts: ['supportForms.tooManyParts'] })
	})

	it('skips rows left empty, and needs at least one part', () => {
		const entries = validEntries('parts_order_request')
		entries[partFieldName(1, 'description')] = ''
		const submission = parse('parts_order_request', entries)
		expect(submission.status === 'success' && submission.value.parts).toHaveLength(1)
		const none = {
			...entries,
			[partFieldName(0, 'description')]: '',
			[partFieldName(0, 'quantity')]: '',
			[partFieldName(0, 'partNumber')]: '',
		}
		expect(Object.keys(parse('parts_order_request', none).reply().error ?? {})).toEqual([
			'parts[0].description',
			'parts[0].quantity',
		])
	})

	it('adds a row as typed, never past three', () => {
		const values = supportValuesFromForm(
			SUPPORT_FORMS.parts_order_request,
			formDataOf(validEntries('parts_order_request')),
		)
		const two = withAddedPart(values)
		expect(two.parts).toHaveLength(2)
		expect(two.parts[0]).toEqual({ partNumber: 'P-100', description: 'Pedal spring', quantity: '2' })
		expect(withAddedPart(withAddedPart(two)).parts).toHaveLength(3)
	})
})
