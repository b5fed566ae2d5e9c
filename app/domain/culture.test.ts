import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { i18nOptions, resources } from '#app/i18n/resources.ts'
import {
	CATALOGUE_LANGUAGES,
	asksMiddleName,
	familyNameFirst,
	nameCulture,
	nameFields,
	personName,
	canonicaliseCultureCode,
	catalogueLanguage,
	cultureFromAcceptLanguage,
	htmlLang,
	intlLocale,
	normaliseCultureCode,
	SUPPORTED_CULTURES,
	type CultureCode,
} from './culture.ts'
import { formatList, formatListWithMore } from './formats.ts'

describe('normaliseCultureCode (spec 1 §5)', () => {
	it.each([
		// xx-yy becomes xx-YY
		['ja-jp', 'ja-JP'],
		['en-us', 'en-US'],
		['DE-de', 'de-DE'],
		['fr_ca', 'fr-CA'],
		// sr-SP becomes Lt-sr-SP
		['sr-SP', 'Lt-sr-SP'],
		['sr-sp', 'Lt-sr-SP'],
		// three-part codes are normalised
		['lt-sr-sp', 'Lt-sr-SP'],
		['LT-SR-SP', 'Lt-sr-SP'],
		['Lt-sr-SP', 'Lt-sr-SP'],
		// standard tags with a script, as browsers send them, map by their language
		['sr-Latn-RS', 'Lt-sr-SP'],
		['sr-latn', 'Lt-sr-SP'],
		['pt-Latn-BR', 'pt-BR'],
		['de-latn-de', 'de-DE'],
		['zh-Hant-TW', 'en-JM'],
		['es-419', 'es-MX'],
		// unknown codes map by language
		['en', 'en-JM'],
		['en-ZA', 'en-JM'],
		['es', 'es-MX'],
		['es-AR', 'es-MX'],
		['pt', 'pt-BR'],
		['pt-AO', 'pt-BR'],
		['de', 'de-DE'],
		['fr-SN', 'fr-FR'],
		['ja', 'ja-JP'],
		['it', 'it-IT'],
		['sv', 'sv-SE'],
		['nb-NO', 'nn-NO'],
		// supported codes stay as they are
		['es-CR', 'es-CR'],
		['pt-PT', 'pt-PT'],
		['de-AT', 'de-AT'],
		// fallback en-JM
		['zz-ZZ', 'en-JM'],
		['xx', 'en-JM'],
		['', 'en-JM'],
		['not a code', 'en-JM'],
		['en-US-x-y', 'en-JM'],
	])('%s → %s', (input, expected) => {
		expect(normaliseCultureCode(input)).toBe(expected)
	})

	it('keeps every supported culture as it is', () => {
		for (const culture of SUPPORTED_CULTURES) expect(normaliseCultureCode(culture)).toBe(culture)
	})

	it('returns null from canonicalise for what is not a code', () => {
		expect(canonicaliseCultureCode('<script>')).toBeNull()
		expect(canonicaliseCultureCode('e')).toBeNull()
		expect(canonicaliseCultureCode('latn-sr')).toBeNull()
		expect(canonicaliseCultureCode('sr-RS-Latn')).toBeNull()
		expect(canonicaliseCultureCode('sr-latn-rs')).toBe('sr-Latn-RS')
		expect(canonicaliseCultureCode('419-es')).toBeNull()
	})
})

describe('cultureFromAcceptLanguage', () => {
	it('takes the first range we serve, by quality', () => {
		expect(cultureFromAcceptLanguage('ja-JP,ja;q=0.9,en;q=0.8')).toBe('ja-JP')
		expect(cultureFromAcceptLanguage('zh-CN,zh;q=0.9,de;q=0.5,fr;q=0.7')).toBe('fr-FR')
		expect(cultureFromAcceptLanguage('sr-Latn-RS,sr;q=0.9')).toBe('Lt-sr-SP')
		expect(cultureFromAcceptLanguage('es-419,es;q=0.9')).toBe('es-MX')
		expect(cultureFromAcceptLanguage('en-GB')).toBe('en-GB')
		expect(cultureFromAcceptLanguage('pt')).toBe('pt-BR')
	})
	it('is null when nothing matches', () => {
		expect(cultureFromAcceptLanguage('zh-CN, *;q=0.1')).toBeNull()
		expect(cultureFromAcceptLanguage('')).toBeNull()
		expect(cultureFromAcceptLanguage(null)).toBeNull()
	})
})

describe('html lang and catalogues', () => {
	it('renders ja for Japanese and en for cultures read in English', () => {
		expect(htmlLang('ja-JP')).toBe('ja')
		expect(htmlLang('en-JM')).toBe('en')
		expect(htmlLang('Lt-sr-SP')).toBe('en')
		expect(htmlLang('pl-PL')).toBe('en')
	})

	it('reads each culture in its language’s catalogue, and says that language (issue 24)', () => {
		const byLanguage = Object.groupBy(SUPPORTED_CULTURES, (culture) => catalogueLanguage(culture))
		expect(byLanguage).toEqual({
			de: ['de-AT', 'de-CH', 'de-DE', 'de-LU'],
			fr: ['fr-BE', 'fr-CA', 'fr-CH', 'fr-FR', 'fr-LU'],
			es: ['es-CR', 'es-ES', 'es-MX'],
			it: ['it-CH', 'it-IT'],
			pt: ['pt-BR', 'pt-PT'],
			nl: ['nl-BE', 'nl-NL'],
			ja: ['ja-JP'],
			en: SUPPORTED_CULTURES.filter((culture) => !/^(de|fr|es|it|pt|nl|ja)-/.test(culture)),
		})
		expect(byLanguage.en).toContain('Lt-sr-SP')
		expect(byLanguage.en).toContain('en-JM')
		for (const culture of SUPPORTED_CULTURES) expect(htmlLang(culture)).toBe(catalogueLanguage(culture))
		expect(CATALOGUE_LANGUAGES).toEqual(['en', 'ja', 'de', 'fr', 'es', 'it', 'pt', 'nl'])
	})
})

describe('name order (issue 21)', () => {
	it('ja-JP asks the family name (姓) first, then the given name (名), and no middle name', () => {
		expect(nameFields('ja-JP')).toEqual(['lastName', 'firstName'])
		expect(familyNameFirst('ja-JP')).toBe(true)
		expect(asksMiddleName('ja-JP')).toBe(false)
	})

	it('every other culture keeps given, middle, family', () => {
		for (const culture of SUPPORTED_CULTURES.filter((code) => code !== 'ja-JP')) {
			expect(nameFields(culture), culture).toEqual(['firstName', 'middleName', 'lastName'])
			expect(familyNameFirst(culture), culture).toBe(false)
			expect(asksMiddleName(culture), culture).toBe(true)
		}
	})

	it('a code that is not a culture (a form field sent as junk) gets the default order', () => {
		for (const junk of ['', 'ja', 'JA-jp', 'xx-XX'])
			expect(nameFields(junk), junk).toEqual(['firstName', 'middleName', 'lastName'])
	})
})

describe('formats: the culture as Intl takes it', () => {
	it('maps the spec’s codes to Intl locales, and junk to English', () => {
		expect(intlLocale('ja-JP')).toBe('ja-JP')
		expect(intlLocale('Lt-sr-SP')).toBe('sr-Latn-RS')
		expect(intlLocale('not a locale!')).toBe('en')
	})

	it('joins a list as the culture does', () => {
		expect(formatList(['A', 'B', 'C'], 'en-US')).toBe('A, B, and C')
		expect(formatList(['A', 'B', 'C'], 'ja-JP')).toBe('A、B、C')
		expect(formatList(['A'], 'Lt-sr-SP')).toBe('A')
	})

	/** The feed's reason, with the catalogue's plural texts as i18next picks them for the culture. */
	function ownedList(culture: CultureCode, names: string[], left: number): string {
		const i18n = createInstance({ ...i18nOptions, resources, lng: catalogueLanguage(culture), initAsync: false })
		void i18n.init()
		return formatListWithMore(names, left, culture, (count) => i18n.t('feed.reason.more', { count }))
	}

	it('says how many more there are in words, with the plural, never "+1"', () => {
		expect(ownedList('en-US', ['A', 'B', 'C'], 1)).toBe('A, B, C, and 1 more')
		expect(ownedList('en-US', ['A', 'B', 'C'], 2)).toBe('A, B, C, and 2 more')
		expect(ownedList('en-JM', ['A', 'B', 'C'], 1)).toBe('A, B, C and 1 more')
		expect(ownedList('ja-JP', ['A', 'B', 'C'], 1)).toBe('A、B、C、ほか1件')
		expect(ownedList('ja-JP', ['A', 'B', 'C'], 2)).toBe('A、B、C、ほか2件')
	})

	it('says nothing more when every name is listed', () => {
		expect(ownedList('en-US', ['A', 'B'], 0)).toBe('A and B')
	})
})

describe('personName: a name as the culture writes it (issue 21)', () => {
	it('ja-JP: family name first, no space in Japanese script, a space in romaji', () => {
		expect(personName('ja-JP', { firstName: '太郎', lastName: '山田' })).toBe('山田太郎')
		expect(personName('ja-JP', { firstName: 'タロウ', lastName: 'ヤマダ' })).toBe('ヤマダタロウ')
		expect(personName('ja-JP', { firstName: 'Taro', lastName: 'Yamada' })).toBe('Yamada Taro')
		expect(personName('ja-JP', { firstName: '太郎', lastName: 'Yamada' })).toBe('Yamada 太郎')
	})

	it('other cultures: given, middle, family, with spaces', () => {
		expect(personName('en-US', { firstName: 'Robin', middleName: 'J.', lastName: 'Keys' })).toBe('Robin J. Keys')
		expect(personName('de-DE', { firstName: 'Robin', lastName: 'Keys' })).toBe('Robin Keys')
	})

	it('leaves out empty parts and trims', () => {
		expect(personName('en-US', { firstName: ' Robin ', middleName: null, lastName: '' })).toBe('Robin')
		expect(personName('ja-JP', { firstName: '', lastName: '山田' })).toBe('山田')
		expect(personName('ja-JP', {})).toBe('')
	})

	it('names follow ja-JP when the page or the account is Japanese, as the forms do', () => {
		expect(nameCulture('ja-JP', 'en-US')).toBe('ja-JP')
		expect(nameCulture('en-US', 'ja-JP')).toBe('ja-JP')
		expect(nameCulture('en-GB', null)).toBe('en-GB')
	})
})
