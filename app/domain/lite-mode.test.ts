import { describe, expect, it } from 'vitest'
import { asksToSaveData, liteChoiceOf, liteMode, LiteFormSchema } from './lite-mode.ts'

describe('lite mode', () => {
	it('reads Save-Data: on, and nothing else, as the browser asking to save data', () => {
		for (const value of ['on', 'On', ' on ', 'ON']) expect(asksToSaveData(value), value).toBe(true)
		for (const value of [null, undefined, '', 'off', '1', 'yes', 'on, on', 'onn'])
			expect(asksToSaveData(value), String(value)).toBe(false)
	})

	it('keeps only our two choices from the cookie', () => {
		expect(liteChoiceOf('on')).toBe('on')
		expect(liteChoiceOf('off')).toBe('off')
		for (const value of [undefined, null, '', 'ON', 'auto', 1, true, {}]) expect(liteChoiceOf(value)).toBeNull()
	})

	it('is lite when the browser asks to save data and the visitor chose nothing', () => {
		expect(liteMode({ saveData: true, choice: null })).toEqual({ lite: true, reason: 'save-data' })
		expect(liteMode({ saveData: false, choice: null })).toEqual({ lite: false, reason: 'default' })
	})

	it("lets the visitor's choice win over the browser's hint either way", () => {
		expect(liteMode({ saveData: true, choice: 'off' })).toEqual({ lite: false, reason: 'choice' })
		expect(liteMode({ saveData: false, choice: 'on' })).toEqual({ lite: true, reason: 'choice' })
		expect(liteMode({ saveData: true, choice: 'on' })).toEqual({ lite: true, reason: 'choice' })
	})

	it('takes only on, off and auto from the form', () => {
		for (const lite of ['on', 'off', 'auto'])
			expect(LiteFormSchema.safeParse({ intent: 'lite', lite, redirectTo: '/gear' }).success, lite).toBe(true)
		for (const lite of ['', 'ON', 'yes', undefined])
			expect(LiteFormSchema.safeParse({ intent: 'lite', lite }).success, String(lite)).toBe(false)
	})
})
