/** The log service's events: one row per event, with the user who sent it (null when anonymous). */
import { randomUUID } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { z } from 'zod'
import type { StoredLogEventSchema } from '#app/upstream/contract/log.ts'

export type StoredLogEvent = z.input<typeof StoredLogEventSchema>

export function migrateLogEvents(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS log_events (
		seq INTEGER PRIMARY KEY AUTOINCREMENT,
		id TEXT NOT NULL UNIQUE,
		service TEXT NOT NULL,
		user_id TEXT,
		event TEXT NOT NULL,
		payload TEXT NOT NULL,
		received_at TEXT NOT NULL
	);
	CREATE INDEX IF NOT EXISTS log_events_service_user ON log_events (service, user_id);`)
}

export function insertLogEvent(
	db: DatabaseSync,
	event: {
		service: string
		userId: string | null
		event: string
		payload: Record<string, unknown>
		receivedAt: string
	},
): StoredLogEvent {
	const id = randomUUID()
	db.prepare(
		'INSERT INTO log_events (id, service, user_id, event, payload, received_at) VALUES (?, ?, ?, ?, ?, ?)',
	).run(id, event.service, event.userId, event.event, JSON.stringify(event.payload), event.receivedAt)
	return { id, ...event }
}

export function deleteUserLogEvents(db: DatabaseSync, service: string, userId: string): number {
	return Number(db.prepare('DELETE FROM log_events WHERE service = ? AND user_id = ?').run(service, userId).changes)
}

/** Newest first; `userId` null selects anonymous events, undefined every user's. */
export function listLogEvents(
	db: DatabaseSync,
	filter: { service?: string; userId?: string | null; limit?: number },
): StoredLogEvent[] {
	const where: string[] = []
	const params: Array<string | number> = []
	if (filter.service !== undefined) {
		where.push('service = ?')
		params.push(filter.service)
	}
	if (filter.userId === null) where.push('user_id IS NULL')
	else if (filter.userId !== undefined) {
		where.push('user_id = ?')
		params.push(filter.userId)
	}
	params.push(filter.limit ?? 500)
	const rows = db
		.prepare(`SELECT * FROM log_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`)
		.all(...params) as Array<{
		id: string
		service: string
		user_id: string | null
		event: string
		payload: string
		received_at: string
	}>
	return rows.map((row) => ({
		id: row.id,
		service: row.service,
		userId: row.user_id,
		event: row.event,
		payload: JSON.parse(row.payload) as Record<string, unknown>,
		receivedAt: row.received_at,
	}))
}
