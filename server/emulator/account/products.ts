/**
 * The product catalogue table, shared by the catalogue calls (products,
 * searchProducts, product json) and product registration.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite'

export interface ProductRow {
	slug: string
	modelCode: string
	/** The brand value: `main`, `effects`, `proav`, `dw`… (see the brands master list). */
	brand: string
	/** The product-registration category id (spec 1 §3: 1 pianos … 23 video). */
	categoryId: number
	name: string
	image: string
	/** Countries (ISO 3166 alpha-2) where it may be registered; null for everywhere. */
	registrableCountries: string[] | null
	/** Everything else the catalogue serves about it (product info per culture, meta…). */
	data: Record<string, unknown>
}

export function migrateProducts(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS products (
		slug TEXT PRIMARY KEY,
		model_code TEXT NOT NULL UNIQUE COLLATE NOCASE,
		brand TEXT NOT NULL,
		category_id INTEGER NOT NULL,
		name TEXT NOT NULL,
		image TEXT NOT NULL,
		registrable_countries TEXT,
		data TEXT NOT NULL DEFAULT '{}'
	)`)
}

type Row = {
	slug: string
	model_code: string
	brand: string
	category_id: number
	name: string
	image: string
	registrable_countries: string | null
	data: string
}
const toProduct = (row: Row): ProductRow => ({
	slug: row.slug,
	modelCode: row.model_code,
	brand: row.brand,
	categoryId: row.category_id,
	name: row.name,
	image: row.image,
	registrableCountries: row.registrable_countries ? (JSON.parse(row.registrable_countries) as string[]) : null,
	data: JSON.parse(row.data) as Record<string, unknown>,
})

export function insertProduct(db: DatabaseSync, product: ProductRow): void {
	db.prepare(
		'INSERT OR REPLACE INTO products (slug, model_code, brand, category_id, name, image, registrable_countries, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
	).run(
		product.slug,
		product.modelCode,
		product.brand,
		product.categoryId,
		product.name,
		product.image,
		product.registrableCountries ? JSON.stringify(product.registrableCountries) : null,
		JSON.stringify(product.data),
	)
}

export function findProductBySlug(db: DatabaseSync, slug: string): ProductRow | undefined {
	const row = db.prepare('SELECT * FROM products WHERE slug = ?').get(slug) as Row | undefined
	return row && toProduct(row)
}

const headBySlug = new WeakMap<DatabaseSync, StatementSync>()

/**
 * A product's own columns, its `data` (product info and the rest) left unread as `{}`: what a registration
 * shows of its product, once per row of a list, so the statement is prepared once per database.
 */
export function findProductHeadBySlug(db: DatabaseSync, slug: string): ProductRow | undefined {
	let statement = headBySlug.get(db)
	if (!statement) {
		statement = db.prepare(
			"SELECT slug, model_code, brand, category_id, name, image, registrable_countries, '{}' AS data FROM products WHERE slug = ?",
		)
		headBySlug.set(db, statement)
	}
	const row = statement.get(slug) as Row | undefined
	return row && toProduct(row)
}

export function findProductByModelCode(db: DatabaseSync, modelCode: string): ProductRow | undefined {
	const row = db.prepare('SELECT * FROM products WHERE model_code = ?').get(modelCode) as Row | undefined
	return row && toProduct(row)
}

export function listProducts(db: DatabaseSync): ProductRow[] {
	return (db.prepare('SELECT * FROM products ORDER BY slug').all() as Row[]).map(toProduct)
}

/** Like listProducts, without the product info (`data.info`): what lists and indexes need, a tenth of the parsing. */
export function listProductSummaries(db: DatabaseSync): ProductRow[] {
	const rows = db
		.prepare(
			"SELECT slug, model_code, brand, category_id, name, image, registrable_countries, json_remove(data, '$.info') AS data FROM products ORDER BY slug",
		)
		.all() as Row[]
	return rows.map(toProduct)
}
