import { describe, expect, it } from 'vitest'
import { preferenceCookiesSet, supportSummary, type SummaryLabels } from './tools.ts'

const LABELS: SummaryLabels = {
	version: 'Portal version',
	culture: 'Culture',
	theme: 'Theme',
	signedIn: 'Signed in',
	accountId: 'Account id',
	cookies: 'Preference cookies',
	at: 'Time',
	yes: 'Yes',
	no: 'No',
	none: 'none',
}

describe('tools', () => {
	it('names the preference cookies the browser sent, and no other cookie', () => {
		expect(preferenceCookiesSet('__session=abc; culture=ImVuLUdCIg%3D%3D; geo=x; theme=ImVmZmVjdHMi')).toEqual([
			'theme',
			'culture',
		])
		expect(preferenceCookiesSet('analytics=x;sidebar=y; country=z')).toEqual(['country', 'sidebar', 'analytics'])
		expect(preferenceCookiesSet('lite=x; theme=y')).toEqual(['theme', 'lite'])
		expect(preferenceCookiesSet(null)).toEqual([])
		expect(preferenceCookiesSet('themes=x; xculture=y')).toEqual([])
	})

	it('sums the facts up a line each; the account id only when signed in', () => {
		const facts = {
			version: '1.0.0',
			build: '42',
			culture: 'en-GB',
			theme: 'effects',
			signedIn: false,
			accountId: null,
			cookies: [],
			at: '2026-11-26T02:00:00.000Z',
		}
		expect(supportSummary(facts, LABELS)).toBe(
			[
				'Portal version: 1.0.0 (42)',
				'Culture: en-GB',
				'Theme: effects',
				'Signed in: No',
				'Preference cookies: none',
				'Time: 2026-11-26T02:00:00.000Z',
			].join('\n'),
		)
		const signedIn = supportSummary({ ...facts, signedIn: true, accountId: 'u-1', cookies: ['theme'] }, LABELS)
		expect(signedIn).toContain('Signed in: Yes\nAccount id: u-1\nPreference cookies: theme')
	})
})
