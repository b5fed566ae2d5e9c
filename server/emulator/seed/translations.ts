/**
 * The localisation json: the account API's translations bundle per culture
 * (spec 2 §7). English and Japanese texts; every other culture reads
 * English. Keys for the catalogue's own words: registration categories,
 * master-list labels, product tabs and the product messages of spec 1 §8.
 */
import { CATEGORIES } from './categories.ts'
import { BRANDS, GENDERS, INTERESTS, PHONE_TYPES, PURCHASING_METHODS, type MasterSeedItem } from './master-lists.ts'

export const TRANSLATIONS_VERSION = '1.0.0'

const STATIC: Record<string, [en: string, ja: string]> = {
	'productTab.features': ['Features', '特長'],
	'productTab.specs': ['Specifications', '仕様'],
	'productTab.downloads': ['Downloads', 'ダウンロード'],
	'productTab.support': ['Support', 'サポート'],
	'productTab.articles': ['Articles', '記事'],
	'productTab.accessories': ['Accessories', 'アクセサリー'],
	'product.notFound': ['Product not found.', '製品が見つかりません。'],
	'product.notRegistrable': [
		'Sorry, this product cannot be added in your Region/Country.',
		'申し訳ありませんが、この製品はお住まいの地域では登録できません。',
	],
	'product.alreadyRegistered': [
		'This product has been added to your account. Thank you!',
		'この製品はすでにアカウントに登録されています。ありがとうございます！',
	],
	'product.registrationError': [
		'An error has occurred during product registration. Please try again from the Register a Product page.',
		'製品登録中にエラーが発生しました。製品登録ページからもう一度お試しください。',
	],
	'product.registrationPending': [
		'Your registration is in progress. Please press Continue; it takes under a minute.',
		'登録処理中です。「続ける」を押してください。1分以内に完了します。',
	],
	'survey.notFound': ['Survey not found.', 'アンケートが見つかりません。'],
}

function listEntries(prefix: string, items: readonly MasterSeedItem[]): Array<[string, string, string]> {
	return items.map((item) => [`${prefix}.${item.value}`, item.label, item.labelJa ?? item.label])
}

const ENTRIES: Array<[key: string, en: string, ja: string]> = [
	...CATEGORIES.map((c): [string, string, string] => [c.translationKey, c.label, c.nameJa]),
	...listEntries('gender', GENDERS),
	...listEntries('interest', INTERESTS),
	...listEntries('phoneType', PHONE_TYPES),
	...listEntries('purchasingMethod', PURCHASING_METHODS),
	...listEntries('brand', BRANDS),
	...Object.entries(STATIC).map(([key, [en, ja]]): [string, string, string] => [key, en, ja]),
]

export const TRANSLATIONS: Record<'en' | 'ja-JP', Record<string, string>> = {
	en: Object.fromEntries(ENTRIES.map(([key, en]) => [key, en])),
	'ja-JP': Object.fromEntries(ENTRIES.map(([key, , ja]) => [key, ja])),
}
