import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'

/**
 * A node:sqlite database that compiles each SQL text once. The services call `db.prepare(sql)` where they
 * run it, which reads well, on every call; a real service would not compile its statements again per
 * request. (Measured under the benchmark it is a small share of the emulator's time: the cloud catalogue's
 * JSON was the large one, ADR 0029.) A cached statement is safe to reuse: node:sqlite runs `get`, `all`
 * and `run` to completion synchronously, no service iterates one, and none changes a statement's options.
 */
class EmulatorDatabase extends DatabaseSync {
	readonly #statements = new Map<string, StatementSync>()

	override prepare(sql: string): StatementSync {
		let statement = this.#statements.get(sql)
		if (!statement) this.#statements.set(sql, (statement = super.prepare(sql)))
		return statement
	}
}

/** The emulator's database: one node:sqlite file; each service creates its own tables. */
export function openEmulatorDb(file: string): DatabaseSync {
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	const db = new EmulatorDatabase(file)
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
