import { describe, expect, test } from 'vitest'
import { CANCELLATION_REASONS } from '#app/upstream/contract/cloud.ts'
import { CANCEL_FORM_REASONS, CANCEL_REASON_REQUEST_VALUE, cancellationReasonOf } from './cloud-cancel-reasons.ts'

describe('cancel reasons', () => {
	test('the form offers the seven reasons of spec 2 §3, in order', () => {
		expect(CANCEL_FORM_REASONS).toEqual([
			'too_expensive',
			'instrument_selection',
			'not_enough_variety',
			'manager_app',
			'too_little_use',
			'missing_features',
			'other',
		])
	})

	test('each form reason is sent as one of the four request values', () => {
		for (const reason of CANCEL_FORM_REASONS) expect(CANCELLATION_REASONS).toContain(cancellationReasonOf(reason))
		expect(Object.keys(CANCEL_REASON_REQUEST_VALUE).sort()).toEqual([...CANCEL_FORM_REASONS].sort())
	})

	test('every request value is reached by some form reason', () => {
		const reached = new Set(CANCEL_FORM_REASONS.map(cancellationReasonOf))
		expect([...reached].sort()).toEqual([...CANCELLATION_REASONS].sort())
	})

	test.each([
		['too_expensive', 'financial'],
		['instrument_selection', 'instruments'],
		['not_enough_variety', 'instruments'],
		['manager_app', 'quality'],
		['too_little_use', 'disuse'],
		['missing_features', 'quality'],
		['other', 'quality'],
	] as const)('%s is sent as %s', (reason, value) => {
		expect(cancellationReasonOf(reason)).toBe(value)
	})
})
