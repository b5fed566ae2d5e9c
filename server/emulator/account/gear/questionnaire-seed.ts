/**
 * The three product surveys of spec 1 §3, in English and Japanese, labelled
 * with questionnaireLabels ids 1 (product survey), 2 (purchase) and
 * 3 (satisfaction).
 */
import { SURVEY_LABEL_IDS, type SurveyName } from '#app/upstream/contract/account-gear.ts'

export type SurveyLanguage = 'en' | 'ja'
export type Texts = Record<SurveyLanguage, string>

export interface SeedQuestion {
	id: string
	type: 'singleChoice' | 'multipleChoice' | 'freeText' | 'rating'
	required: boolean
	text: Texts
	choices: Array<{ id: string; text: Texts }>
}

export interface SeedQuestionnaire {
	id: string
	name: SurveyName
	labelIds: string[]
	title: Texts
	description: Texts
	questions: SeedQuestion[]
}

const choice = (id: string, en: string, ja: string) => ({ id, text: { en, ja } })

/** A rating's points, lowest first. */
const satisfactionScale = [
	choice('1', 'Very dissatisfied', '大変不満'),
	choice('2', 'Dissatisfied', '不満'),
	choice('3', 'Neither satisfied nor dissatisfied', 'どちらともいえない'),
	choice('4', 'Satisfied', '満足'),
	choice('5', 'Very satisfied', '大変満足'),
]

export const QUESTIONNAIRES: readonly SeedQuestionnaire[] = [
	{
		id: '1',
		name: 'ProductSurvey',
		labelIds: [SURVEY_LABEL_IDS.ProductSurvey],
		title: { en: 'Tell us about you and your new gear', ja: 'お客様と新しい製品について教えてください' },
		description: {
			en: 'Your answers help us make better instruments. It takes about two minutes.',
			ja: 'ご回答はより良い製品づくりに役立てさせていただきます。所要時間は約2分です。',
		},
		questions: [
			{
				id: 'heard-about',
				type: 'singleChoice',
				required: true,
				text: { en: 'Where did you first hear about this product?', ja: 'この製品を最初に知ったのはどこですか？' },
				choices: [
					choice('store', 'In a store', '店頭'),
					choice('website', 'Our website', '当社ウェブサイト'),
					choice('social', 'Social media or video', 'SNS・動画'),
					choice('press', 'Magazine or review', '雑誌・レビュー'),
					choice('friend', 'A friend or teacher', '友人・先生'),
					choice('other', 'Other', 'その他'),
				],
			},
			{
				id: 'uses',
				type: 'multipleChoice',
				required: true,
				text: { en: 'What will you mainly use it for?', ja: '主な用途は何ですか？（複数選択可）' },
				choices: [
					choice('practice', 'Practice at home', '自宅での練習'),
					choice('live', 'Live performance', 'ライブ演奏'),
					choice('recording', 'Recording and production', 'レコーディング・制作'),
					choice('teaching', 'Teaching', 'レッスン・指導'),
					choice('worship', 'Worship', '礼拝'),
				],
			},
			{
				id: 'experience',
				type: 'singleChoice',
				required: true,
				text: { en: 'How long have you been playing?', ja: '演奏歴はどのくらいですか？' },
				choices: [
					choice('lt1', 'Less than a year', '1年未満'),
					choice('1to5', '1 to 5 years', '1〜5年'),
					choice('5to10', '5 to 10 years', '5〜10年'),
					choice('gt10', 'More than 10 years', '10年以上'),
				],
			},
			{
				id: 'comments',
				type: 'freeText',
				required: false,
				text: { en: 'Is there anything else you would like to tell us?', ja: 'その他ご意見があればお聞かせください。' },
				choices: [],
			},
		],
	},
	{
		id: '2',
		name: 'ProductSurvey1',
		labelIds: [SURVEY_LABEL_IDS.ProductSurvey1],
		title: { en: 'About your purchase', ja: 'ご購入について' },
		description: {
			en: 'A few questions about why and how you bought it.',
			ja: 'ご購入の理由と方法についてお聞かせください。',
		},
		questions: [
			{
				id: 'reasons',
				type: 'multipleChoice',
				required: true,
				text: { en: 'Why did you choose this product?', ja: 'この製品を選んだ理由は何ですか？（複数選択可）' },
				choices: [
					choice('sound', 'Sound', '音質'),
					choice('features', 'Features', '機能'),
					choice('price', 'Price', '価格'),
					choice('brand', 'Brand', 'ブランド'),
					choice('design', 'Design', 'デザイン'),
					choice('recommended', 'Someone recommended it', '人に勧められた'),
				],
			},
			{
				id: 'first-product',
				type: 'singleChoice',
				required: true,
				text: { en: 'Is this your first product from us?', ja: '当社製品のご購入は初めてですか？' },
				choices: [choice('yes', 'Yes', 'はい'), choice('no', 'No', 'いいえ')],
			},
			{
				id: 'purchase-experience',
				type: 'rating',
				required: true,
				text: {
					en: 'How satisfied are you with where you bought it?',
					ja: 'ご購入店の対応にどの程度満足されましたか？',
				},
				choices: satisfactionScale,
			},
			{
				id: 'alternatives',
				type: 'freeText',
				required: false,
				text: { en: 'Which other products did you consider?', ja: '他に検討された製品があれば教えてください。' },
				choices: [],
			},
			{
				id: 'information',
				type: 'multipleChoice',
				required: false,
				text: {
					en: 'Where did you look for information before buying?',
					ja: 'ご購入前にどこで情報を集めましたか？（複数選択可）',
				},
				choices: [
					choice('website', 'Our website', '当社ウェブサイト'),
					choice('dealer', 'The dealer', '販売店'),
					choice('video', 'Videos', '動画'),
					choice('reviews', 'Reviews', 'レビュー'),
				],
			},
		],
	},
	{
		id: '3',
		name: 'ProductSurvey2',
		labelIds: [SURVEY_LABEL_IDS.ProductSurvey2],
		title: { en: 'How is your gear working for you?', ja: '製品の使い心地はいかがですか？' },
		description: {
			en: 'Now that you have had it for a while, tell us what you think.',
			ja: 'しばらくお使いいただいた今のご感想をお聞かせください。',
		},
		questions: [
			{
				id: 'overall',
				type: 'rating',
				required: true,
				text: {
					en: 'Overall, how satisfied are you with this product?',
					ja: 'この製品に総合的にどの程度満足されていますか？',
				},
				choices: satisfactionScale,
			},
			{
				id: 'best-aspects',
				type: 'multipleChoice',
				required: false,
				text: { en: 'What do you like most about it?', ja: '特に気に入っている点は何ですか？（複数選択可）' },
				choices: [
					choice('sound', 'Sound', '音質'),
					choice('playability', 'Playability', '演奏性'),
					choice('build', 'Build quality', '作りの良さ'),
					choice('software', 'Apps and software', 'アプリ・ソフトウェア'),
				],
			},
			{
				id: 'recommend',
				type: 'singleChoice',
				required: true,
				text: { en: 'Would you recommend it to a friend?', ja: 'ご友人にこの製品を勧めたいと思いますか？' },
				choices: [
					choice('definitely', 'Definitely', 'ぜひ勧めたい'),
					choice('probably', 'Probably', 'たぶん勧める'),
					choice('not-sure', 'Not sure', 'わからない'),
					choice('no', 'No', '勧めない'),
				],
			},
			{
				id: 'improvements',
				type: 'freeText',
				required: false,
				text: { en: 'What could we improve?', ja: '改善してほしい点があればお聞かせください。' },
				choices: [],
			},
			{
				id: 'contact-ok',
				type: 'singleChoice',
				required: true,
				text: {
					en: 'May we contact you about your answers?',
					ja: 'ご回答について当社からご連絡してもよろしいですか？',
				},
				choices: [choice('yes', 'Yes', 'はい'), choice('no', 'No', 'いいえ')],
			},
		],
	},
]
