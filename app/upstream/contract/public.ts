/**
 * The public API (spec 2 §7), anonymous: geoip, productImages and the
 * privacy-policy URL. The spec shows only the geoip answer's
 * `country.names.en`; the rest is designed here.
 */
import { z } from 'zod'

/** `GET geoip?ip=`: the country of an address. `iso_code` is ours, after the common geo-IP database answer. */
export const GeoipQuerySchema = z.object({ ip: z.string().trim().min(1).max(64).optional() })
export const GeoipSchema = z.object({
	country: z.object({
		iso_code: z.string().length(2).optional(),
		names: z.object({ en: z.string() }),
	}),
})

/**
 * `GET productImages?slug&brand&culture_code`: the images of one product,
 * each an absolute URL with its kind and size. Designed: `main` (the product
 * page), `thumbnail` (lists) and `gallery` views; `alt` is the product name.
 */
export const ProductImagesQuerySchema = z.object({
	slug: z
		.string()
		.trim()
		.regex(/^[a-z0-9][a-z0-9-]*$/i),
	brand: z.string().trim().min(1),
	culture_code: z.string().trim().min(1).optional(),
})
export const ProductImageSchema = z.object({
	kind: z.enum(['main', 'thumbnail', 'gallery']),
	url: z.url(),
	width: z.number().int().positive(),
	height: z.number().int().positive(),
	alt: z.string(),
})
export const ProductImagesSchema = z.object({
	slug: z.string(),
	brand: z.string(),
	cultureCode: z.string(),
	images: z.array(ProductImageSchema),
})
export type ProductImages = z.infer<typeof ProductImagesSchema>

/**
 * `GET url/privacy_policy/?culture_code&country&brand`: where the brand's privacy policy for that
 * culture and country is.
 */
export const PrivacyPolicyQuerySchema = z.object({
	brand: z.string().trim().min(1),
	culture_code: z.string().trim().min(1).optional(),
	country: z
		.string()
		.trim()
		.regex(/^[A-Za-z]{2}$/)
		.optional(),
})
export const PrivacyPolicyUrlSchema = z.object({ url: z.url() })
