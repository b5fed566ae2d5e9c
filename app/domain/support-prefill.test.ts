import { describe, expect, it } from 'vitest'
import { SUPPORT_FORMS } from './support-fields.ts'
import { prefilled, supportCountry, withRegistration, type SupportAccount } from './support-prefill.ts'
import { supportTicketBrand, type RegisteredChoice } from './support-ticket.ts'

const me: SupportAccount = {
	firstName: 'Ada',
	lastName: 'Lovelace',
	email: 'ada@example.com',
	phones: [{ number: '5550100' }, { number: '5550199' }],
	country: 'US',
	address: { addressLine1: '1 Main St', city: 'Boise', stateProvince: 'ID', postalCode: '83702' },
}
const states = [{ value: 'US-ID', label: 'Idaho' }]
const guitar: RegisteredChoice = {
	id: 'r1',
	slug: 'gt-1',
	serialCode: 'A123456',
	purchaseDate: '2026-01-02',
	purchaseMethod: 'store',
	purchaseDealer: null,
}

describe('supportCountry', () => {
	it('is the form’s, else the account’s, else the culture’s', () => {
		expect(supportCountry('DE', 'US', 'ja-JP')).toBe('DE')
		expect(supportCountry('', 'US', 'ja-JP')).toBe('US')
		expect(supportCountry(null, null, 'ja-JP')).toBe('JP')
	})
})

describe('prefilled', () => {
	it('fills the contact fields the form has from the account, the state by its name', () => {
		const values = prefilled('service_request', me, { culture: 'en-US', theme: 'main' }, [], states)
		expect(values.fields).toMatchObject({
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			phone: '5550100',
			addressLine1: '1 Main St',
			city: 'Boise',
			stateProvince: 'Idaho',
			postalCode: '83702',
		})
		expect(Object.keys(values.fields).sort()).toEqual(SUPPORT_FORMS.service_request.fields.map((f) => f.name).sort())
	})

	it('takes the culture’s country when the account has none', () => {
		const values = prefilled('dw_product_support', { ...me, country: null }, { culture: 'ja-JP', theme: 'dw' }, [], [])
		expect(values.fields.country).toBe('JP')
		expect(values.fields.brand).toBe('dw')
	})

	it('leaves the brand empty on a non-drum theme', () => {
		expect(prefilled('dw_product_support', me, { culture: 'en-US', theme: 'main' }, [], []).fields.brand).toBe('')
	})

	it('chooses the only registration, or the one asked for, with its serial and purchase details', () => {
		const only = prefilled('service_request', me, { culture: 'en-US', theme: 'main' }, [guitar], states)
		expect(only.fields).toMatchObject({ product: 'registered:r1', serialCode: 'A123456', purchaseDate: '2026-01-02' })
		const other = { ...guitar, id: 'r2', serialCode: 'B7654321' }
		const two = prefilled('service_request', me, { culture: 'en-US', theme: 'main' }, [guitar, other], states)
		expect(two.fields.product).toBe('')
		const asked = prefilled('service_request', me, { culture: 'en-US', theme: 'main' }, [guitar, other], states, 'r2')
		expect(asked.fields.product).toBe('registered:r2')
	})

	it('gives a parts form one empty part row', () => {
		expect(prefilled('parts_order_request', me, { culture: 'en-US', theme: 'main' }, [], []).parts).toHaveLength(1)
	})
})

describe('withRegistration', () => {
	it('fills only the fields the form has', () => {
		const values = withRegistration({ fields: { product: '', serialCode: '' }, parts: [] }, guitar)
		expect(values.fields).toEqual({ product: 'registered:r1', serialCode: 'A123456' })
	})
})

describe('supportTicketBrand', () => {
	const product = { brand: 'effects' }
	it('is the brand field’s on a form that asks for one', () => {
		expect(supportTicketBrand({ brandFrom: 'brandField' }, { brandField: 'pdp', product, themeBrand: 'main' })).toBe(
			'pdp',
		)
	})
	it('is the chosen product’s, else the theme’s, on a product form', () => {
		expect(supportTicketBrand({ brandFrom: 'product' }, { product, themeBrand: 'main' })).toBe('effects')
		expect(supportTicketBrand({ brandFrom: 'product' }, { product: null, themeBrand: 'main' })).toBe('main')
	})
	it('is the theme’s on a status form, even with a product at hand (the action’s old copy took the product’s)', () => {
		expect(supportTicketBrand({ brandFrom: 'theme' }, { product, themeBrand: 'main' })).toBe('main')
	})
	it('is the drum brand when the value is unknown', () => {
		expect(supportTicketBrand({ brandFrom: 'brandField' }, { brandField: 'nope', themeBrand: 'main' })).toBe('dw')
	})
})
