/**
 * Master data and product info through the cache (spec 1 §4, spec 2 §4):
 * each list is fetched again when older than its refresh time; until then
 * every read is served from the cache. A list past its refresh time is still
 * served for MASTER_STALE_SECONDS while a fresh one is fetched in the
 * background, so an upstream outage serves the last lists instead of failing
 * (a failed background refresh keeps the stale list).
 *
 * Products and stores come through the cache download (`{list}/cache` →
 * signed URL → file); a downloaded file is kept for the list's cache time, so
 * a refresh that is handed the same file does not download it again.
 * Product info is dropped after PRODUCT_INFO_RESET_SECONDS, with the
 * Asset_Details of its documents blanked.
 */
import { cachified as cachifiedUncounted, type CachifiedOptions } from '@epic-web/cachified'
import { z } from 'zod'
import {
	blankAssetDetails,
	isCachedMasterList,
	itemsForCulture,
	MASTER_CACHE_SECONDS,
	MASTER_REFRESH_SECONDS,
	MASTER_STALE_SECONDS,
	mergeMeta,
	PRODUCT_INFO_RESET_SECONDS,
	type CachedMasterListName,
	type MasterListName,
} from '../domain/master-data.ts'
import { derivedFrom } from '../domain/derived.ts'
import { keepDocumentFiles } from '../domain/product-info.ts'
import {
	downloadMasterListFile,
	getCurationJson,
	getLocalizationJson,
	getMasterList,
	getMasterListCache,
	getProductJson,
} from './account-catalogue.server.ts'
import { checkShared, getCache, type PortalCache } from './cache.server.ts'
import {
	CurationJsonSchema,
	LocalizationJsonSchema,
	MasterItemSchema,
	ProductJsonSchema,
	ProductSupportDocumentSchema,
	type MasterItem,
	type MergedMasterItem,
	type ProductJson,
} from './contract/account-catalogue.ts'
import { isUpstreamError } from './errors.ts'
import { cacheReporter } from '../observability/metrics.server.ts'

/** cachified, its reads counted as hits or misses of `list` in the metrics (ADR 0050). */
function cachified<Value>(list: string, options: CachifiedOptions<Value>): Promise<Value> {
	return cachifiedUncounted(options, cacheReporter<Value>(list))
}

/** Every key this module writes starts with this, so it can clear only its own. */
const PREFIX = 'master-data:'
const STALE_MS = MASTER_STALE_SECONDS * 1000

/** A list item with its meta merged in (spec 1 §3). */
export type MasterDataItem<N extends MasterListName> = MergedMasterItem<N>

const MergedListSchema = z.array(MasterItemSchema.omit({ meta: true }))

let override: PortalCache | undefined

function cache(): PortalCache {
	return override ?? getCache()
}

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setMasterDataCache(next: PortalCache | undefined): void {
	override = next
}

/** Drops every cached list, file and product info. */
export async function clearMasterDataCache(): Promise<void> {
	await cache().clear(PREFIX)
}

/** Drops the product info kept for a culture: what a user of that culture has been shown. */
export async function clearProductInfo(cultureCode: string): Promise<void> {
	await cache().clear(`${PREFIX}product-info:${cultureCode}:`)
}

async function downloadList<N extends CachedMasterListName>(name: N): Promise<MasterItem<N>[]> {
	const { signedUrl, cacheTime } = await getMasterListCache(name)
	// A file is named by its path; its signature changes with every answer, its content does not.
	const file = new URL(signedUrl).pathname
	return cachified(`${name}-file`, {
		key: `${PREFIX}file:${name}:${file}`,
		cache: cache(),
		ttl: Math.min(cacheTime, MASTER_CACHE_SECONDS[name]) * 1000,
		getFreshValue: async () => (await downloadMasterListFile(name, signedUrl)).items,
	})
}

async function fetchList<N extends MasterListName>(name: N): Promise<MasterDataItem<N>[]> {
	const items: MasterItem<N>[] = isCachedMasterList(name)
		? ((await downloadList(name)) as MasterItem<N>[])
		: (await getMasterList(name, { perPage: -1 })).items
	return items.map((item) => mergeMeta(item) as MasterDataItem<N>)
}

/** A whole master list, its items' meta merged in. */
async function cachedList<N extends MasterListName>(name: N): Promise<MasterDataItem<N>[]> {
	return cachified(name, {
		key: `${PREFIX}list:${name}`,
		cache: cache(),
		ttl: MASTER_REFRESH_SECONDS[name] * 1000,
		staleWhileRevalidate: STALE_MS,
		// A cached list of another shape (an older release's, in Redis) is fetched again.
		checkValue: checkShared(cache(), (value: unknown) => MergedListSchema.safeParse(value).success),
		getFreshValue: () => fetchList(name),
	})
}

/**
 * A master list; with a culture, only the rows for that culture and for every
 * culture, labelled in that culture.
 */
export async function getMasterData<N extends MasterListName>(
	name: N,
	cultureCode?: string,
): Promise<readonly MasterDataItem<N>[]> {
	const items = await cachedList(name)
	return cultureCode ? derivedFrom([items], cultureCode, () => itemsForCulture(items, cultureCode)) : items
}

export function getProducts(cultureCode?: string) {
	return getMasterData('products', cultureCode)
}

export function getStores(cultureCode?: string) {
	return getMasterData('stores', cultureCode)
}

/** Product info as the portal keeps it: Asset_Details blanked, each document's files kept beside them. */
const StoredProductInfoSchema = ProductJsonSchema.extend({
	Product_Support_Documents: z.array(
		ProductSupportDocumentSchema.extend({
			files: z.array(z.object({ url: z.string(), size: z.number(), mimeType: z.string() })),
		}),
	),
})
export type StoredProductInfo = z.infer<typeof StoredProductInfoSchema>

/**
 * The last good copy of each product info, kept past its reset for an upstream outage. Not under
 * `product-info:`, so clearing a culture's product info (the user's clear cache) keeps it, as it
 * keeps the master lists: it is shown only when the upstream fails, and says so.
 */
const lastGoodKey = (cultureCode: string, slug: string) => `${PREFIX}last-good-product-info:${cultureCode}:${slug}`

function storedProductInfo(json: ProductJson): StoredProductInfo {
	const blanked = blankAssetDetails(json)
	return {
		...blanked,
		Product_Support_Documents: json.Product_Support_Documents.map((document) => keepDocumentFiles(document)),
	}
}

/** The product json of a product in a culture, kept for PRODUCT_INFO_RESET_SECONDS with Asset_Details blanked. */
export async function getProductInfo(cultureCode: string, slug: string): Promise<StoredProductInfo> {
	return cachified('product-info', {
		key: `${PREFIX}product-info:${cultureCode}:${slug}`,
		cache: cache(),
		ttl: PRODUCT_INFO_RESET_SECONDS * 1000,
		checkValue: checkShared(cache(), StoredProductInfoSchema),
		getFreshValue: async () => {
			const info = storedProductInfo(await getProductJson(cultureCode, slug))
			await cache().set(lastGoodKey(cultureCode, slug), {
				value: info,
				metadata: { createdTime: Date.now(), ttl: STALE_MS, swr: 0 },
			})
			return info
		},
	})
}

/** Product info, or its last good copy (with when it was fetched) when the upstream fails. */
export interface ProductInfoCopy {
	info: StoredProductInfo
	/** Null for the current copy; the instant the kept copy was fetched otherwise. */
	lastGoodFrom: string | null
}

/**
 * Product info for a page: an unknown product (404) is passed on, as is a failure with no copy
 * kept; any other failure falls back to the last good copy.
 */
export async function getProductInfoOrLastGood(cultureCode: string, slug: string): Promise<ProductInfoCopy> {
	try {
		return { info: await getProductInfo(cultureCode, slug), lastGoodFrom: null }
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled || (error.kind === 'status' && error.status === 404)) throw error
		const kept = await cache().get(lastGoodKey(cultureCode, slug))
		const info = StoredProductInfoSchema.safeParse(kept?.value)
		if (!kept || !info.success) throw error
		return { info: info.data, lastGoodFrom: new Date(kept.metadata.createdTime).toISOString() }
	}
}

/** The curation json of a culture, reset like product info and served stale through an outage. */
export async function getCuration(cultureCode: string) {
	return cachified('curation', {
		key: `${PREFIX}product-info:${cultureCode}:/curation`,
		cache: cache(),
		ttl: PRODUCT_INFO_RESET_SECONDS * 1000,
		staleWhileRevalidate: STALE_MS,
		checkValue: checkShared(cache(), CurationJsonSchema),
		getFreshValue: () => getCurationJson(cultureCode),
	})
}

/** The upstream's translations bundle for a culture, refreshed like the cultureCodes list. */
export async function getLocalization(cultureCode: string) {
	return cachified('localization', {
		key: `${PREFIX}localization:${cultureCode}`,
		cache: cache(),
		ttl: MASTER_REFRESH_SECONDS.cultureCodes * 1000,
		staleWhileRevalidate: STALE_MS,
		checkValue: checkShared(cache(), LocalizationJsonSchema),
		getFreshValue: () => getLocalizationJson(cultureCode),
	})
}
