/**
 * The master list calls (spec 2 §7): `GET {list}` with paging, the
 * `cultureCodeIds[]` and `updateDate` filters; `GET {list}/cache` and
 * `{list}/caches` (signed downloads); `GET searchProducts` and
 * `searchProducts/cache` (the product lookup by model code and its index).
 */
import express, { type Request, type Response, type Router } from 'express'
import {
	MASTER_LIST_PATHS,
	MasterListQuerySchema,
	SearchProductsQuerySchema,
	type CacheDownload,
	type CacheDownloads,
} from '#app/upstream/contract/account-catalogue.ts'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { findCulture } from '../../seed/cultures.ts'
import { findProductByModelCode } from '../products.ts'
import { accountApiBaseOf, currentCacheFile, serveCacheFile, signedUrl } from './cache-files.ts'
import { listItems, productItem, type ItemInput, type MasterListName } from './master-items.ts'

/** Spec 1 §9's cache times: products 3600 s, stores 86400 s; the other lists change rarely (a day). */
const CACHE_SECONDS: Readonly<Record<string, number>> = { products: 60 * 60, stores: 24 * 60 * 60 }

/** Seconds a list's cache file is kept; the product lookup's index is the products list's. */
export function cacheTimeOf(name: MasterListName | 'searchProducts'): number {
	return CACHE_SECONDS[name === 'searchProducts' ? 'products' : name] ?? 24 * 60 * 60
}

function queryArray(value: unknown): string[] {
	if (value === undefined) return []
	return (Array.isArray(value) ? value : [value]).map(String)
}

function invalid(res: Response) {
	sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
}

function listHandler(ctx: EmulatorContext, name: MasterListName) {
	return (req: Request, res: Response) => {
		const query = MasterListQuerySchema.safeParse({
			page: req.query.page,
			perPage: req.query.perPage,
			updateDate: req.query.updateDate,
			cultureCodeIds: queryArray(req.query['cultureCodeIds[]'] ?? req.query.cultureCodeIds),
		})
		if (!query.success) return invalid(res)
		const { page, perPage, updateDate, cultureCodeIds } = query.data
		let items = listItems(ctx, name)
		if (cultureCodeIds.length > 0) {
			const wanted = new Set(cultureCodeIds)
			items = items.filter((item) => !item.cultureCode || wanted.has(item.cultureCode.id))
		}
		if (updateDate) {
			const after = Date.parse(updateDate)
			items = items.filter((item) => Date.parse(item.updateDate) > after)
		}
		const total = items.length
		const pageItems = perPage === -1 ? items : items.slice((page - 1) * perPage, page * perPage)
		res.json({ items: pageItems, page: perPage === -1 ? 1 : page, perPage, total })
	}
}

function cacheFileFor(
	ctx: EmulatorContext,
	name: MasterListName,
	scope: string,
	items: ItemInput[],
	cultureValue: string | null,
) {
	const cultureCode = cultureValue ? { id: findCulture(cultureValue)!.id, value: cultureValue } : null
	return currentCacheFile(
		ctx,
		name,
		scope,
		cacheTimeOf(name),
		(updateDate) => ({ name, cultureCode, updateDate, items }),
		items,
	)
}

function cacheHandler(ctx: EmulatorContext, name: MasterListName) {
	return (req: Request, res: Response) => {
		const file = cacheFileFor(ctx, name, 'all', listItems(ctx, name), null)
		const answer: CacheDownload = {
			signedUrl: signedUrl(ctx, file.id, accountApiBaseOf(req)),
			cacheTime: cacheTimeOf(name),
			updateDate: file.updateDate,
		}
		res.json(answer)
	}
}

function cachesHandler(ctx: EmulatorContext, name: MasterListName) {
	return (req: Request, res: Response) => {
		const byCulture = new Map<string | null, ItemInput[]>()
		for (const item of listItems(ctx, name)) {
			const key = item.cultureCode?.value ?? null
			byCulture.set(key, [...(byCulture.get(key) ?? []), item])
		}
		const answer: CacheDownloads = {
			cacheTime: cacheTimeOf(name),
			caches: [...byCulture].map(([culture, items]) => {
				const file = cacheFileFor(ctx, name, culture ? `culture:${culture}` : 'culture:none', items, culture)
				return {
					cultureCode: culture ? { id: findCulture(culture)!.id, value: culture } : null,
					signedUrl: signedUrl(ctx, file.id, accountApiBaseOf(req)),
					count: items.length,
					updateDate: file.updateDate,
				}
			}),
		}
		res.json(answer)
	}
}

export function listsRouter(ctx: EmulatorContext): Router {
	const router = express.Router()
	for (const name of Object.keys(MASTER_LIST_PATHS) as MasterListName[]) {
		const path = `/${MASTER_LIST_PATHS[name]}`
		router.get(path, listHandler(ctx, name))
		router.get(`${path}/cache`, cacheHandler(ctx, name))
		router.get(`${path}/caches`, cachesHandler(ctx, name))
	}

	router.get('/searchProducts', (req, res) => {
		const query = SearchProductsQuerySchema.safeParse({ modelCode: req.query.modelCode })
		if (!query.success) return sendError(res, 400, 'Failed: Invalid ModelCode', 'InvalidParameterException')
		const product = findProductByModelCode(ctx.db, query.data.modelCode)
		if (!product) return sendError(res, 404, 'Product not found.', 'ProductNotFound')
		res.json(productItem(ctx, product, 1))
	})

	router.get('/searchProducts/cache', (req, res) => {
		const entries = listItems(ctx, 'products').map((item) => {
			const product = item as ReturnType<typeof productItem>
			return {
				modelCode: product.modelCode,
				slug: product.slug,
				name: product.name,
				brand: product.brand.value,
				categoryId: product.categoryId,
				image: product.image,
			}
		})
		const file = currentCacheFile(
			ctx,
			'searchProducts',
			'all',
			cacheTimeOf('searchProducts'),
			(updateDate) => ({ name: 'searchProducts', cultureCode: null, updateDate, items: entries }),
			entries,
		)
		const answer: CacheDownload = {
			signedUrl: signedUrl(ctx, file.id, accountApiBaseOf(req)),
			cacheTime: cacheTimeOf('searchProducts'),
			updateDate: file.updateDate,
		}
		res.json(answer)
	})

	router.get('/cache-files/:file', serveCacheFile(ctx))
	return router
}
