/**
 * Registered products, shared: the gear calls own them; `me` lists them and
 * deleting an account removes them.
 */
import type { DatabaseSync } from 'node:sqlite'

export type RegistrationStatus = 'pending' | 'completed' | 'failed'

export interface RegisteredProductRow {
	id: string
	userId: string
	productSlug: string
	serialCode: string
	status: RegistrationStatus
	/** purchaseDate, purchaseMethod, purchaseDealer, answerInfos… as the gear calls store them. */
	data: Record<string, unknown>
	createDate: string
}

export function migrateRegisteredProducts(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS registered_products (
		id TEXT PRIMARY KEY,
		user_id TEXT NOT NULL,
		product_slug TEXT NOT NULL,
		serial_code TEXT NOT NULL,
		status TEXT NOT NULL,
		data TEXT NOT NULL DEFAULT '{}',
		create_date TEXT NOT NULL
	);
	CREATE INDEX IF NOT EXISTS registered_products_user ON registered_products (user_id);`)
}

export type RegisteredProductDbRow = {
	id: string
	user_id: string
	product_slug: string
	serial_code: string
	status: RegistrationStatus
	data: string
	create_date: string
}
export const toRegisteredProductRow = (row: RegisteredProductDbRow): RegisteredProductRow => ({
	id: row.id,
	userId: row.user_id,
	productSlug: row.product_slug,
	serialCode: row.serial_code,
	status: row.status,
	data: JSON.parse(row.data) as Record<string, unknown>,
	createDate: row.create_date,
})

export function listRegisteredProducts(db: DatabaseSync, userId: string): RegisteredProductRow[] {
	return (
		db
			.prepare('SELECT * FROM registered_products WHERE user_id = ? ORDER BY create_date')
			.all(userId) as RegisteredProductDbRow[]
	).map(toRegisteredProductRow)
}

export function deleteRegisteredProductsOf(db: DatabaseSync, userId: string): void {
	db.prepare('DELETE FROM registered_products WHERE user_id = ?').run(userId)
}
