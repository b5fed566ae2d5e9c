/**
 * Cultures (spec 1 §5, §9; spec 2 §5, §9). A culture code is the spec's
 * locale identifier (`en-JM`, `ja-JP`, `Lt-sr-SP`); the UI language is derived
 * from it.
 */

export const SUPPORTED_CULTURES = [
	'bg-BG',
	'cs-CZ',
	'da-DK',
	'de-AT',
	'de-CH',
	'de-DE',
	'de-LU',
	'el-GR',
	'en-AU',
	'en-CA',
	'en-GB',
	'en-IE',
	'en-JM',
	'en-NZ',
	'en-US',
	'es-CR',
	'es-ES',
	'es-MX',
	'et-EE',
	'fi-FI',
	'fr-BE',
	'fr-CA',
	'fr-CH',
	'fr-FR',
	'fr-LU',
	'hr-HR',
	'hu-HU',
	'it-CH',
	'it-IT',
	'ja-JP',
	'lt-LT',
	'Lt-sr-SP',
	'lv-LV',
	'nl-BE',
	'nl-NL',
	'nn-NO',
	'pl-PL',
	'pt-BR',
	'pt-PT',
	'ro-RO',
	'sk-SK',
	'sl-SI',
	'sv-SE',
] as const

export type CultureCode = (typeof SUPPORTED_CULTURES)[number]

export const DEFAULT_CULTURE: CultureCode = 'en-JM'

const SUPPORTED = new Set<string>(SUPPORTED_CULTURES)

/**
 * The culture an unknown code falls back to, by its language (spec: en → en-JM, es → es-MX,
 * pt → pt-BR, others by language).
 */
export const CULTURE_BY_LANGUAGE: Readonly<Record<string, CultureCode>> = {
	bg: 'bg-BG',
	cs: 'cs-CZ',
	da: 'da-DK',
	de: 'de-DE',
	el: 'el-GR',
	en: 'en-JM',
	es: 'es-MX',
	et: 'et-EE',
	fi: 'fi-FI',
	fr: 'fr-FR',
	hr: 'hr-HR',
	hu: 'hu-HU',
	it: 'it-IT',
	ja: 'ja-JP',
	lt: 'lt-LT',
	sr: 'Lt-sr-SP',
	lv: 'lv-LV',
	nl: 'nl-NL',
	nn: 'nn-NO',
	nb: 'nn-NO',
	no: 'nn-NO',
	pl: 'pl-PL',
	pt: 'pt-BR',
	ro: 'ro-RO',
	sk: 'sk-SK',
	sl: 'sl-SI',
	sv: 'sv-SE',
}

/**
 * Languages that have a catalogue of their own (issue 24); every other culture reads English. A culture
 * reads its language's catalogue whatever its region: de-AT/CH/DE/LU → de, fr-BE/CA/CH/FR/LU → fr, es-* → es,
 * it-* → it, pt-BR and pt-PT → pt (Brazilian spelling), nl-* → nl.
 */
export const CATALOGUE_LANGUAGES = ['en', 'ja', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number]

export function isSupportedCulture(code: string): code is CultureCode {
	return SUPPORTED.has(code)
}

/**
 * Puts a culture code in its canonical case: `xx-yy` → `xx-YY`,
 * `sr-SP` → `Lt-sr-SP`, the spec's three-part `lt-sr-sp` → `Lt-sr-SP`, and a
 * standard tag with a script (`sr-latn-rs`, from browsers) → `sr-Latn-RS`.
 * Returns null for something that is not shaped like a culture code at all.
 */
export function canonicaliseCultureCode(raw: string): string | null {
	const parts = raw.trim().replace(/_/g, '-').split('-')
	// Letters, or a UN M.49 region of three digits (es-419, Latin American Spanish).
	if (parts.some((p, i) => !/^[a-z]{2,4}$/i.test(p) && !(i > 0 && /^\d{3}$/.test(p)))) return null
	const [a, b, c] = parts as [string, string | undefined, string | undefined]
	if (a.length === 4 || parts.length > 3) return null
	const title = (p: string) => `${p.charAt(0).toUpperCase()}${p.slice(1).toLowerCase()}`
	// language-Script(-REGION), as in sr-Latn-RS: the script is the part with four letters.
	if (b?.length === 4) return [a.toLowerCase(), title(b), ...(c ? [c.toUpperCase()] : [])].join('-')
	if ((c ?? '').length === 4) return null
	if (parts.length === 1) return a.toLowerCase()
	if (parts.length === 2) {
		const code = `${a.toLowerCase()}-${b!.toUpperCase()}`
		return code === 'sr-SP' ? 'Lt-sr-SP' : code
	}
	// The spec's own three-part form: Script-language-REGION.
	return `${title(a)}-${b!.toLowerCase()}-${c!.toUpperCase()}`
}

/** The language of a canonical code: first, except in the spec's Script-language-REGION form. */
function languageOf(code: string): string {
	const parts = code.split('-')
	return (parts.length === 3 && parts[1]!.length !== 4 ? parts[1]! : parts[0]!).toLowerCase()
}

/**
 * The spec's `culture_code` normalisation: canonical case, then a supported
 * culture as it is, else the default culture of its language, else en-JM.
 */
export function normaliseCultureCode(raw: string | null | undefined): CultureCode {
	return matchCultureCode(raw) ?? DEFAULT_CULTURE
}

/** Like normaliseCultureCode, but null when the language is not one we serve. */
export function matchCultureCode(raw: string | null | undefined): CultureCode | null {
	if (!raw) return null
	const code = canonicaliseCultureCode(raw)
	if (!code) return null
	if (isSupportedCulture(code)) return code
	return CULTURE_BY_LANGUAGE[languageOf(code)] ?? null
}

/** The catalogue a culture reads: its language's if there is one, else English. */
export function catalogueLanguage(culture: CultureCode): CatalogueLanguage {
	const language = culture === 'Lt-sr-SP' ? 'sr' : culture.slice(0, 2)
	return (CATALOGUE_LANGUAGES as readonly string[]).includes(language) ? (language as CatalogueLanguage) : 'en'
}

/**
 * `<html lang>`: the language the page is actually written in. Cultures
 * without a catalogue of their own render English text, so they say `en`.
 */
export function htmlLang(culture: CultureCode): string {
	return catalogueLanguage(culture)
}

/**
 * Picks the culture from an Accept-Language header: the first range, by
 * quality, whose code or language we serve.
 */
export function cultureFromAcceptLanguage(header: string | null | undefined): CultureCode | null {
	if (!header) return null
	const ranges = header
		.split(',')
		.map((part, index) => {
			const [tag = '', ...params] = part.trim().split(';')
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
			return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index }
		})
		.filter((r) => r.tag && r.tag !== '*' && Number.isFinite(r.q) && r.q > 0)
		.sort((x, y) => y.q - x.q || x.index - y.index)
	for (const { tag } of ranges) {
		const culture = matchCultureCode(tag)
		if (culture) return culture
	}
	return null
}

export type RegionalGroup = 'US' | 'LatinAmerica' | 'Brazil' | 'Canada' | 'Oceania' | 'Europe' | 'Japan'

/** Regional groups of spec 1 §9: es-CR belongs to both the US group and Latin America. */
export function regionalGroups(culture: CultureCode): RegionalGroup[] {
	if (culture === 'es-CR') return ['US', 'LatinAmerica']
	if (culture === 'en-US' || culture === 'es-MX') return ['US']
	if (culture === 'pt-BR') return ['Brazil']
	if (culture === 'en-CA' || culture === 'fr-CA') return ['Canada']
	if (culture === 'en-AU' || culture === 'en-NZ') return ['Oceania']
	if (culture === 'ja-JP') return ['Japan']
	return ['Europe']
}

/** The regional groups in the order the region select lists them (spec 1 §9, the rest being Europe). */
export const REGIONAL_GROUPS: readonly RegionalGroup[] = [
	'US',
	'LatinAmerica',
	'Brazil',
	'Canada',
	'Oceania',
	'Europe',
	'Japan',
] as const

export function isRegionalGroup(value: unknown): value is RegionalGroup {
	return typeof value === 'string' && (REGIONAL_GROUPS as readonly string[]).includes(value)
}

export interface RegionCultures {
	region: RegionalGroup
	cultures: { value: CultureCode; label: string }[]
}

/**
 * The cultureCodes master list grouped by the regions its rows carry, in the
 * select's order; unsupported cultures and unknown regions are left out, and a
 * culture in two regions (es-CR) is in both.
 */
export function culturesByRegion(
	rows: readonly { value: string; label: string; regions: readonly string[] }[],
): RegionCultures[] {
	return REGIONAL_GROUPS.map((region) => ({
		region,
		cultures: rows
			.filter((row) => row.regions.includes(region) && isSupportedCulture(row.value))
			.map((row) => ({ value: row.value as CultureCode, label: row.label })),
	})).filter((group) => group.cultures.length > 0)
}

/** The region a culture is shown under: its first group that lists it, else the first group. */
export function regionOfCulture(groups: readonly RegionCultures[], culture: string): RegionalGroup | undefined {
	return (groups.find((g) => g.cultures.some((c) => c.value === culture)) ?? groups[0])?.region
}

/** The name fields a form asks, as the user record names them (spec 1 §3). */
export type NameField = 'firstName' | 'middleName' | 'lastName'

/**
 * Cultures that write the family name first (姓 then 名) and have no middle name: their forms ask
 * the family name first and no middle name. Every other culture asks given, middle, family.
 */
const FAMILY_NAME_FIRST: ReadonlySet<string> = new Set<CultureCode>(['ja-JP'])
const WITHOUT_MIDDLE_NAME: ReadonlySet<string> = new Set<CultureCode>(['ja-JP'])

export function familyNameFirst(culture: string): boolean {
	return FAMILY_NAME_FIRST.has(culture)
}

export function asksMiddleName(culture: string): boolean {
	return !WITHOUT_MIDDLE_NAME.has(culture)
}

/** The name fields a form in this culture shows, in its order (the phonetic names follow the same order). */
export function nameFields(culture: string): readonly NameField[] {
	const given: NameField[] = asksMiddleName(culture) ? ['firstName', 'middleName'] : ['firstName']
	return familyNameFirst(culture) ? ['lastName', ...given] : [...given, 'lastName']
}

// ── Formats ─────────────────────────────────────────────────────────────
// The one place a culture becomes an Intl locale: formats.ts builds every formatter through it.

const intlLocales = new Map<string, string>()

/** A culture code as Intl takes it: the spec's `Lt-sr-SP` is Serbian in Latin script; junk is English. */
export function intlLocale(cultureCode: string): string {
	let locale = intlLocales.get(cultureCode)
	if (locale === undefined) {
		locale = canonicalIntlLocale(cultureCode)
		// The spec's cultures and a few unknown ones: a handful of entries, never a growing map.
		if (intlLocales.size < 100) intlLocales.set(cultureCode, locale)
	}
	return locale
}

function canonicalIntlLocale(cultureCode: string): string {
	if (cultureCode.toLowerCase() === 'lt-sr-sp') return 'sr-Latn-RS'
	try {
		return Intl.getCanonicalLocales(cultureCode)[0] ?? 'en'
	} catch {
		return 'en'
	}
}

/**
 * The culture whose name rules apply to a person: ja-JP when the page's culture or the person's
 * account culture is (their forms then asked 姓 before 名), else the page's. The forms use the same
 * rule, so a name is shown in the order it was asked.
 */
export function nameCulture(pageCulture: string, accountCulture: string | null | undefined): string {
	return pageCulture === 'ja-JP' || accountCulture === 'ja-JP' ? 'ja-JP' : pageCulture
}

export interface PersonNameParts {
	firstName?: string | null | undefined
	middleName?: string | null | undefined
	lastName?: string | null | undefined
}

/** Kanji and kana (with the prolonged sound mark and the middle dot): the name is written in Japanese. */
const JAPANESE_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・々〆]+$/u

/**
 * A person's name as one text, the one way every screen and ticket shows it. ja-JP writes the
 * family name first, and a name in Japanese script with no space between family and given name
 * (山田太郎), as Japanese writes it; romaji keeps a space (Yamada Taro) so its parts stay
 * readable. Every other culture: given name(s), then family name. A middle name, where the record
 * has one, follows the given name. Empty parts are left out.
 */
export function personName(culture: string, { firstName, middleName, lastName }: PersonNameParts): string {
	const given = [firstName, middleName].map((part) => part?.trim() ?? '').filter(Boolean)
	const family = lastName?.trim() ?? ''
	if (!familyNameFirst(culture)) return [...given, family].filter(Boolean).join(' ')
	const parts = [family, ...given].filter(Boolean)
	return parts.every((part) => JAPANESE_SCRIPT.test(part)) ? parts.join('') : parts.join(' ')
}
