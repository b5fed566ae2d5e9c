/**
 * The small master lists of spec 1 §3: genders, interests, phone types,
 * purchasing methods, questionnaire labels and brands. English labels, plus
 * Japanese ones under `labels['ja-JP']`. Rows serve every culture unless a
 * row names its culture.
 */

/** A row of a master list as seeded: `fields` are the list's own fields, `meta` is sent as a JSON string. */
export interface MasterSeedItem {
	id: string
	value: string
	label: string
	labelJa?: string
	/** The culture the row is for (a culture code); omitted: every culture. */
	cultureCode?: string
	fields?: Record<string, unknown>
	meta?: Record<string, unknown>
}

type Row = [value: string, label: string, labelJa: string]

const rows = (
	list: Row[],
	extra?: (value: string, index: number) => Pick<MasterSeedItem, 'fields' | 'meta'>,
): MasterSeedItem[] =>
	list.map(([value, label, labelJa], index) => ({
		id: String(index + 1),
		value,
		label,
		labelJa,
		...extra?.(value, index),
	}))

export const GENDERS = rows([
	['male', 'Male', '男性'],
	['female', 'Female', '女性'],
	['prefer_not_to_say', 'Prefer not to say', '回答しない'],
])

const INTEREST_CATEGORIES: Record<string, number[]> = {
	pianos: [1],
	synthesizers: [3],
	keyboards_modules: [5],
	guitar_boss: [6, 12, 13, 14, 20, 21],
	drums_percussion: [7],
	recording_production: [8, 15],
	amplifiers: [9, 21],
	dance_dj: [10],
	vocals: [18],
	accordions: [4],
}

export const INTERESTS = rows(
	[
		['pianos', 'Pianos', 'ピアノ'],
		['synthesizers', 'Synthesizers', 'シンセサイザー'],
		['keyboards_modules', 'Keyboards & Modules', 'キーボード＆音源モジュール'],
		['guitar_boss', 'Guitar & BOSS', 'ギター＆BOSS'],
		['drums_percussion', 'Drums & Percussion', 'ドラム＆パーカッション'],
		['recording_production', 'Recording & Production', 'レコーディング＆プロダクション'],
		['amplifiers', 'Amplifiers', 'アンプ'],
		['organs_classic', 'Organs & Classic Series', 'オルガン＆クラシック'],
		['dance_dj', 'Dance & DJ', 'ダンス＆DJ'],
		['vocals', 'Vocals', 'ボーカル'],
		['accordions', 'Accordions', 'アコーディオン'],
		['wind_instruments', 'Wind Instruments', '管楽器'],
	],
	// Which registration categories an interest follows, for suggestions after a registration.
	(value) => ({ meta: { categoryIds: INTEREST_CATEGORIES[value] ?? [] } }),
)

export const PHONE_TYPES = rows([
	['mobile', 'Mobile', '携帯電話'],
	['home', 'Home', '自宅'],
	['work', 'Work', '勤務先'],
])

export const PURCHASING_METHODS = rows([
	['in_store', 'In a store', '店頭'],
	['online', 'Online', 'オンライン'],
	['catalog_phone_order', 'Catalog/phone order', 'カタログ・電話注文'],
	['secondhand', 'Secondhand', '中古'],
])

/** The labels questionnaires carry (`GET questionnaires?labelIds[]=`): one per survey of spec 1 §3. */
export const QUESTIONNAIRE_LABELS: MasterSeedItem[] = [
	{
		id: '1',
		value: 'product_registration',
		label: 'Product registration survey',
		labelJa: '製品登録アンケート',
		fields: { surveyName: 'ProductSurvey' },
	},
	{
		id: '2',
		value: 'purchase',
		label: 'Purchase survey',
		labelJa: '購入アンケート',
		fields: { surveyName: 'ProductSurvey1' },
	},
	{
		id: '3',
		value: 'satisfaction',
		label: 'Satisfaction survey',
		labelJa: '満足度アンケート',
		fields: { surveyName: 'ProductSurvey2' },
	},
]

/** Brand values are the theme names of app/domain/theme.ts; products refer to them. */
export const BRANDS: MasterSeedItem[] = [
	{
		id: '1',
		value: 'main',
		label: 'Roland',
		fields: { code: 'MAIN', group: 'electronic' },
		meta: { theme: 'main', consent: true },
	},
	{
		id: '2',
		value: 'effects',
		label: 'BOSS',
		fields: { code: 'EFFECTS', group: 'electronic' },
		meta: { theme: 'effects', consent: true },
	},
	{
		id: '3',
		value: 'proav',
		label: 'Roland Pro A/V',
		fields: { code: 'PROAV', group: 'electronic' },
		meta: { theme: 'proav' },
	},
	{
		id: '4',
		value: 'cloud',
		label: 'Roland Cloud',
		labelJa: 'Roland Cloud',
		fields: { code: 'RVS', group: 'cloud' },
		meta: { theme: 'cloud', logName: 'RCS', consent: true },
	},
	{ id: '5', value: 'dw', label: 'DW', fields: { code: 'DW', group: 'drums' }, meta: { theme: 'dw' } },
	{ id: '6', value: 'pdp', label: 'PDP', fields: { code: 'PDP', group: 'drums' }, meta: { theme: 'pdp' } },
	{ id: '7', value: 'dwe', label: 'DWe', fields: { code: 'DWE', group: 'drums' }, meta: { theme: 'dwe' } },
	{
		id: '8',
		value: 'drumshop',
		label: 'DRUMSHOP',
		fields: { code: 'DRUMSHOP', group: 'drums' },
		meta: { theme: 'drumshop' },
	},
	{
		id: '9',
		value: 'slingerland',
		label: 'SLINGERLAND',
		fields: { code: 'SLINGERLAND', group: 'drums' },
		meta: { theme: 'slingerland' },
	},
]

export function brandRef(value: string): { id: string; value: string; label: string } {
	const brand = BRANDS.find((b) => b.value === value)
	if (!brand) throw new Error(`No such brand: ${value}`)
	return { id: brand.id, value: brand.value, label: brand.label }
}
