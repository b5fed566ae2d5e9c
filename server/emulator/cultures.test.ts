import { describe, expect, it } from 'vitest'
import { CULTURE_CODES, findServedCulture, regionsOf, servedCultureOr } from './cultures.ts'

// The emulator's own reading of the spec's cultures (issue 22): checked against the spec's text here,
// and against the portal's reading by the contract and journey tests.
describe('the cultures the emulator serves', () => {
	it('expands the spec’s list, in its order', () => {
		expect(CULTURE_CODES).toHaveLength(43)
		expect(CULTURE_CODES.slice(0, 5)).toEqual(['bg-BG', 'cs-CZ', 'da-DK', 'de-AT', 'de-CH'])
		expect(CULTURE_CODES).toContain('Lt-sr-SP')
		expect(CULTURE_CODES.at(-1)).toBe('sv-SE')
	})

	it.each([
		['de-at', 'de-AT'],
		['sr-SP', 'Lt-sr-SP'],
		['lt-sr-sp', 'Lt-sr-SP'],
		['en', 'en-JM'],
		['en-ZA', 'en-JM'],
		['es-AR', 'es-MX'],
		['pt', 'pt-BR'],
		['de', 'de-DE'],
		['fr-MA', 'fr-FR'],
		['it-SM', 'it-IT'],
		['sv', 'sv-SE'],
	])('normalises %s to %s', (raw, culture) => {
		expect(findServedCulture(raw)).toBe(culture)
	})

	it('falls back to en-JM for what names no served language', () => {
		expect(findServedCulture('xx-YY')).toBeNull()
		expect(servedCultureOr('not a culture')).toBe('en-JM')
		expect(servedCultureOr(undefined)).toBe('en-JM')
	})

	it('puts each culture in the spec’s regional groups', () => {
		expect(regionsOf('es-CR')).toEqual(['US', 'LatinAmerica'])
		expect(regionsOf('fr-CA')).toEqual(['Canada'])
		expect(regionsOf('en-NZ')).toEqual(['Oceania'])
		expect(regionsOf('ja-JP')).toEqual(['Japan'])
		expect(regionsOf('de-DE')).toEqual(['Europe'])
	})
})
