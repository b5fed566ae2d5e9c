/**
 * Where a brand's privacy policy is: one page per brand site and culture,
 * in the version for the visitor's region: the European one (GDPR) for the
 * EEA, the United Kingdom and Switzerland, the US one (state privacy laws),
 * the Japanese one (APPI), else the global one. The country comes from the
 * query, else from the culture's region.
 */
import type { CultureCode } from '../cultures.ts'
import { BRAND_SITES, type Brand } from './brands.ts'

const EUROPEAN = new Set([
	'AT',
	'BE',
	'BG',
	'HR',
	'CY',
	'CZ',
	'DK',
	'EE',
	'FI',
	'FR',
	'DE',
	'GR',
	'HU',
	'IE',
	'IT',
	'LV',
	'LT',
	'LU',
	'MT',
	'NL',
	'PL',
	'PT',
	'RO',
	'SK',
	'SI',
	'ES',
	'SE',
	'IS',
	'LI',
	'NO',
	'GB',
	'CH',
	'RS',
])

export type PolicyRegion = 'eu' | 'us' | 'jp' | 'global'

export function policyRegion(country: string): PolicyRegion {
	const code = country.toUpperCase()
	if (EUROPEAN.has(code)) return 'eu'
	if (code === 'US') return 'us'
	if (code === 'JP') return 'jp'
	return 'global'
}

/** The region part of a culture code: `de-AT` → AT, `Lt-sr-SP` → RS (Serbia). */
export function cultureCountry(culture: CultureCode): string {
	const region = culture.split('-').at(-1)!.toUpperCase()
	return region === 'SP' ? 'RS' : region
}

export function privacyPolicyUrl(brand: Brand, culture: CultureCode, country: string | undefined): string {
	const region = policyRegion(country ?? cultureCountry(culture))
	return `https://${BRAND_SITES[brand]}/${culture.toLowerCase()}/privacy-policy/${region}/`
}
