/**
 * The emulated public API (spec 2 §7), anonymous: `GET geoip`,
 * `GET productImages` (and the SVG images it points at) and
 * `GET url/privacy_policy/`.
 */
import express, { type Response } from 'express'
import type { z } from 'zod'
import {
	GeoipQuerySchema,
	type GeoipSchema,
	PrivacyPolicyQuerySchema,
	type PrivacyPolicyUrlSchema,
	ProductImagesQuerySchema,
	type ProductImagesSchema,
} from '#app/upstream/contract/public.ts'
import { servedCultureOr } from '../cultures.ts'
import { findProductBySlug, migrateProducts, type ProductRow } from '../account/products.ts'
import { sendError } from '../auth.ts'
import type { EmulatorService } from '../context.ts'
import { brandName } from './brands.ts'
import { lookupCountry, normaliseAddress } from './geoip.ts'
import { IMAGE_KINDS, isImageKind, productImageSvg } from './images.ts'
import { privacyPolicyUrl } from './privacy-policy.ts'

function invalid(res: Response) {
	sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
}

export const publicService: EmulatorService = {
	name: 'public API',
	mount: '/public',
	migrate(ctx) {
		// The catalogue owns the products; this reads them, whichever service starts first.
		migrateProducts(ctx.db)
	},
	router(ctx) {
		const router = express.Router()

		function productOfBrand(
			slug: string,
			rawBrand: string,
		): { product: ProductRow; brand: NonNullable<ReturnType<typeof brandName>> } | undefined {
			const brand = brandName(rawBrand)
			const product = findProductBySlug(ctx.db, slug)
			if (!brand || !product || brandName(product.brand) !== brand) return undefined
			return { product, brand }
		}

		router.get('/geoip', (req, res) => {
			const query = GeoipQuerySchema.safeParse(req.query)
			if (!query.success) return invalid(res)
			// Without ?ip= it answers for the caller, as a geo-IP service does.
			const address = normaliseAddress(query.data.ip ?? req.socket.remoteAddress ?? '')
			if (!address) return invalid(res)
			const country = lookupCountry(address)
			const answer: z.input<typeof GeoipSchema> = {
				country: { iso_code: country.isoCode, names: { en: country.name } },
			}
			res.json(answer)
		})

		router.get('/productImages', (req, res) => {
			const query = ProductImagesQuerySchema.safeParse(req.query)
			if (!query.success || !brandName(query.data.brand)) return invalid(res)
			const found = productOfBrand(query.data.slug, query.data.brand)
			if (!found) return sendError(res, 404, 'Product not found.', 'NotFound')
			const { product, brand } = found
			const base = `${ctx.emulatorUrl}/public/productImages/${encodeURIComponent(product.slug)}`
			const answer: z.input<typeof ProductImagesSchema> = {
				slug: product.slug,
				brand,
				cultureCode: servedCultureOr(query.data.culture_code),
				images: (['main', 'thumbnail', 'gallery'] as const).map((kind) => ({
					kind,
					url: `${base}/${kind}.svg`,
					...IMAGE_KINDS[kind],
					alt: product.name,
				})),
			}
			res.json(answer)
		})

		router.get('/productImages/:slug/:kind.svg', (req, res) => {
			const product = findProductBySlug(ctx.db, req.params.slug)
			if (!product || !isImageKind(req.params.kind)) return sendError(res, 404, 'Product not found.', 'NotFound')
			const brand = brandName(product.brand) ?? 'main'
			res
				.set('Cache-Control', 'public, max-age=86400')
				.type('image/svg+xml')
				.send(productImageSvg(product, brand, req.params.kind))
		})

		router.get('/url/privacy_policy', (req, res) => {
			const query = PrivacyPolicyQuerySchema.safeParse(req.query)
			const brand = query.success ? brandName(query.data.brand) : null
			if (!query.success || !brand) return invalid(res)
			const culture = servedCultureOr(query.data.culture_code)
			const answer: z.input<typeof PrivacyPolicyUrlSchema> = {
				url: privacyPolicyUrl(brand, culture, query.data.country),
			}
			res.json(answer)
		})

		return router
	},
}
