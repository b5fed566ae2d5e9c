/**
 * The demo customer's gear: three registered products, the first with an
 * answered survey. The catalogue seeds first; a product it does not have
 * (by slug or model code) is added here, so either order works.
 */
import { DEMO_ACCOUNTS } from '../../demo.ts'
import type { EmulatorContext } from '../../context.ts'
import { findProductByModelCode, findProductBySlug, insertProduct, type ProductRow } from '../products.ts'
import { placeholderImageUrl } from '../help-centre/images.ts'
import { insertAnswerInfo } from './answer-infos-table.ts'
import { findQuestionnaire } from './questionnaires.ts'
import { insertRegisteredProduct } from './registered-products.ts'

/** Pictured by a placeholder when this seed has to add them. */
export const DEMO_GEAR_PRODUCTS: readonly Omit<ProductRow, 'image'>[] = [
	{
		slug: 'fp-30x',
		modelCode: 'FP30X0',
		brand: 'main',
		categoryId: 1,
		name: 'FP-30X Digital Piano',
		registrableCountries: null,
		data: {},
	},
	{
		slug: 'katana-50-mkii',
		modelCode: 'KTN50M',
		brand: 'effects',
		categoryId: 21,
		name: 'KATANA-50 MkII Amplifier',
		registrableCountries: null,
		data: {},
	},
	{
		slug: 'td-07dmk',
		modelCode: 'TD07DM',
		brand: 'main',
		categoryId: 7,
		name: 'TD-07DMK V-Drums Kit',
		registrableCountries: null,
		data: {},
	},
]

const DEMO_REGISTRATIONS = [
	{
		slug: 'fp-30x',
		serialCode: 'A1B2345',
		purchaseDate: '2023-03-14',
		purchaseMethod: '1',
		purchaseDealer: 'Sweet Music Co.',
	},
	{
		slug: 'katana-50-mkii',
		serialCode: 'Z9K8765',
		purchaseDate: '2024-06-02',
		purchaseMethod: '2',
		purchaseDealer: 'Online music store',
	},
	{ slug: 'td-07dmk', serialCode: 'H7T12345', purchaseDate: '2022-11-20', purchaseMethod: '1', purchaseDealer: null },
] as const

function demoProduct(ctx: EmulatorContext, wanted: Omit<ProductRow, 'image'>): ProductRow {
	const existing = findProductBySlug(ctx.db, wanted.slug) ?? findProductByModelCode(ctx.db, wanted.modelCode)
	if (existing) return existing
	const product = { ...wanted, image: placeholderImageUrl(ctx, `product-${wanted.slug}`, wanted.modelCode) }
	insertProduct(ctx.db, product)
	return product
}

export function seedDemoGear(ctx: EmulatorContext): void {
	const customer = DEMO_ACCOUNTS.customer
	for (const registration of DEMO_REGISTRATIONS) {
		const product = demoProduct(
			ctx,
			DEMO_GEAR_PRODUCTS.find((p) => p.slug === registration.slug)!,
		)
		const registered = insertRegisteredProduct(ctx, {
			userId: customer.id,
			product: { ...product, data: {} },
			serialCode: registration.serialCode,
			purchaseDate: registration.purchaseDate,
			purchaseMethod: registration.purchaseMethod,
			purchaseDealer: registration.purchaseDealer,
			image: null,
			createDate: `${registration.purchaseDate}T12:00:00.000Z`,
		})
		if (registration.slug !== 'fp-30x') continue
		const survey = findQuestionnaire(ctx.db, 'ProductSurvey')!
		insertAnswerInfo(ctx, {
			userId: customer.id,
			questionnaireId: survey.id,
			questionnaireName: survey.name,
			registeredProductId: registered.id,
			productSlug: registered.productSlug,
			answers: [
				{ questionId: 'heard-about', value: 'store' },
				{ questionId: 'uses', value: ['practice', 'recording'] },
				{ questionId: 'experience', value: '5to10' },
			],
			answeredDate: `${registration.purchaseDate}T12:05:00.000Z`,
			createDate: `${registration.purchaseDate}T12:01:00.000Z`,
		})
	}
}
