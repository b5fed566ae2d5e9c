/** The devices each user's instruments have reported, in the order they were first seen. */
import type { DatabaseSync } from 'node:sqlite'
import type { DeviceRecord } from '#app/upstream/contract/device.ts'

export function migrateDevices(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS devices (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		user_id TEXT NOT NULL,
		pcode TEXT NOT NULL,
		product_ver TEXT NOT NULL DEFAULT '[]',
		first_seen TEXT NOT NULL,
		UNIQUE (user_id, pcode)
	);
	CREATE INDEX IF NOT EXISTS devices_user ON devices (user_id);`)
}

export function insertDevice(db: DatabaseSync, userId: string, record: DeviceRecord, firstSeen: string): void {
	db.prepare(
		`INSERT INTO devices (user_id, pcode, product_ver, first_seen) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, pcode) DO UPDATE SET product_ver = excluded.product_ver`,
	).run(userId, record.pcode, JSON.stringify(record.productVer), firstSeen)
}

export function listDevices(db: DatabaseSync, userId: string): DeviceRecord[] {
	const rows = db.prepare('SELECT pcode, product_ver FROM devices WHERE user_id = ? ORDER BY id').all(userId) as Array<{
		pcode: string
		product_ver: string
	}>
	return rows.map((row) => ({ pcode: row.pcode, productVer: JSON.parse(row.product_ver) as string[] }))
}
