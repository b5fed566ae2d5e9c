/**
 * The account API's catalogue calls (spec 2 §7): master lists and their cache
 * downloads, the product lookup by model code, and the JSON documents. All
 * anonymous. Shapes: contract/account-catalogue.ts.
 */
import type { z } from 'zod'
import type { MasterListName } from '../domain/master-data.ts'
import { upstreamBaseUrl } from './config.server.ts'
import {
	CacheDownloadSchema,
	CacheDownloadsSchema,
	cacheFileSchema,
	CacheFileSchema,
	CurationJsonSchema,
	curationJsonKey,
	JsonDocumentSchema,
	LocalizationJsonSchema,
	localizationJsonKey,
	MASTER_ITEM_SCHEMAS,
	MASTER_LIST_PATHS,
	masterListPageSchema,
	PRODUCT_REGISTRATION_CATEGORIES_KEY,
	ProductIndexFileSchema,
	productJsonKey,
	ProductJsonSchema,
	ProductRegistrationCategoriesJsonSchema,
	ProductSchema,
	termsOfUseJsonKey,
	TermsOfUseJsonSchema,
	type MasterItem,
} from './contract/account-catalogue.ts'
import { UpstreamError } from './errors.ts'
import { upstreamRequest } from './http.server.ts'

/** The item schema of a list, typed by its name. */
function itemSchema<N extends MasterListName>(name: N): z.ZodType<MasterItem<N>> {
	return MASTER_ITEM_SCHEMAS[name] as unknown as z.ZodType<MasterItem<N>>
}

export interface MasterListOptions {
	/** Only rows for these cultures (ids of the cultureCodes list) and rows for every culture. */
	cultureCodeIds?: readonly string[]
	/** Only items updated after this instant (ISO). */
	updateDate?: string
	/** 1-based. */
	page?: number
	/** -1 (the default) for every item. */
	perPage?: number
	signal?: AbortSignal
}

export interface MasterListPage<N extends MasterListName> {
	items: MasterItem<N>[]
	page: number
	perPage: number
	total: number
}

/** `GET {list}`: one page of a master list, every item by default (`perPage=-1`). */
export async function getMasterList<N extends MasterListName>(
	name: N,
	options: MasterListOptions = {},
): Promise<MasterListPage<N>> {
	const page = await upstreamRequest('account', {
		path: MASTER_LIST_PATHS[name],
		query: {
			page: options.page,
			perPage: options.perPage ?? -1,
			updateDate: options.updateDate,
			'cultureCodeIds[]': options.cultureCodeIds,
		},
		schema: masterListPageSchema(itemSchema(name)),
		signal: options.signal,
	})
	return page
}

/** `GET {list}/cache`: a signed download of the whole list and how long to keep it. */
export async function getMasterListCache(name: MasterListName, signal?: AbortSignal) {
	return upstreamRequest('account', { path: `${MASTER_LIST_PATHS[name]}/cache`, schema: CacheDownloadSchema, signal })
}

/** `GET {list}/caches`: one signed download per culture the list's rows are for. */
export async function getMasterListCaches(name: MasterListName, signal?: AbortSignal) {
	return upstreamRequest('account', { path: `${MASTER_LIST_PATHS[name]}/caches`, schema: CacheDownloadsSchema, signal })
}

/**
 * The path and query of a signed URL relative to the account API, so the
 * download goes through upstreamRequest like every other call. A URL
 * elsewhere is refused: the portal only downloads from its account API.
 */
function underAccountApi(signedUrl: string): { path: string; query: Record<string, string | string[]> } {
	const base = new URL(upstreamBaseUrl('account'))
	let url: URL
	try {
		url = new URL(signedUrl)
	} catch {
		throw new UpstreamError({ upstream: 'account', kind: 'malformed', message: `Not a URL: ${signedUrl}` })
	}
	if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
		throw new UpstreamError({
			upstream: 'account',
			kind: 'malformed',
			message: `The signed URL ${url.origin}${url.pathname} is not under the account API (${base.href})`,
		})
	}
	const query: Record<string, string | string[]> = {}
	for (const key of new Set(url.searchParams.keys())) {
		const values = url.searchParams.getAll(key)
		query[key] = values.length === 1 ? values[0]! : values
	}
	return { path: url.pathname.slice(base.pathname.length), query }
}

/** Downloads a signed cache file and parses it with `schema` (any list's file by default). */
export async function downloadCacheFile<S extends z.ZodType = typeof CacheFileSchema>(
	signedUrl: string,
	schema?: S,
	signal?: AbortSignal,
): Promise<z.infer<S>> {
	const { path, query } = underAccountApi(signedUrl)
	return upstreamRequest('account', { path, query, schema: (schema ?? CacheFileSchema) as S, signal })
}

/** Downloads the cache file of one list, its items typed. */
export async function downloadMasterListFile<N extends MasterListName>(
	name: N,
	signedUrl: string,
	signal?: AbortSignal,
) {
	const file = await downloadCacheFile(signedUrl, cacheFileSchema(itemSchema(name)), signal)
	if (file.name !== name) {
		throw new UpstreamError({
			upstream: 'account',
			kind: 'malformed',
			message: `Expected the ${name} cache file, got ${file.name}`,
		})
	}
	return file
}

/** `GET searchProducts?modelCode=`: the product with a model code (spec 2 §5: a model code is required). */
export async function searchProducts(modelCode: string, signal?: AbortSignal) {
	if (!modelCode?.trim()) throw new Error('Failed: Invalid ModelCode')
	return upstreamRequest('account', {
		path: 'searchProducts',
		query: { modelCode: modelCode.trim() },
		schema: ProductSchema,
		signal,
	})
}

/** `GET searchProducts/cache`: a signed download of the searchable product index. */
export async function getSearchProductsCache(signal?: AbortSignal) {
	return upstreamRequest('account', { path: 'searchProducts/cache', schema: CacheDownloadSchema, signal })
}

export async function downloadProductIndex(signedUrl: string, signal?: AbortSignal) {
	return downloadCacheFile(signedUrl, ProductIndexFileSchema, signal)
}

/** `GET json?key=`: any JSON document. */
export async function getJson(key: string, signal?: AbortSignal) {
	return upstreamRequest('account', { path: 'json', query: { key }, schema: JsonDocumentSchema, signal })
}

/** `GET json/static?key=`: a static JSON document (localisation json, registration categories). */
export async function getStaticJson(key: string, signal?: AbortSignal) {
	return upstreamRequest('account', { path: 'json/static', query: { key }, schema: JsonDocumentSchema, signal })
}

/**
 * The product json of a product in a culture. A failure is an UpstreamError
 * whose body carries the slug (spec 2 §7: the error plus the slug).
 */
export async function getProductJson(cultureCode: string, slug: string, signal?: AbortSignal) {
	return upstreamRequest('account', {
		path: 'json',
		query: { key: productJsonKey(cultureCode, slug) },
		schema: ProductJsonSchema,
		signal,
	})
}

export async function getCurationJson(cultureCode: string, signal?: AbortSignal) {
	return upstreamRequest('account', {
		path: 'json',
		query: { key: curationJsonKey(cultureCode) },
		schema: CurationJsonSchema,
		signal,
	})
}

/** The translations bundle of a culture (static, anonymous). */
export async function getLocalizationJson(cultureCode: string, signal?: AbortSignal) {
	return upstreamRequest('account', {
		path: 'json/static',
		query: { key: localizationJsonKey(cultureCode) },
		schema: LocalizationJsonSchema,
		signal,
	})
}

/** The product-registration categories of spec 1 §3. */
export async function getProductRegistrationCategories(signal?: AbortSignal) {
	const document = await upstreamRequest('account', {
		path: 'json/static',
		query: { key: PRODUCT_REGISTRATION_CATEGORIES_KEY },
		schema: ProductRegistrationCategoriesJsonSchema,
		signal,
	})
	return document.categories
}

/** The address of a brand's terms of use for a culture (static, anonymous). */
export async function getTermsOfUseUrl(params: { brand: string; cultureCode: string }, signal?: AbortSignal) {
	const document = await upstreamRequest('account', {
		path: 'json/static',
		query: { key: termsOfUseJsonKey(params.brand, params.cultureCode) },
		schema: TermsOfUseJsonSchema,
		signal,
	})
	return document.url
}
