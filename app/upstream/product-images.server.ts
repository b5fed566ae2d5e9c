/**
 * Product images (`GET productImages`, public API) through the portal's cache, kept as the address of
 * each kind of picture. They change as
 * seldom as the products master list, so they are kept like it: fresh for the products' refresh
 * time, then served stale while a fresh answer is fetched, so a page of gear asks the public API
 * nothing once its images have been seen. A product the API has no images for is kept as none; a
 * failed call keeps nothing, and the caller shows the product without its picture.
 */
import { cachified } from '@epic-web/cachified'
import { z } from 'zod'
import { MASTER_REFRESH_SECONDS, MASTER_STALE_SECONDS } from '../domain/master-data.ts'
import { checkShared, getCache, type PortalCache } from './cache.server.ts'
import type { ProductImages } from './contract/public.ts'
import { isUpstreamError } from './errors.ts'
import { getProductImages } from './public.server.ts'

/** Under the master data's prefix, so clearing the master data clears these too. */
const PREFIX = 'master-data:product-images:'

let override: PortalCache | undefined
const cache = () => override ?? getCache()

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setProductImagesCache(next: PortalCache | undefined): void {
	override = next
}

export interface ProductImagesQuery {
	slug: string
	brand: string
	cultureCode: string
}

export type ProductImageKind = ProductImages['images'][number]['kind']

/** A product's pictures by kind: the first of each kind the API answered. */
export type ProductPictures = Partial<Record<ProductImageKind, string>>

// Checked on every read (a cache in Redis may hold another release's shape): a small shape, cheap to check.
const PicturesSchema = z.partialRecord(z.enum(['main', 'thumbnail', 'gallery']), z.string()).nullable()

function picturesOf(answer: ProductImages): ProductPictures {
	const pictures: ProductPictures = {}
	for (const image of answer.images) pictures[image.kind] ??= image.url
	return pictures
}

/** A product's pictures in a culture; null when the API has none for it. */
export function getCachedProductPictures(query: ProductImagesQuery): Promise<ProductPictures | null> {
	return cachified({
		key: `${PREFIX}${query.cultureCode}:${query.brand}:${query.slug}`,
		cache: cache(),
		ttl: MASTER_REFRESH_SECONDS.products * 1000,
		staleWhileRevalidate: MASTER_STALE_SECONDS * 1000,
		checkValue: checkShared(cache(), PicturesSchema),
		getFreshValue: async () => {
			try {
				return picturesOf(await getProductImages(query))
			} catch (error) {
				if (isUpstreamError(error) && error.kind === 'status' && error.status === 404) return null
				throw error
			}
		},
	})
}

/**
 * The address of one picture of a product, else another of its pictures, else `fallback` (the
 * picture the registration carries): for a list, the thumbnail. Never fails on the API's account: a
 * product is listed without its picture rather than not at all.
 */
export async function productImageUrl(
	query: ProductImagesQuery,
	kind: ProductImageKind,
	fallback: string | null,
): Promise<string | null> {
	try {
		const pictures = await getCachedProductPictures(query)
		return pictures?.[kind] ?? pictures?.main ?? pictures?.thumbnail ?? pictures?.gallery ?? fallback
	} catch (error) {
		if (isUpstreamError(error)) return fallback
		throw error
	}
}
