/**
 * The JSON documents (spec 2 §7): `GET json/static?key=` for the static ones
 * (the localisation json per culture, the product-registration categories)
 * and `GET json?key=` for every document, adding the product json
 * (`products/{cultureCode}/{slug}`) and the curation json
 * (`curation/{cultureCode}`). A product json failure answers the error plus
 * the slug.
 */
import express, { type Response, type Router } from 'express'
import type { z } from 'zod'
import {
	JsonKeyQuerySchema,
	PRODUCT_REGISTRATION_CATEGORIES_KEY,
	termsOfUseJsonKey,
	type CurationJsonSchema,
	type LocalizationJsonSchema,
	type ProductJsonSchema,
	type ProductRegistrationCategoriesJsonSchema,
	type TermsOfUseJsonSchema,
} from '#app/upstream/contract/account-catalogue.ts'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { isServedCulture } from '../../cultures.ts'
import { getMeta } from '../../db.ts'
import { CATEGORIES } from '../../seed/categories.ts'
import { findCulture } from '../../seed/cultures.ts'
import { BRAND_SITES, brandName } from '../../public/brands.ts'
import type { ProductInfoContent } from '../../seed/product-info.ts'
import { TRANSLATIONS, TRANSLATIONS_VERSION } from '../../seed/translations.ts'
import { findProductBySlug, listProductSummaries, type ProductRow } from '../products.ts'
import { productItem, rebaseUrls } from './master-items.ts'

type Found =
	{ status: 200; body: unknown } | { status: 404; body: { message: string; code: string; [key: string]: unknown } }

const notFound = (key: string): Found => ({
	status: 404,
	body: { message: 'The specified key does not exist.', code: 'NoSuchKey', key },
})

function seededAt(ctx: EmulatorContext): string {
	return getMeta(ctx.db, 'catalogueSeededAt') ?? new Date(0).toISOString()
}

/** The culture a document's text is in: its own if the catalogue has it, else English. */
function contentCultureOf(cultureCode: string, available: readonly string[]): string {
	return available.includes(cultureCode) ? cultureCode : 'en'
}

function localization(ctx: EmulatorContext, cultureCode: string): z.input<typeof LocalizationJsonSchema> {
	const contentCulture = contentCultureOf(cultureCode, Object.keys(TRANSLATIONS))
	return {
		cultureCode,
		contentCulture,
		version: TRANSLATIONS_VERSION,
		updateDate: seededAt(ctx),
		translations: TRANSLATIONS[contentCulture as keyof typeof TRANSLATIONS],
	}
}

function categories(ctx: EmulatorContext): z.input<typeof ProductRegistrationCategoriesJsonSchema> {
	return {
		updateDate: seededAt(ctx),
		categories: CATEGORIES.map(({ nameJa: _, label: __, ...category }) => category),
	}
}

export function productJson(
	ctx: EmulatorContext,
	product: ProductRow,
	cultureCode: string,
): z.input<typeof ProductJsonSchema> {
	const info = (product.data.info ?? {}) as Record<string, ProductInfoContent>
	const contentCulture = contentCultureOf(cultureCode, Object.keys(info))
	const content = info[contentCulture]
	if (!content) throw new Error(`Product ${product.slug} has no product info`)
	const item = productItem(ctx, product, 1)
	return rebaseUrls(ctx, {
		slug: product.slug,
		modelCode: product.modelCode,
		name: product.name,
		brand: item.brand,
		categoryId: product.categoryId,
		image: item.image,
		cultureCode,
		contentCulture,
		updateDate: item.updateDate,
		...content,
	})
}

const CURATION_TITLES = {
	new: { en: 'New arrivals', ja: '新製品' },
	pianos: { en: 'Pianos for every home', ja: 'ご家庭のためのピアノ' },
	drums: { en: 'Drums and percussion', ja: 'ドラム＆パーカッション' },
	effects: { en: 'Pedals and effects', ja: 'エフェクター' },
}

function curation(ctx: EmulatorContext, cultureCode: string): z.input<typeof CurationJsonSchema> {
	const country = findCulture(cultureCode)?.country
	const lang = cultureCode === 'ja-JP' ? 'ja' : 'en'
	// Only what may be registered in the culture's country.
	const products = listProductSummaries(ctx.db).filter(
		(p) => !p.registrableCountries || (country && p.registrableCountries.includes(country)),
	)
	const year = (p: ProductRow) => (typeof p.data.year === 'number' ? p.data.year : 0)
	const sections = {
		new: [...products].sort((a, b) => year(b) - year(a) || a.slug.localeCompare(b.slug)).slice(0, 8),
		pianos: products.filter((p) => p.categoryId === 1).slice(0, 6),
		drums: products.filter((p) => p.categoryId === 7).slice(0, 8),
		effects: products.filter((p) => [12, 13, 17].includes(p.categoryId)).slice(0, 8),
	}
	return {
		cultureCode,
		updateDate: seededAt(ctx),
		sections: Object.entries(sections).map(([id, list]) => ({
			id,
			title: CURATION_TITLES[id as keyof typeof CURATION_TITLES][lang],
			productSlugs: list.map((p) => p.slug),
		})),
	}
}

/** A brand's terms of use: one page per brand site and culture. */
function termsOfUse(ctx: EmulatorContext, brand: string, cultureCode: string): Found {
	const theme = brandName(brand)
	if (!theme || !isServedCulture(cultureCode)) return notFound(termsOfUseJsonKey(brand, cultureCode))
	const body: z.input<typeof TermsOfUseJsonSchema> = {
		brand: theme,
		cultureCode,
		url: `https://${BRAND_SITES[theme]}/${cultureCode.toLowerCase()}/terms-of-use/`,
		updateDate: seededAt(ctx),
	}
	return { status: 200, body }
}

function staticDocument(ctx: EmulatorContext, key: string): Found | undefined {
	if (key === PRODUCT_REGISTRATION_CATEGORIES_KEY) return { status: 200, body: categories(ctx) }
	const terms = /^termsOfUse\/([^/]+)\/([^/]+)$/.exec(key)
	if (terms) return termsOfUse(ctx, terms[1]!, terms[2]!)
	const match = /^localization\/([^/]+)$/.exec(key)
	if (!match) return undefined
	return isServedCulture(match[1]!) ? { status: 200, body: localization(ctx, match[1]!) } : notFound(key)
}

function document(ctx: EmulatorContext, key: string): Found {
	const found = staticDocument(ctx, key)
	if (found) return found
	const product = /^products\/([^/]+)\/([^/]+)$/.exec(key)
	if (product) {
		const [, cultureCode, slug] = product as unknown as [string, string, string]
		const row = isServedCulture(cultureCode) ? findProductBySlug(ctx.db, slug) : undefined
		if (!row) return { status: 404, body: { message: 'Product not found.', code: 'ProductNotFound', slug } }
		return { status: 200, body: productJson(ctx, row, cultureCode) }
	}
	const curationKey = /^curation\/([^/]+)$/.exec(key)
	if (curationKey && isServedCulture(curationKey[1]!)) return { status: 200, body: curation(ctx, curationKey[1]!) }
	return notFound(key)
}

function answer(res: Response, found: Found) {
	res.status(found.status).json(found.body)
}

export function jsonRouter(ctx: EmulatorContext): Router {
	const router = express.Router()
	router.get('/json/static', (req, res) => {
		const query = JsonKeyQuerySchema.safeParse({ key: req.query.key })
		if (!query.success) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const found = staticDocument(ctx, query.data.key) ?? notFound(query.data.key)
		// Static documents change only with a deployment: let them be cached.
		if (found.status === 200) res.set('Cache-Control', 'public, max-age=300')
		answer(res, found)
	})
	router.get('/json', (req, res) => {
		const query = JsonKeyQuerySchema.safeParse({ key: req.query.key })
		if (!query.success) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		answer(res, document(ctx, query.data.key))
	})
	return router
}
