/** The seeded product of the product page journeys, and what its tabs say in English and Japanese. */

export const PRODUCT = '/products/fp-30x'

export interface Texts {
	query: string
	feature: string
	specCaption: string
	/** The spec table's first column, each row's label when the table is stacked on a phone. */
	item: string
	unit: string
	width: string
	firmware: string
	driver: string
	os: string
	manual: string
	faq: string
	article: string
	featured: string
}

export const TEXTS: Record<'en' | 'ja', Texts> = {
	en: {
		query: '',
		feature: 'Expressive sound engine',
		specCaption: 'Dimensions and weight',
		item: 'Item',
		unit: 'Unit',
		width: 'Width',
		firmware: 'System program update',
		driver: 'USB driver',
		os: 'Operating systems',
		manual: "FP-30X Digital Piano Owner's Manual",
		faq: 'How long is the warranty?',
		article: 'Getting started with the FP-30X Digital Piano',
		featured: 'Featured in Pianos for every home',
	},
	ja: {
		query: '?culture_code=ja-JP',
		feature: '表現力豊かな音源',
		specCaption: '外形寸法・質量',
		item: '項目',
		unit: '単位',
		width: '幅',
		firmware: 'システム・プログラム・アップデート',
		driver: 'USBドライバー',
		os: '対応OS',
		manual: 'FP-30X Digital Piano 取扱説明書',
		faq: '保証期間はどのくらいですか？',
		article: 'FP-30X Digital Pianoをはじめよう',
		featured: '特集：ご家庭のためのピアノ',
	},
}
