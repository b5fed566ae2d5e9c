import { describe, expect, it } from 'vitest'
import { EMPTY_REGISTER_VALUES, REGISTRATION_MESSAGES, type CatalogueProduct } from './product-registration.ts'
import { deviceRegistration, registerFormOnOpen } from './register-prefill.ts'

const catalogue: CatalogueProduct[] = [{ slug: 'fp-30x', modelCode: 'FP030X', name: 'FP-30X', categoryId: 1 }]
const none = { mdl: null, serial: null }

describe('registerFormOnOpen', () => {
	it('opens empty with no card', () => {
		expect(registerFormOnOpen(none, null, catalogue)).toEqual({
			values: EMPTY_REGISTER_VALUES,
			longSerial: false,
			keptCard: null,
		})
	})

	it('fills from the kept card and offers it by its product’s name', () => {
		const opened = registerFormOnOpen(none, { modelCode: 'FP030X', serialCode: 'A123456' }, catalogue)
		expect(opened.values).toMatchObject({ slug: 'fp-30x', serialCode: 'A123456', fromCard: '1' })
		expect(opened.keptCard).toEqual({ modelCode: 'FP030X', serialCode: 'A123456', name: 'FP-30X' })
	})

	it('prefers the landing’s card and then offers no kept one', () => {
		const opened = registerFormOnOpen(
			{ mdl: 'fp030x', serial: 'B7654321' },
			{ modelCode: 'OTHER', serialCode: 'A123456' },
			catalogue,
		)
		expect(opened.values).toMatchObject({ slug: 'fp-30x', fromCard: '' })
		expect(opened.keptCard).toBeNull()
	})
})

describe('deviceRegistration', () => {
	it('registers the device as it reported itself, a 16-digit serial as its last 7', () => {
		expect(deviceRegistration({ pcode: 'p1', modelCode: 'fp030x', serialCode: ' 1234567890123456 ' })).toEqual({
			pcode: 'p1',
			registration: {
				product: { modelCode: 'FP030X' },
				serialCode: '0123456',
				purchaseDate: null,
				purchaseMethod: null,
				purchaseDealer: null,
			},
		})
	})

	it('says why it cannot, and keeps a pcode to 64 characters', () => {
		expect(deviceRegistration({ pcode: 'x'.repeat(100), modelCode: '', serialCode: 'A123456' })).toEqual({
			pcode: 'x'.repeat(64),
			errorKey: 'register.productNotFound',
		})
		expect(deviceRegistration({ pcode: 'p', modelCode: 'FP030X', serialCode: 'A1!' })).toMatchObject({
			errorKey: REGISTRATION_MESSAGES.serialCharacters,
		})
		expect(deviceRegistration({ pcode: 'p', modelCode: 'FP030X', serialCode: 'A1' })).toMatchObject({
			errorKey: 'register.serialLength',
		})
	})
})
