/** The public API (spec 2 §7): anonymous geo-IP, product images and privacy-policy URLs. */
import { GeoipSchema, PrivacyPolicyUrlSchema, ProductImagesSchema, type ProductImages } from './contract/public.ts'
import { upstreamRequest } from './http.server.ts'

/**
 * `GET geoip`: the English name of the visitor's country, '' when the lookup
 * fails (spec 2 §7: it logs and returns an empty string). The log line never
 * holds the address: it is personal data.
 */
export async function getGeoipCountry(ip: string, signal?: AbortSignal): Promise<string> {
	try {
		const answer = await upstreamRequest('public', { path: 'geoip', query: { ip }, schema: GeoipSchema, signal })
		return answer.country.names.en
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		console.warn(`[geoip] lookup failed: ${ip ? message.split(ip).join('[address]') : message}`)
		return ''
	}
}

/** `GET productImages`: a product's images (main, thumbnail, gallery). */
export async function getProductImages(
	params: { slug: string; brand: string; cultureCode?: string },
	signal?: AbortSignal,
): Promise<ProductImages> {
	return upstreamRequest('public', {
		path: 'productImages',
		query: { slug: params.slug, brand: params.brand, culture_code: params.cultureCode },
		schema: ProductImagesSchema,
		signal,
	})
}

/** `GET url/privacy_policy/`: the address of the brand's privacy policy for a culture and country. */
export async function getPrivacyPolicyUrl(
	params: { brand: string; cultureCode?: string; country?: string },
	signal?: AbortSignal,
): Promise<string> {
	const answer = await upstreamRequest('public', {
		path: 'url/privacy_policy/',
		query: { culture_code: params.cultureCode, country: params.country, brand: params.brand },
		schema: PrivacyPolicyUrlSchema,
		signal,
	})
	return answer.url
}
