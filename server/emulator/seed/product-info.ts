/**
 * Product info (spec 1 §2 product tabs: features, specs, downloads, support,
 * articles, accessories; spec 1 §3 Product_Support_Documents with
 * Asset_Details) generated from a product's row: texts per product family in
 * English and Japanese, numbers derived from the model code so they differ
 * between products but stay the same on every seed.
 */
import { createHash } from 'node:crypto'
import type { ProductSeed } from './products.ts'

type Family =
	'keys' | 'electronicDrums' | 'acousticDrums' | 'guitarEffects' | 'amps' | 'production' | 'accessories' | 'video'
type Lang = 'en' | 'ja-JP'
type Text = Record<Lang, string>

export interface ProductInfoContent {
	summary: string
	features: Array<{ id: string; title: string; body: string }>
	specs: Array<{ group: string; items: Array<{ label: string; value: string }> }>
	downloads: Array<{
		id: string
		title: string
		type: string
		version: string
		url: string
		size: number
		os?: string[]
		releaseDate?: string
	}>
	support: { warrantyYears: number; faqs: Array<{ question: string; answer: string }> }
	articles: Array<{ id: string; title: string; summary: string; publishDate: string }>
	accessories: Array<{ modelCode: string; name: string; slug: string | null }>
	Product_Support_Documents: Array<{
		Document_Id: string
		Document_Title: string
		Document_Type: string
		Language: string
		Publish_Date: string
		Asset_Details: Array<{
			Asset_Id: string
			File_Name: string
			File_Url: string
			File_Size: number
			Mime_Type: string
		}>
	}>
}

const ACOUSTIC_DRUM_BRANDS = new Set(['dw', 'pdp', 'drumshop', 'slingerland'])

function familyOf(product: ProductSeed): Family {
	switch (product.categoryId) {
		case 1:
		case 3:
		case 4:
		case 5:
		case 10:
			return 'keys'
		case 7:
			return ACOUSTIC_DRUM_BRANDS.has(product.brand) ? 'acousticDrums' : 'electronicDrums'
		case 8:
		case 15:
			return 'production'
		case 9:
		case 21:
			return 'amps'
		case 11:
			return 'accessories'
		case 23:
			return 'video'
		default:
			return 'guitarEffects'
	}
}

const FEATURES: Record<Family, Array<[Text, Text]>> = {
	keys: [
		[
			{ en: 'Expressive sound engine', 'ja-JP': '表現力豊かな音源' },
			{
				en: 'The {name} responds to every nuance of your playing.',
				'ja-JP': '{name}は演奏のあらゆるニュアンスに応えます。',
			},
		],
		[
			{ en: 'Bluetooth audio and MIDI', 'ja-JP': 'Bluetoothオーディオ＆MIDI' },
			{
				en: 'Stream audio and connect apps without cables.',
				'ja-JP': 'ケーブルなしでオーディオ再生やアプリ接続ができます。',
			},
		],
		[
			{ en: 'Built for practice and the stage', 'ja-JP': '練習にもステージにも' },
			{
				en: 'Headphone outputs, recorder and metronome on board.',
				'ja-JP': 'ヘッドホン端子、レコーダー、メトロノームを搭載。',
			},
		],
	],
	electronicDrums: [
		[
			{ en: 'Acoustic feel', 'ja-JP': 'アコースティックな演奏感' },
			{
				en: 'Mesh heads and pads that play like the real thing.',
				'ja-JP': 'メッシュヘッドとパッドが本物のような演奏感を実現。',
			},
		],
		[
			{ en: 'Quiet practice', 'ja-JP': '静かに練習' },
			{
				en: 'Play any time with headphones and low-noise pads.',
				'ja-JP': 'ヘッドホンと低騒音パッドでいつでも練習できます。',
			},
		],
		[
			{ en: 'Coaching functions', 'ja-JP': 'コーチ機能' },
			{
				en: 'Build timing and stamina with the built-in coach.',
				'ja-JP': '内蔵のコーチ機能でタイミングとスタミナを鍛えます。',
			},
		],
	],
	acousticDrums: [
		[
			{ en: 'Hand-selected shells', 'ja-JP': '厳選されたシェル' },
			{ en: 'Every {name} shell is matched for tone.', 'ja-JP': '{name}のシェルは音色ごとに選別されています。' },
		],
		[
			{ en: 'Premium hardware', 'ja-JP': 'プレミアム・ハードウェア' },
			{ en: 'Low-mass lugs and true-pitch tension rods.', 'ja-JP': '軽量ラグとトゥルー・ピッチ・テンション・ロッド。' },
		],
		[
			{ en: 'Custom finishes', 'ja-JP': 'カスタム・フィニッシュ' },
			{
				en: 'Lacquer, satin oil and wrap finishes to order.',
				'ja-JP': 'ラッカー、サテン・オイル、ラップ仕上げを選べます。',
			},
		],
	],
	guitarEffects: [
		[
			{ en: 'Legendary tone', 'ja-JP': '伝説のサウンド' },
			{
				en: 'The {name} delivers the sound players have trusted for years.',
				'ja-JP': '{name}は長年プレイヤーに信頼されてきたサウンドを届けます。',
			},
		],
		[
			{ en: 'Road-ready build', 'ja-JP': 'ツアーにも耐える堅牢設計' },
			{ en: 'A rugged chassis made for gigging every night.', 'ja-JP': '毎晩のライブに耐える頑丈な筐体。' },
		],
		[
			{ en: 'Simple controls', 'ja-JP': 'シンプルな操作' },
			{ en: 'Dial in your sound in seconds.', 'ja-JP': '数秒で思い通りのサウンドに。' },
		],
	],
	amps: [
		[
			{ en: 'Big sound, small footprint', 'ja-JP': '小さなボディに大きなサウンド' },
			{
				en: 'The {name} fills the room without filling your car.',
				'ja-JP': '{name}は持ち運びやすく部屋いっぱいに鳴ります。',
			},
		],
		[
			{ en: 'Built-in effects', 'ja-JP': 'エフェクト内蔵' },
			{ en: 'Reverb, delay and modulation on board.', 'ja-JP': 'リバーブ、ディレイ、モジュレーションを搭載。' },
		],
		[
			{ en: 'Power options', 'ja-JP': '電源オプション' },
			{ en: 'Run it from the mains or from batteries.', 'ja-JP': 'AC電源でも電池でも使えます。' },
		],
	],
	production: [
		[
			{ en: 'Studio-grade converters', 'ja-JP': 'スタジオ品質のコンバーター' },
			{ en: 'Clean, low-latency recording with the {name}.', 'ja-JP': '{name}でクリーンで低レイテンシーな録音を。' },
		],
		[
			{ en: 'Works with your DAW', 'ja-JP': 'DAWと連携' },
			{
				en: 'Class-compliant USB for Mac, Windows and iOS.',
				'ja-JP': 'Mac、Windows、iOSに対応したUSBクラス・コンプライアント。',
			},
		],
		[
			{ en: 'Hands-on workflow', 'ja-JP': '直感的なワークフロー' },
			{
				en: 'Sketch ideas fast and finish them anywhere.',
				'ja-JP': 'アイデアを素早く形にし、どこでも仕上げられます。',
			},
		],
	],
	accessories: [
		[
			{ en: 'Made to match', 'ja-JP': '純正の安心感' },
			{ en: 'The {name} is designed for our instruments.', 'ja-JP': '{name}は当社製品のために設計されています。' },
		],
		[
			{ en: 'Durable', 'ja-JP': '高い耐久性' },
			{ en: 'Built to last through years of use.', 'ja-JP': '長年の使用に耐える作りです。' },
		],
		[
			{ en: 'Easy setup', 'ja-JP': '簡単セットアップ' },
			{ en: 'Ready to use out of the box.', 'ja-JP': '箱から出してすぐに使えます。' },
		],
	],
	video: [
		[
			{ en: 'HD switching', 'ja-JP': 'HDスイッチング' },
			{ en: 'The {name} switches HD sources without a glitch.', 'ja-JP': '{name}はHDソースを途切れなく切り替えます。' },
		],
		[
			{ en: 'Streaming ready', 'ja-JP': '配信に対応' },
			{ en: 'USB output for streaming and recording.', 'ja-JP': '配信や録画のためのUSB出力。' },
		],
		[
			{ en: 'Integrated audio', 'ja-JP': 'オーディオ・ミキサー内蔵' },
			{ en: 'Mix audio alongside your video.', 'ja-JP': '映像と一緒に音声もミックスできます。' },
		],
	],
}

const SUMMARY: Record<Family, Text> = {
	keys: {
		en: 'A keyboard instrument for players at every level.',
		'ja-JP': 'あらゆるレベルのプレイヤーのための鍵盤楽器。',
	},
	electronicDrums: {
		en: 'An electronic drum instrument for practice and performance.',
		'ja-JP': '練習にも演奏にも使える電子ドラム。',
	},
	acousticDrums: {
		en: 'Handcrafted drums for the working drummer.',
		'ja-JP': 'プロのドラマーのためのハンドメイド・ドラム。',
	},
	guitarEffects: {
		en: 'A guitar and bass effect trusted on stages worldwide.',
		'ja-JP': '世界中のステージで信頼されるギター／ベース用エフェクト。',
	},
	amps: { en: 'An amplifier with the tone you know.', 'ja-JP': 'おなじみのトーンを持つアンプ。' },
	production: { en: 'A creation tool for recording and production.', 'ja-JP': 'レコーディングと制作のためのツール。' },
	accessories: { en: 'A genuine accessory for your instrument.', 'ja-JP': '楽器のための純正アクセサリー。' },
	video: { en: 'A video tool for live production and streaming.', 'ja-JP': 'ライブ制作と配信のための映像機器。' },
}

const L = {
	general: { en: 'General', 'ja-JP': '一般' },
	physical: { en: 'Dimensions and weight', 'ja-JP': '外形寸法・質量' },
	modelCode: { en: 'Model code', 'ja-JP': 'モデルコード' },
	released: { en: 'Released', 'ja-JP': '発売年' },
	width: { en: 'Width', 'ja-JP': '幅' },
	depth: { en: 'Depth', 'ja-JP': '奥行き' },
	height: { en: 'Height', 'ja-JP': '高さ' },
	weight: { en: 'Weight', 'ja-JP': '質量' },
	power: { en: 'Power supply', 'ja-JP': '電源' },
	manual: { en: "Owner's Manual", 'ja-JP': '取扱説明書' },
	quickStart: { en: 'Quick Start', 'ja-JP': 'クイック・スタート' },
	firmware: { en: 'System program update', 'ja-JP': 'システム・プログラム・アップデート' },
	driver: { en: 'USB driver', 'ja-JP': 'USBドライバー' },
	warrantyQ: { en: 'How long is the warranty?', 'ja-JP': '保証期間はどのくらいですか？' },
	warrantyA: {
		en: 'The {name} is covered for {years} years from the date of purchase when registered.',
		'ja-JP': '{name}は製品登録により、購入日から{years}年間保証されます。',
	},
	serialQ: { en: 'Where is the serial number?', 'ja-JP': 'シリアル番号はどこにありますか？' },
	serialA: {
		en: 'On the label on the underside or rear panel: enter 7 or 8 characters (for 16-digit serials, the last 7).',
		'ja-JP': '底面または背面のラベルに記載されています。7〜8文字を入力してください（16桁の場合は末尾7桁）。',
	},
	tipsTitle: { en: 'Getting started with the {name}', 'ja-JP': '{name}をはじめよう' },
	tipsSummary: { en: 'Five things to try in your first hour.', 'ja-JP': '最初の1時間で試したい5つのこと。' },
	artistTitle: { en: 'Artists on the {name}', 'ja-JP': 'アーティストが語る{name}' },
	artistSummary: { en: 'How players use it on stage and in the studio.', 'ja-JP': 'ステージやスタジオでの使い方。' },
	adaptor: { en: 'AC adaptor', 'ja-JP': 'ACアダプター' },
}

const t = (text: Text, lang: Lang, vars: Record<string, string | number> = {}) =>
	text[lang].replace(/\{(\w+)\}/g, (_, key: string) => String(vars[key] ?? ''))

/** A number from the model code, stable across seeds. */
function derived(modelCode: string, salt: string, min: number, max: number): number {
	const n = createHash('sha1').update(`${modelCode}:${salt}`).digest().readUInt32BE(0)
	return min + (n % (max - min + 1))
}

const ACCESSORIES: Partial<Record<Family, Array<{ modelCode: string; name: string; slug: string | null }>>> = {
	keys: [
		{ modelCode: 'DP1000', name: 'DP-10 Damper Pedal', slug: 'dp-10' },
		{ modelCode: 'KS1200', name: 'KS-12 Keyboard Stand', slug: 'ks-12' },
		{ modelCode: 'RH3000', name: 'RH-300 Stereo Headphones', slug: 'rh-300' },
	],
	electronicDrums: [
		{ modelCode: 'RH3000', name: 'RH-300 Stereo Headphones', slug: 'rh-300' },
		{ modelCode: 'DW9000', name: 'DW 9000 Series Double Pedal', slug: 'dw-9000-pedal' },
	],
	acousticDrums: [{ modelCode: 'DW9000', name: 'DW 9000 Series Double Pedal', slug: 'dw-9000-pedal' }],
	guitarEffects: [
		{ modelCode: 'PSA120', name: 'PSA-120S AC Adaptor', slug: null },
		{ modelCode: 'TU3000', name: 'TU-3 Chromatic Tuner', slug: 'tu-3' },
	],
	amps: [{ modelCode: 'FS6000', name: 'FS-6 Dual Footswitch', slug: null }],
	production: [{ modelCode: 'RH3000', name: 'RH-300 Stereo Headphones', slug: 'rh-300' }],
	video: [{ modelCode: 'UVC01X', name: 'UVC-01 USB Video Capture', slug: null }],
}

const WARRANTY_YEARS: Record<Family, number> = {
	keys: 5,
	electronicDrums: 2,
	acousticDrums: 5,
	guitarEffects: 5,
	amps: 2,
	production: 1,
	accessories: 1,
	video: 3,
}

export function documentUrl(emulatorUrl: string, slug: string, fileName: string): string {
	return `${emulatorUrl}/account/documents/${encodeURIComponent(slug)}/${encodeURIComponent(fileName)}`
}

/** The product info of one product in one language. */
export function productInfo(product: ProductSeed, lang: Lang, emulatorUrl: string): ProductInfoContent {
	const family = familyOf(product)
	const vars = { name: product.name, years: WARRANTY_YEARS[family] }
	const code = product.modelCode
	const fileLang = lang === 'ja-JP' ? 'j' : 'e'
	const date = (month: number) => `${product.year}-${String(month).padStart(2, '0')}-15T00:00:00.000Z`
	const electronic = family !== 'acousticDrums' && family !== 'accessories'
	const downloads: ProductInfoContent['downloads'] = []
	if (electronic && family !== 'amps') {
		const file = `${code.toLowerCase()}_firmware_v1${derived(code, 'fw', 1, 9)}.zip`
		downloads.push({
			id: `${code}-FW`,
			title: t(L.firmware, lang),
			type: 'firmware',
			version: `1.${derived(code, 'fw', 1, 9)}`,
			url: documentUrl(emulatorUrl, product.slug, file),
			size: derived(code, 'fwsize', 800_000, 9_000_000),
			releaseDate: date(6),
		})
	}
	if (family === 'production' || family === 'video' || family === 'keys') {
		const file = `${code.toLowerCase()}_usb_driver.zip`
		downloads.push({
			id: `${code}-DRV`,
			title: t(L.driver, lang),
			type: 'driver',
			version: '2.0.1',
			url: documentUrl(emulatorUrl, product.slug, file),
			size: derived(code, 'drv', 1_000_000, 4_000_000),
			os: ['Windows 11', 'Windows 10', 'macOS 15', 'macOS 14'],
			releaseDate: date(7),
		})
	}
	const documents: ProductInfoContent['Product_Support_Documents'] = [
		[L.manual, 'OM', "Owner's Manual"],
		[L.quickStart, 'QS', 'Quick Start'],
	].map(([title, kind, type]) => {
		const fileName = `${code.toLowerCase()}_${String(kind).toLowerCase()}_${fileLang}01_w.pdf`
		return {
			Document_Id: `${code}-${kind}-${fileLang.toUpperCase()}`,
			Document_Title: `${product.name} ${t(title as Text, lang)}`,
			Document_Type: type as string,
			Language: lang === 'ja-JP' ? 'ja' : 'en',
			Publish_Date: date(3),
			Asset_Details: [
				{
					Asset_Id: `${code}-${kind}-${fileLang.toUpperCase()}-PDF`,
					File_Name: fileName,
					File_Url: documentUrl(emulatorUrl, product.slug, fileName),
					File_Size: derived(code, `${kind}${fileLang}`, 200_000, 6_000_000),
					Mime_Type: 'application/pdf',
				},
			],
		}
	})
	return {
		summary: t(SUMMARY[family], lang),
		features: FEATURES[family].map(([title, body], index) => ({
			id: `${code}-F${index + 1}`,
			title: t(title, lang, vars),
			body: t(body, lang, vars),
		})),
		specs: [
			{
				group: t(L.general, lang),
				items: [
					{ label: t(L.modelCode, lang), value: code },
					{ label: t(L.released, lang), value: String(product.year) },
					...(electronic ? [{ label: t(L.power, lang), value: t(L.adaptor, lang) }] : []),
				],
			},
			{
				group: t(L.physical, lang),
				items: [
					{ label: t(L.width, lang), value: `${derived(code, 'w', 70, 1400)} mm` },
					{ label: t(L.depth, lang), value: `${derived(code, 'd', 60, 450)} mm` },
					{ label: t(L.height, lang), value: `${derived(code, 'h', 50, 1000)} mm` },
					{ label: t(L.weight, lang), value: `${(derived(code, 'kg', 3, 600) / 10).toFixed(1)} kg` },
				],
			},
		],
		downloads,
		support: {
			warrantyYears: WARRANTY_YEARS[family],
			faqs: [
				{ question: t(L.warrantyQ, lang), answer: t(L.warrantyA, lang, vars) },
				{ question: t(L.serialQ, lang), answer: t(L.serialA, lang) },
			],
		},
		articles: [
			{ id: `${code}-A1`, title: t(L.tipsTitle, lang, vars), summary: t(L.tipsSummary, lang), publishDate: date(5) },
			{
				id: `${code}-A2`,
				title: t(L.artistTitle, lang, vars),
				summary: t(L.artistSummary, lang),
				publishDate: date(9),
			},
		],
		accessories: (ACCESSORIES[family] ?? []).filter((a) => a.slug !== product.slug),
		Product_Support_Documents: documents,
	}
}
