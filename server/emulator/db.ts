import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

/** The emulator's database: one node:sqlite file; each service creates its own tables. */
export function openEmulatorDb(file: string): DatabaseSync {
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	const db = new DatabaseSync(file)
	db.exec(`
		PRAGMA journal_mode = WAL;
		PRAGMA synchronous = NORMAL;
		PRAGMA busy_timeout = 5000;
		PRAGMA foreign_keys = ON;
		CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
	`)
	return db
}

export function getMeta(db: DatabaseSync, key: string): string | undefined {
	const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
	return row?.value
}

export function setMeta(db: DatabaseSync, key: string, value: string): void {
	db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
		key,
		value,
	)
}

/** Runs `work` in one transaction. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
	db.exec('BEGIN IMMEDIATE')
	try {
		const result = work()
		db.exec('COMMIT')
		return result
	} catch (error) {
		db.exec('ROLLBACK')
		throw error
	}
}
