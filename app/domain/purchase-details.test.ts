import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
	dealerName,
	dealerValue,
	formatPurchaseDate,
	latestPurchaseDate,
	PURCHASE_DATE_ERROR,
	PURCHASE_DATE_FUTURE_ERROR,
	PURCHASE_DATE_REQUIRED_ERROR,
	purchaseDateProblem,
	purchaseDetailsOf,
	purchaseDetailsPatch,
	purchaseDetailsSchema,
	purchaseValuesOf,
	type PurchaseDetails,
} from './purchase-details.ts'

const TODAY = '2026-11-23'
const METHODS = ['1', '2', '3', '4']
const STORES = [
	{ id: '1001', name: 'Harmony Hall Music' },
	{ id: '1002', name: 'West Coast Keys' },
]

function submit(fields: Record<string, string>, dateRequired = false) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	return parseWithZod(form, { schema: purchaseDetailsSchema({ today: TODAY, purchaseMethods: METHODS, dateRequired }) })
}

describe('the purchase date (spec 1 §5)', () => {
	it('takes a real day up to today, and no date at all unless one is required', () => {
		for (const date of ['2026-11-23', '2024-02-29', '1950-01-01'])
			expect(submit({ purchaseDate: date }).status).toBe('success')
		expect(submit({}).status).toBe('success')
		expect(submit({ purchaseDate: '' }).status).toBe('success')
	})

	it('refuses a day in the future with its own message, not the format one', () => {
		for (const date of ['2026-11-24', '2099-01-01']) {
			const result = submit({ purchaseDate: date })
			expect(result.status, date).toBe('error')
			expect(result.reply().error, date).toEqual({ purchaseDate: [PURCHASE_DATE_FUTURE_ERROR] })
		}
		expect(PURCHASE_DATE_FUTURE_ERROR).toBe('validation.purchaseDateFuture')
	})

	it("refuses a day that does not exist and another format with the spec's message", () => {
		for (const date of ['2023-02-29', '2023-13-01', '14/03/2023', 'yesterday', '1949-12-31']) {
			const result = submit({ purchaseDate: date })
			expect(result.status, date).toBe('error')
			expect(result.reply().error, date).toEqual({ purchaseDate: [PURCHASE_DATE_ERROR] })
		}
		expect(PURCHASE_DATE_ERROR).toBe('validation.purchaseDateInvalid')
	})

	it('asks for one when it is required, saying so rather than blaming the format', () => {
		expect(submit({}, true).reply().error).toEqual({ purchaseDate: [PURCHASE_DATE_REQUIRED_ERROR] })
		expect(submit({ purchaseDate: '  ' }, true).reply().error).toEqual({ purchaseDate: [PURCHASE_DATE_REQUIRED_ERROR] })
	})

	it('tells a future day from a bad one', () => {
		expect(purchaseDateProblem('2026-11-23', TODAY)).toBeNull()
		expect(purchaseDateProblem('2026-11-24', TODAY)).toBe('future')
		expect(purchaseDateProblem('2099-02-30', TODAY)).toBe('invalid')
		expect(purchaseDateProblem('1949-12-31', TODAY)).toBe('invalid')
	})

	it('lets a user east of UTC enter their own today', () => {
		expect(latestPurchaseDate(new Date('2026-11-23T10:30:00Z'))).toBe('2026-11-24')
		expect(latestPurchaseDate(new Date('2026-11-23T09:59:59Z'))).toBe('2026-11-23')
	})

	it("is shown in the culture's date format, as the day it names", () => {
		expect(formatPurchaseDate('2023-03-14', 'en-US')).toBe('Mar 14, 2023')
		expect(formatPurchaseDate('2023-03-14', 'en-GB')).toBe('14 Mar 2023')
		expect(formatPurchaseDate('2023-03-14', 'ja-JP')).toBe('2023/03/14')
		expect(formatPurchaseDate('2023-03-14', 'de-DE')).toBe('14.03.2023')
		expect(formatPurchaseDate('2023-03-14', 'Lt-sr-SP')).toMatch(/2023/)
		expect(formatPurchaseDate('not a date', 'en-US')).toBe('not a date')
	})
})

describe('the purchase method and dealer', () => {
	it('takes a method of the master list only', () => {
		expect(submit({ purchaseMethod: '2' }).status).toBe('success')
		expect(submit({ purchaseMethod: '9' }).reply().error).toEqual({
			purchaseMethod: ['validation.purchaseMethodInvalid'],
		})
	})

	it('takes a dealer name of up to 200 characters', () => {
		expect(submit({ purchaseDealer: 'x'.repeat(200) }).status).toBe('success')
		expect(submit({ purchaseDealer: 'x'.repeat(201) }).reply().error).toEqual({
			purchaseDealer: ['validation.purchaseDealerTooLong'],
		})
	})

	it('keeps a store of the list by its id, whatever the case and spacing typed, and anything else as typed', () => {
		expect(dealerValue('Harmony Hall Music', STORES)).toBe('1001')
		expect(dealerValue('  west  coast KEYS ', STORES)).toBe('1002')
		expect(dealerValue(' Sweet Music Co. ', STORES)).toBe('Sweet Music Co.')
		expect(dealerValue('   ', STORES)).toBeNull()
		expect(dealerValue(undefined, STORES)).toBeNull()
	})

	it('shows a store by its name and a typed dealer as typed', () => {
		expect(dealerName('1001', STORES)).toBe('Harmony Hall Music')
		expect(dealerName('Sweet Music Co.', STORES)).toBe('Sweet Music Co.')
		expect(dealerName(null, STORES)).toBe('')
		expect(purchaseValuesOf({ purchaseDate: null, purchaseMethod: '1', purchaseDealer: '1002' }, STORES)).toEqual({
			purchaseDate: '',
			purchaseMethod: '1',
			purchaseDealer: 'West Coast Keys',
		})
	})
})

describe('an edit sends only what changed', () => {
	const before: PurchaseDetails = { purchaseDate: '2023-03-14', purchaseMethod: '1', purchaseDealer: '1001' }

	function edit(fields: Record<string, string>) {
		const result = submit(fields)
		if (result.status !== 'success') throw new Error('invalid')
		return purchaseDetailsPatch(before, purchaseDetailsOf(result.value, STORES))
	}

	it('nothing, when the form comes back as it was shown', () => {
		expect(edit(purchaseValuesOf(before, STORES))).toEqual({})
	})

	it('the one field changed', () => {
		expect(edit({ purchaseDate: '2024-01-02', purchaseMethod: '1', purchaseDealer: 'Harmony Hall Music' })).toEqual({
			purchaseDate: '2024-01-02',
		})
		expect(edit({ purchaseDate: '2023-03-14', purchaseMethod: '1', purchaseDealer: 'Sweet Music Co.' })).toEqual({
			purchaseDealer: 'Sweet Music Co.',
		})
	})

	it('null for a field emptied', () => {
		expect(edit({ purchaseDate: '', purchaseMethod: '', purchaseDealer: '' })).toEqual({
			purchaseDate: null,
			purchaseMethod: null,
			purchaseDealer: null,
		})
	})

	it('takes an empty string kept upstream as no value', () => {
		expect(
			purchaseDetailsPatch(
				{ purchaseDate: null, purchaseMethod: '', purchaseDealer: null },
				{ purchaseDate: null, purchaseMethod: null, purchaseDealer: null },
			),
		).toEqual({})
	})
})
