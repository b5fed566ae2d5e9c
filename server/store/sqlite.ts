import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { KeyValueStore } from './types.ts'

/** A key-value store in a node:sqlite file; expired rows are swept hourly and ignored on read. */
export function createSqliteStore(file: string, options: { sweepEveryMs?: number } = {}): KeyValueStore {
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	const db = new DatabaseSync(file)
	db.exec(`
		PRAGMA journal_mode = WAL;
		PRAGMA synchronous = NORMAL;
		PRAGMA busy_timeout = 5000;
		CREATE TABLE IF NOT EXISTS kv (
			key TEXT PRIMARY KEY,
			value TEXT NOT NULL,
			expires_at INTEGER
		);
		CREATE INDEX IF NOT EXISTS kv_expires_at ON kv (expires_at);
	`)
	const select = db.prepare('SELECT value, expires_at FROM kv WHERE key = ?')
	const upsert = db.prepare(
		'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
	)
	const remove = db.prepare('DELETE FROM kv WHERE key = ?')
	const sweep = db.prepare('DELETE FROM kv WHERE expires_at IS NOT NULL AND expires_at <= ?')
	const timer = setInterval(() => sweep.run(Date.now()), options.sweepEveryMs ?? 3_600_000)
	timer.unref()

	return {
		kind: 'sqlite',
		async get(key) {
			const row = select.get(key) as { value: string; expires_at: number | null } | undefined
			if (!row) return null
			if (row.expires_at !== null && row.expires_at <= Date.now()) {
				remove.run(key)
				return null
			}
			return row.value
		},
		async set(key, value, expiresAt) {
			upsert.run(key, value, expiresAt ?? null)
		},
		async delete(key) {
			remove.run(key)
		},
		async close() {
			clearInterval(timer)
			if (db.isOpen) db.close()
		},
	}
}
