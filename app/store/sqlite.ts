import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { KeyValueStore } from './types.ts'

/** A key-value store in a node:sqlite file; expired rows and members are swept hourly and ignored on read. */
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
		CREATE TABLE IF NOT EXISTS kv_members (
			key TEXT NOT NULL,
			member TEXT NOT NULL,
			expires_at INTEGER NOT NULL,
			PRIMARY KEY (key, member)
		) WITHOUT ROWID;
		CREATE INDEX IF NOT EXISTS kv_members_expires_at ON kv_members (expires_at);
	`)
	const select = db.prepare('SELECT value, expires_at FROM kv WHERE key = ?')
	const upsert = db.prepare(
		'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
	)
	const remove = db.prepare('DELETE FROM kv WHERE key = ?')
	const sweep = db.prepare('DELETE FROM kv WHERE expires_at IS NOT NULL AND expires_at <= ?')
	const upsertMember = db.prepare(
		'INSERT INTO kv_members (key, member, expires_at) VALUES (?, ?, ?) ON CONFLICT (key, member) DO UPDATE SET expires_at = excluded.expires_at',
	)
	const selectMembers = db.prepare('SELECT member FROM kv_members WHERE key = ? AND expires_at > ? ORDER BY member')
	const removeMember = db.prepare('DELETE FROM kv_members WHERE key = ? AND member = ?')
	const removeMembers = db.prepare('DELETE FROM kv_members WHERE key = ?')
	const pruneMembers = db.prepare('DELETE FROM kv_members WHERE key = ? AND expires_at <= ?')
	const sweepMembers = db.prepare('DELETE FROM kv_members WHERE expires_at <= ?')
	const timer = setInterval(() => {
		const now = Date.now()
		sweep.run(now)
		sweepMembers.run(now)
	}, options.sweepEveryMs ?? 3_600_000)
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
			removeMembers.run(key)
		},
		async addMember(key, member, expiresAt) {
			upsertMember.run(key, member, expiresAt)
			pruneMembers.run(key, Date.now())
		},
		async members(key) {
			return (selectMembers.all(key, Date.now()) as { member: string }[]).map((row) => row.member)
		},
		async removeMember(key, member) {
			removeMember.run(key, member)
		},
		async close() {
			clearInterval(timer)
			if (db.isOpen) db.close()
		},
	}
}
