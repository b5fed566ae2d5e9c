/**
 * The cultures the upstreams serve, read from the spec (spec 1 §9, spec 2 §5
 * and §9) on the emulator's side. The portal has its own reading in
 * app/domain/culture.ts; the two are kept apart on purpose (issue 22): the
 * emulator is the other side of the contract, so a mistake in either one shows
 * up as a contract or journey failure instead of passing on both sides.
 */

/** Spec 2 §9's list as the spec writes it: a language, then its regions separated by slashes. */
const SPEC_CULTURES =
	'bg-BG, cs-CZ, da-DK, de-AT/CH/DE/LU, el-GR, en-AU/CA/GB/IE/JM/NZ/US, es-CR/ES/MX, et-EE, fi-FI, ' +
	'fr-BE/CA/CH/FR/LU, hr-HR, hu-HU, it-CH/IT, ja-JP, lt-LT, Lt-sr-SP, lv-LV, nl-BE/NL, nn-NO, pl-PL, ' +
	'pt-BR/PT, ro-RO, sk-SK, sl-SI, sv-SE'

/** A culture code as the upstreams spell it (`de-AT`, `Lt-sr-SP`). */
export type CultureCode = string

/** In the spec's order: a culture's place in it (from 1) is its master-list id. */
export const CULTURE_CODES: readonly CultureCode[] = SPEC_CULTURES.split(',').flatMap((entry) => {
	const dash = entry.lastIndexOf('-')
	const language = entry.slice(0, dash).trim()
	return entry
		.slice(dash + 1)
		.split('/')
		.map((region) => `${language}-${region.trim()}`)
})

/** The spec's default culture (spec 1's constants, spec 2 §9). */
export const FALLBACK_CULTURE: CultureCode = 'en-JM'

const SERVED = new Set(CULTURE_CODES)

export function isServedCulture(code: string): boolean {
	return SERVED.has(code)
}

/** The language of a served culture; Lt-sr-SP names its script first. */
export function languagePart(culture: CultureCode): string {
	const parts = culture.split('-')
	return (parts.length === 3 ? parts[1]! : parts[0]!).toLowerCase()
}

/** Spec 2 §5: for a language without the exact culture, the spec names en, es and pt… */
const LANGUAGE_DEFAULTS: Readonly<Record<string, CultureCode>> = { en: 'en-JM', es: 'es-MX', pt: 'pt-BR' }

/** …and "so on": a language's own country where it is served (de → de-DE, not de-AT), else its only culture. */
function cultureOfLanguage(language: string): CultureCode | null {
	const home = `${language}-${language.toUpperCase()}`
	if (LANGUAGE_DEFAULTS[language]) return LANGUAGE_DEFAULTS[language]
	if (SERVED.has(home)) return home
	return CULTURE_CODES.find((c) => languagePart(c) === language) ?? null
}

/**
 * Spec 2 §5's culture-code normalisation: `xx-yy` → `xx-YY`, `sr-SP` → `Lt-sr-SP`, three-part codes in
 * the spec's Script-language-REGION case; a culture not served falls back to its language's default.
 * Null when nothing in the value names a language the upstreams serve.
 */
export function findServedCulture(raw: string | null | undefined): CultureCode | null {
	const parts = (raw ?? '').trim().split(/[-_]/)
	if (!parts.every((part) => /^[A-Za-z]{2,3}$/.test(part)) || parts.length > 3) return null
	let code: string
	if (parts.length === 3) {
		const [script, language, region] = parts as [string, string, string]
		code = `${script[0]!.toUpperCase()}${script.slice(1).toLowerCase()}-${language.toLowerCase()}-${region.toUpperCase()}`
	} else if (parts.length === 2) {
		code = `${parts[0]!.toLowerCase()}-${parts[1]!.toUpperCase()}`
		if (code === 'sr-SP') code = 'Lt-sr-SP'
	} else code = parts[0]!.toLowerCase()
	if (SERVED.has(code)) return code
	return cultureOfLanguage(parts.length === 3 ? parts[1]!.toLowerCase() : parts[0]!.toLowerCase())
}

/** Like findServedCulture, but the fallback culture when it finds none. */
export function servedCultureOr(raw: string | null | undefined): CultureCode {
	return findServedCulture(raw) ?? FALLBACK_CULTURE
}

/**
 * Spec 1 §9's regional groups: US (en-US, es-CR, es-MX), Latin America (es-CR), Brazil, Canada,
 * Australia and New Zealand (`Oceania`); Japan has its own (the region select lists it); the rest Europe.
 */
export function regionsOf(culture: CultureCode): string[] {
	const groups: Array<[string, readonly string[]]> = [
		['US', ['en-US', 'es-CR', 'es-MX']],
		['LatinAmerica', ['es-CR']],
		['Brazil', ['pt-BR']],
		['Canada', ['en-CA', 'fr-CA']],
		['Oceania', ['en-AU', 'en-NZ']],
		['Japan', ['ja-JP']],
	]
	const found = groups.filter(([, members]) => members.includes(culture)).map(([group]) => group)
	return found.length > 0 ? found : ['Europe']
}
