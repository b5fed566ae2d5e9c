/**
 * The countries the portal serves: the regions of the supported cultures
 * (spec 1 §9). Names come from the runtime's Intl data in the user's language.
 */
import { derivedFrom } from './derived.ts'
import { compareNames, languageName, regionName } from './formats.ts'

export const COUNTRIES = [
	'AT',
	'AU',
	'BE',
	'BG',
	'BR',
	'CA',
	'CH',
	'CR',
	'CZ',
	'DE',
	'DK',
	'EE',
	'ES',
	'FI',
	'FR',
	'GB',
	'GR',
	'HR',
	'HU',
	'IE',
	'IT',
	'JM',
	'JP',
	'LT',
	'LU',
	'LV',
	'MX',
	'NL',
	'NO',
	'NZ',
	'PL',
	'PT',
	'RO',
	'RS',
	'SE',
	'SI',
	'SK',
	'US',
] as const

/** The country a culture implies: its region (`Lt-sr-SP` → RS, the spec's SP being the old code). */
export function countryOfCulture(culture: string): string {
	const region = culture.split('-').at(-1) ?? ''
	return region === 'SP' ? 'RS' : region
}

/** The countries named in the language, by name: the same for every page of that language, so made once. */
export function countryOptions(language: string): readonly { value: string; label: string }[] {
	return derivedFrom([COUNTRIES], language, () => {
		const compare = compareNames(language)
		return COUNTRIES.map((code) => ({ value: code, label: regionName(code, language) ?? code })).sort((a, b) =>
			compare(a.label, b.label),
		)
	})
}

export function cultureOptions(cultures: readonly string[], language: string): { value: string; label: string }[] {
	return cultures.map((code) => ({ value: code, label: `${languageName(code, language) ?? code} (${code})` }))
}
