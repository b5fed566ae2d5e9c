/**
 * The rows of the master lists: one table for the small lists, stores and
 * state/provinces; products come from the shared products table. Items are
 * built in the contract's shape (app/upstream/contract/account-catalogue.ts).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { z } from 'zod'
import type { MASTER_LIST_PATHS, MasterItemSchema, ProductSchema } from '#app/upstream/contract/account-catalogue.ts'
import type { EmulatorContext } from '../../context.ts'
import { getMeta } from '../../db.ts'
import { findCategory } from '../../seed/categories.ts'
import { cultureCodeRef } from '../../seed/cultures.ts'
import { BRANDS, type MasterSeedItem } from '../../seed/master-lists.ts'
import { productImageUrl } from '../../seed/products.ts'
import { listProductSummaries, type ProductRow } from '../products.ts'

/** The lists the account API serves: the contract's paths name them. */
export type MasterListName = keyof typeof MASTER_LIST_PATHS

export type ItemInput = z.input<typeof MasterItemSchema>
export type ProductItemInput = z.input<typeof ProductSchema>

export function migrateMasterItems(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS catalogue_master_items (
		list TEXT NOT NULL,
		id TEXT NOT NULL,
		value TEXT NOT NULL,
		label TEXT NOT NULL,
		labels TEXT,
		culture_code TEXT,
		sort INTEGER NOT NULL,
		fields TEXT NOT NULL DEFAULT '{}',
		meta TEXT,
		update_date TEXT NOT NULL,
		PRIMARY KEY (list, id)
	)`)
}

/** Adds or replaces a row; its updateDate is now, so `updateDate` filters and cache files see the change. */
export function upsertMasterItem(
	ctx: EmulatorContext,
	list: Exclude<MasterListName, 'products'>,
	item: MasterSeedItem,
	sort?: number,
): void {
	const now = new Date(ctx.clock.now()).toISOString()
	const current = ctx.db
		.prepare('SELECT sort FROM catalogue_master_items WHERE list = ? AND id = ?')
		.get(list, item.id) as { sort: number } | undefined
	const next = ctx.db
		.prepare('SELECT COALESCE(MAX(sort), 0) + 1 AS n FROM catalogue_master_items WHERE list = ?')
		.get(list) as { n: number }
	ctx.db
		.prepare(
			`INSERT OR REPLACE INTO catalogue_master_items (list, id, value, label, labels, culture_code, sort, fields, meta, update_date)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		)
		.run(
			list,
			item.id,
			item.value,
			item.label,
			item.labelJa ? JSON.stringify({ 'ja-JP': item.labelJa }) : null,
			item.cultureCode ?? null,
			sort ?? current?.sort ?? next.n,
			JSON.stringify(item.fields ?? {}),
			item.meta ? JSON.stringify(item.meta) : null,
			now,
		)
}

type Row = {
	id: string
	value: string
	label: string
	labels: string | null
	culture_code: string | null
	sort: number
	fields: string
	meta: string | null
	update_date: string
}

function toItem(row: Row): ItemInput {
	return {
		...(JSON.parse(row.fields) as Record<string, unknown>),
		id: row.id,
		value: row.value,
		label: row.label,
		...(row.labels ? { labels: JSON.parse(row.labels) as Record<string, string> } : {}),
		sortOrder: row.sort,
		cultureCode: row.culture_code ? cultureCodeRef(row.culture_code) : null,
		updateDate: row.update_date,
		...(row.meta ? { meta: row.meta } : {}),
	}
}

/** Where the seed put the emulator; URLs stored then are served under the emulator's address now. */
export function rebaseUrls<T>(ctx: EmulatorContext, value: T): T {
	const seededAt = getMeta(ctx.db, 'catalogueEmulatorUrl')
	if (!seededAt || seededAt === ctx.emulatorUrl) return value
	return JSON.parse(JSON.stringify(value).replaceAll(seededAt, ctx.emulatorUrl)) as T
}

function brandRef(value: string) {
	const brand = BRANDS.find((b) => b.value === value)
	return brand ? { id: brand.id, value: brand.value, label: brand.label } : { id: '0', value, label: value }
}

/** A product as the products list, searchProducts and the cache files answer it. */
export function productItem(ctx: EmulatorContext, product: ProductRow, sort: number): ProductItemInput {
	const category = findCategory(product.categoryId)
	const year = typeof product.data.year === 'number' ? product.data.year : undefined
	const updateDate = typeof product.data.updateDate === 'string' ? product.data.updateDate : new Date(0).toISOString()
	const image = product.image.includes('/account/images/products/')
		? productImageUrl(ctx.emulatorUrl, product.slug)
		: product.image
	return {
		id: product.slug,
		value: product.slug,
		label: product.name,
		sortOrder: sort,
		cultureCode: null,
		updateDate,
		...(year ? { meta: JSON.stringify({ releaseYear: year }) } : {}),
		slug: product.slug,
		modelCode: product.modelCode,
		name: product.name,
		brand: brandRef(product.brand),
		categoryId: product.categoryId,
		category: category
			? {
					id: category.id,
					name: category.name,
					brand: category.brand,
					translationKey: category.translationKey,
					siteKey: category.siteKey,
					crmCategory: category.crmCategory,
					guid: category.guid,
				}
			: null,
		image,
		registrableCountries: product.registrableCountries,
	}
}

/** Every row of a list, in order. */
export function listItems(ctx: EmulatorContext, list: MasterListName): ItemInput[] {
	if (list === 'products')
		return listProductSummaries(ctx.db).map((product, index) => productItem(ctx, product, index + 1))
	const rows = ctx.db
		.prepare('SELECT * FROM catalogue_master_items WHERE list = ? ORDER BY sort, id')
		.all(list) as Row[]
	return rows.map(toItem)
}
