import { describe, expect, it } from 'vitest'
import { escapes, redirectPayloads } from '#tests/redirect-payloads.ts'
import { helpCentreReturnTo } from './help-centre-return.ts'
import { allowedRedirectTarget, isAllowedRedirect, safeReturnPath } from './redirect.ts'

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

describe('every open-redirect payload (issue 23, ADR 0054)', () => {
	const own = 'https://portal.example'
	const allowed = ['https://help.example']
	const payloads = redirectPayloads(own)

	it('safeReturnPath answers a path of our own for each', () => {
		const out = payloads.filter((p) => {
			const path = safeReturnPath(p)
			return !path.startsWith('/') || path.startsWith('//') || escapes(path, `${own}/login`)
		})
		console.log(`safeReturnPath: ${payloads.length} payloads, ${out.length} escapes`)
		expect(out).toEqual([])
	})

	it('allowedRedirectTarget answers null or our or an allowed origin, in a form a header can carry', () => {
		const out = payloads.filter((p) => {
			const target = allowedRedirectTarget(p, own, allowed)
			if (target === null) return false
			// Our own pages come back as a path that names no host; others as a whole URL.
			if (target.startsWith('/') && (target.startsWith('//') || target.startsWith('/\\'))) return true
			return ![own, ...allowed].includes(new URL(target, own).origin) || [...target].some((c) => c <= ' ')
		})
		console.log(`allowedRedirectTarget: ${payloads.length} payloads, ${out.length} escapes`)
		expect(out).toEqual([])
	})

	it('allowedRedirectTarget gives our own pages as a path, other allowed origins whole', () => {
		expect(allowedRedirectTarget('/settings', own, allowed)).toBe('/settings')
		expect(allowedRedirectTarget(`${own}/gear?tab=1#x`, own, allowed)).toBe('/gear?tab=1#x')
		expect(allowedRedirectTarget(`${own}//evil.example`, own, allowed)).toBeNull()
		expect(allowedRedirectTarget(`${allowed[0]}/shop`, own, allowed)).toBe(`${allowed[0]}/shop`)
	})

	it('helpCentreReturnTo answers the home or a help-centre page for each', () => {
		const helpCentre = { home: 'https://help.example/hc', origins: ['https://help2.example'] }
		const out = payloads.filter((p) => {
			const target = helpCentreReturnTo(p, helpCentre)
			return target !== undefined && !['https://help.example', 'https://help2.example'].includes(new URL(target).origin)
		})
		expect(out).toEqual([])
	})
})
