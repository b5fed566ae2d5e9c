import { describe, expect, it } from 'vitest'
import { isMisshapenField, isRepeatableField, misshapenField, repeatedField } from './form-fields.ts'
import { answerFieldName } from './survey-fields.ts'

function formOf(entries: [string, string][]): FormData {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return form
}

describe('repeatedField', () => {
	it('accepts a form whose fields each come once', () => {
		expect(
			repeatedField(
				formOf([
					['postalCode', '1'],
					['city', 'x'],
					['phones[0].number', '2'],
				]),
			),
		).toBeNull()
	})

	it('names the first single-value field given twice, however it is written', () => {
		expect(
			repeatedField(
				formOf([
					['postalCode', '1'],
					['city', 'x'],
					['postalCode', '2'],
				]),
			),
		).toBe('postalCode')
		expect(
			repeatedField(
				formOf([
					['phones[0].number', '1'],
					['phones[0].number', '2'],
				]),
			),
		).toBe('phones[0].number')
		expect(
			repeatedField(
				formOf([
					['intent', 'save'],
					['intent', 'delete'],
				]),
			),
		).toBe('intent')
	})

	it('lets checkbox groups and the attachments come several times', () => {
		const form = formOf([
			['interests', 'a'],
			['interests', 'b'],
			['productIds', '1'],
			['productIds', '2'],
			[answerFieldName('q1'), 'x'],
			[answerFieldName('q1'), 'y'],
		])
		expect(repeatedField(form)).toBeNull()
		expect(isRepeatableField('attachments')).toBe(true)
		expect(isRepeatableField('email')).toBe(false)
	})
})

describe('misshapenField', () => {
	it("lets the phones' and parts' rows through, and plain names", () => {
		expect(isMisshapenField('phones[0].number')).toBe(false)
		expect(isMisshapenField('parts[2].quantity')).toBe(false)
		expect(isMisshapenField('postalCode')).toBe(false)
		expect(
			misshapenField(
				formOf([
					['phones[1].type', 'mobile'],
					['city', 'x'],
				]),
			),
		).toBeNull()
	})

	it('names a field sent as a list or an object', () => {
		for (const name of [
			'postalCode[0]',
			'postalCode[]',
			'postalCode.x',
			'phones[0].number[0]',
			'phones.x',
			'intent[0]',
		])
			expect(isMisshapenField(name), name).toBe(true)
		expect(
			misshapenField(
				formOf([
					['city', 'x'],
					['email[]', 'a@b.c'],
				]),
			),
		).toBe('email[]')
	})
})
