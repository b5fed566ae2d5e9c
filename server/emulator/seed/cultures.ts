/**
 * The cultureCodes master list (spec 1 §9: every supported culture, each with
 * value and regional groups). Ids are stable: the culture's place in the supported
 * list, so every service that refers to a culture by id agrees.
 */
import { CULTURE_CODES, regionsOf, type CultureCode } from '../cultures.ts'

const LANGUAGES: Record<string, [en: string, ja: string]> = {
	bg: ['Bulgarian', 'ブルガリア語'],
	cs: ['Czech', 'チェコ語'],
	da: ['Danish', 'デンマーク語'],
	de: ['German', 'ドイツ語'],
	el: ['Greek', 'ギリシャ語'],
	en: ['English', '英語'],
	es: ['Spanish', 'スペイン語'],
	et: ['Estonian', 'エストニア語'],
	fi: ['Finnish', 'フィンランド語'],
	fr: ['French', 'フランス語'],
	hr: ['Croatian', 'クロアチア語'],
	hu: ['Hungarian', 'ハンガリー語'],
	it: ['Italian', 'イタリア語'],
	ja: ['Japanese', '日本語'],
	lt: ['Lithuanian', 'リトアニア語'],
	sr: ['Serbian (Latin)', 'セルビア語（ラテン文字）'],
	lv: ['Latvian', 'ラトビア語'],
	nl: ['Dutch', 'オランダ語'],
	nn: ['Norwegian Nynorsk', 'ノルウェー語（ニーノシュク）'],
	pl: ['Polish', 'ポーランド語'],
	pt: ['Portuguese', 'ポルトガル語'],
	ro: ['Romanian', 'ルーマニア語'],
	sk: ['Slovak', 'スロバキア語'],
	sl: ['Slovenian', 'スロベニア語'],
	sv: ['Swedish', 'スウェーデン語'],
}

export const COUNTRIES: Record<string, [en: string, ja: string]> = {
	AT: ['Austria', 'オーストリア'],
	AU: ['Australia', 'オーストラリア'],
	BE: ['Belgium', 'ベルギー'],
	BG: ['Bulgaria', 'ブルガリア'],
	BR: ['Brazil', 'ブラジル'],
	CA: ['Canada', 'カナダ'],
	CH: ['Switzerland', 'スイス'],
	CR: ['Costa Rica', 'コスタリカ'],
	CZ: ['Czechia', 'チェコ'],
	DE: ['Germany', 'ドイツ'],
	DK: ['Denmark', 'デンマーク'],
	EE: ['Estonia', 'エストニア'],
	ES: ['Spain', 'スペイン'],
	FI: ['Finland', 'フィンランド'],
	FR: ['France', 'フランス'],
	GB: ['United Kingdom', 'イギリス'],
	GR: ['Greece', 'ギリシャ'],
	HR: ['Croatia', 'クロアチア'],
	HU: ['Hungary', 'ハンガリー'],
	IE: ['Ireland', 'アイルランド'],
	IT: ['Italy', 'イタリア'],
	JM: ['Jamaica', 'ジャマイカ'],
	JP: ['Japan', '日本'],
	LT: ['Lithuania', 'リトアニア'],
	LU: ['Luxembourg', 'ルクセンブルク'],
	LV: ['Latvia', 'ラトビア'],
	MX: ['Mexico', 'メキシコ'],
	NL: ['Netherlands', 'オランダ'],
	NO: ['Norway', 'ノルウェー'],
	NZ: ['New Zealand', 'ニュージーランド'],
	PL: ['Poland', 'ポーランド'],
	PT: ['Portugal', 'ポルトガル'],
	RO: ['Romania', 'ルーマニア'],
	RS: ['Serbia', 'セルビア'],
	SE: ['Sweden', 'スウェーデン'],
	SI: ['Slovenia', 'スロベニア'],
	SK: ['Slovakia', 'スロバキア'],
	US: ['United States', 'アメリカ合衆国'],
}

export interface CultureSeed {
	id: string
	value: CultureCode
	language: string
	country: string
	regions: string[]
	label: string
	labelJa: string
}

function parts(value: CultureCode): { language: string; country: string } {
	// Lt-sr-SP: Serbian in Latin script; SP is the old code of Serbia.
	if (value === 'Lt-sr-SP') return { language: 'sr', country: 'RS' }
	const [language, country] = value.split('-') as [string, string]
	return { language, country }
}

export const CULTURES: readonly CultureSeed[] = CULTURE_CODES.map((value, index) => {
	const { language, country } = parts(value)
	const [languageEn, languageJa] = LANGUAGES[language]!
	const [countryEn, countryJa] = COUNTRIES[country]!
	return {
		id: String(index + 1),
		value,
		language,
		country,
		regions: regionsOf(value),
		label: `${languageEn} (${countryEn})`,
		labelJa: `${languageJa}（${countryJa}）`,
	}
})

const BY_VALUE = new Map(CULTURES.map((c) => [c.value as string, c]))

/** The `{ id, value }` reference of a culture, as users and list rows carry it. */
export function cultureCodeRef(value: string): { id: string; value: string } {
	const culture = BY_VALUE.get(value)
	if (!culture) throw new Error(`Not a supported culture: ${value}`)
	return { id: culture.id, value: culture.value }
}

export function findCulture(value: string): CultureSeed | undefined {
	return BY_VALUE.get(value)
}

/** The culture a country's rows (stores, state/provinces) are for: its first supported culture. */
export function primaryCultureOf(country: string): string {
	const culture = CULTURES.find((c) => c.country === country)
	if (!culture) throw new Error(`No supported culture for country ${country}`)
	return culture.value
}
