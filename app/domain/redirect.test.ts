import { describe, expect, it } from 'vitest'
import { isAllowedRedirect, safeReturnPath } from './redirect.ts'

describe('safeReturnPath', () => {
	it.each([
		['/support/order_status', '/support/order_status'],
		['/gear?sort=productNameAsc#x', '/gear?sort=productNameAsc#x'],
		['//evil.example/x', '/'],
		['/\\evil.example', '/'],
		['https://evil.example/', '/'],
		['javascript:alert(1)', '/'],
		['', '/'],
		[null, '/'],
	])('%s → %s', (input, expected) => {
		expect(safeReturnPath(input)).toBe(expected)
	})
})

describe('isAllowedRedirect', () => {
	const own = 'https://portal.example'
	it('allows our origin and the listed ones only', () => {
		expect(isAllowedRedirect('/x', own, [])).toBe(true)
		expect(isAllowedRedirect('https://help.example/sso?x=1', own, ['https://help.example'])).toBe(true)
		expect(isAllowedRedirect('https://help.example.evil/x', own, ['https://help.example'])).toBe(false)
		expect(isAllowedRedirect('javascript:alert(1)', own, [])).toBe(false)
	})
})
