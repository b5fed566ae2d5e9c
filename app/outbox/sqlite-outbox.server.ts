/**
 * The embedded outbox (no REDIS_URL): node:sqlite under DATA_DIR. A request
 * is committed (synchronous = FULL) before any help-centre call. Delivery
 * claims a row with one UPDATE (sqlite writes one at a time), so two loops,
 * in one process or two, never send a request at once; a claim lasts one
 * attempt's time-out, after which a crashed process's claim lapses and
 * another run delivers it. Were a ticket made just before a crash, the
 * idempotency key (the reference) makes the repeat one ticket.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { backOffMs, deliver, logOutbox, type OutboxRequest } from './delivery.server.ts'
import type { OutboxBackend, OutboxEntry, OutboxSettings, SupportRequestStatus } from './outbox-backend.ts'

/** How often the loop looks for due requests. */
const POLL_MS = 500
/** Attempts one process runs at once. */
const CONCURRENCY = 4
/** What a claim adds to an attempt's time-out before another loop may take the request. */
const CLAIM_MARGIN_MS = 5000
/** At shutdown, how long attempts in flight may finish before they are abandoned. */
const STOP_GRACE_MS = 5000
/** Delivered requests are kept this long for the customer's list, then swept. */
const KEEP_DELIVERED_MS = 90 * 24 * 60 * 60 * 1000

type Row = {
	reference: string
	form: string
	user_id: string | null
	created_at: string
	ticket: string
	uploads: string | null
	status: SupportRequestStatus
	attempts: number
}

export function createSqliteOutbox(file: string, settings: OutboxSettings): OutboxBackend {
	mkdirSync(path.dirname(file), { recursive: true })
	const db = new DatabaseSync(file)
	db.exec(`
		PRAGMA journal_mode = WAL;
		PRAGMA synchronous = FULL;
		PRAGMA busy_timeout = 5000;
		CREATE TABLE IF NOT EXISTS support_outbox (
			reference TEXT PRIMARY KEY,
			form TEXT NOT NULL,
			user_id TEXT,
			created_at TEXT NOT NULL,
			ticket TEXT NOT NULL,
			uploads TEXT,
			status TEXT NOT NULL DEFAULT 'waiting',
			attempts INTEGER NOT NULL DEFAULT 0,
			next_attempt_at INTEGER NOT NULL,
			claimed_by TEXT,
			claimed_until INTEGER,
			last_error TEXT,
			ticket_id TEXT,
			finished_at INTEGER
		);
		CREATE INDEX IF NOT EXISTS support_outbox_due ON support_outbox (status, next_attempt_at);
		CREATE INDEX IF NOT EXISTS support_outbox_user ON support_outbox (user_id, created_at);
		CREATE TABLE IF NOT EXISTS support_outbox_files (
			reference TEXT NOT NULL,
			position INTEGER NOT NULL,
			filename TEXT NOT NULL,
			content_type TEXT NOT NULL,
			bytes BLOB NOT NULL,
			PRIMARY KEY (reference, position)
		);
	`)
	/** This loop's name on its claims. */
	const me = randomUUID()
	const claimFree = 'status = :waiting AND (claimed_until IS NULL OR claimed_until < :now)'
	const insert = db.prepare(
		'INSERT INTO support_outbox (reference, form, user_id, created_at, ticket, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)',
	)
	const insertFile = db.prepare(
		'INSERT INTO support_outbox_files (reference, position, filename, content_type, bytes) VALUES (?, ?, ?, ?, ?)',
	)
	const claimDue = db.prepare(
		`UPDATE support_outbox SET claimed_by = :me, claimed_until = :until
		WHERE reference = (SELECT reference FROM support_outbox WHERE ${claimFree} AND next_attempt_at <= :now ORDER BY next_attempt_at LIMIT 1)
		RETURNING *`,
	)
	const claimOne = db.prepare(
		`UPDATE support_outbox SET claimed_by = :me, claimed_until = :until WHERE reference = :reference AND ${claimFree} RETURNING *`,
	)
	const files = db.prepare(
		'SELECT filename, content_type, bytes FROM support_outbox_files WHERE reference = ? ORDER BY position',
	)
	const saveUploads = db.prepare('UPDATE support_outbox SET uploads = ? WHERE reference = ? AND claimed_by = ?')
	const markDelivered = db.prepare(
		`UPDATE support_outbox SET status = 'delivered', ticket_id = ?, finished_at = ?, attempts = attempts + 1, last_error = NULL,
		claimed_by = NULL, claimed_until = NULL WHERE reference = ? AND claimed_by = ?`,
	)
	const markRetry = db.prepare(
		`UPDATE support_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, claimed_by = NULL, claimed_until = NULL
		WHERE reference = ? AND claimed_by = ?`,
	)
	const markFailed = db.prepare(
		`UPDATE support_outbox SET status = 'failed', attempts = attempts + 1, last_error = ?, finished_at = ?, claimed_by = NULL, claimed_until = NULL
		WHERE reference = ? AND claimed_by = ?`,
	)
	const dropFiles = db.prepare('DELETE FROM support_outbox_files WHERE reference = ?')
	const statusOf = db.prepare('SELECT status, attempts FROM support_outbox WHERE reference = ?')
	const recent = db.prepare(
		'SELECT reference, form, created_at, status FROM support_outbox WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
	)
	const depth = db.prepare(
		`SELECT COUNT(*) FILTER (WHERE status = 'waiting') AS waiting, COUNT(*) FILTER (WHERE status = 'failed') AS failed,
		MIN(CASE WHEN status = 'waiting' THEN created_at END) AS oldest FROM support_outbox WHERE status != 'delivered'`,
	)
	const sweep = db.prepare(`DELETE FROM support_outbox WHERE status = 'delivered' AND finished_at < ?;`)

	const inFlight = new Set<Promise<void>>()
	const abort = new AbortController()
	let timer: NodeJS.Timeout | undefined
	let closed = false

	const claimParams = () => {
		const now = Date.now()
		return { me, now, until: now + settings.attemptTimeoutMs + CLAIM_MARGIN_MS, waiting: 'waiting' }
	}

	async function attempt(row: Row) {
		const request: OutboxRequest = {
			reference: row.reference,
			form: row.form,
			userId: row.user_id,
			createdAt: row.created_at,
			ticket: JSON.parse(row.ticket) as OutboxRequest['ticket'],
			files: (files.all(row.reference) as Array<{ filename: string; content_type: string; bytes: Uint8Array }>).map(
				(f) => ({ filename: f.filename, contentType: f.content_type, bytes: f.bytes }),
			),
			uploads: row.uploads === null ? null : (JSON.parse(row.uploads) as string[]),
		}
		const outcome = await deliver(request, {
			timeoutMs: settings.attemptTimeoutMs,
			signal: abort.signal,
			saveUploads: async (tokens) => void saveUploads.run(JSON.stringify(tokens), row.reference, me),
		})
		if (!db.isOpen) return
		const failures = row.attempts + 1
		if (outcome.kind === 'delivered') {
			markDelivered.run(outcome.ticketId, Date.now(), row.reference, me)
			// The customer's files are the help centre's now; the outbox need not hold them.
			dropFiles.run(row.reference)
			if (failures > 1) logOutbox(`${row.reference} delivered after ${failures} attempts`)
		} else if (outcome.kind === 'retry') {
			const wait = backOffMs(failures, settings.retryBaseMs, settings.retryMaxMs)
			markRetry.run(Date.now() + wait, outcome.reason, row.reference, me)
			logOutbox(`${row.reference} (${row.form}) attempt ${failures} failed (${outcome.reason}); next in ${wait} ms`)
		} else {
			markFailed.run(outcome.reason, Date.now(), row.reference, me)
			logOutbox(`${row.reference} (${row.form}) failed for good (${outcome.reason}): kept as failed`, 'warn')
		}
	}

	function track(row: Row) {
		const running: Promise<void> = attempt(row)
			.catch((error: unknown) => logOutbox(`${row.reference}: ${(error as Error).message}`, 'warn'))
			.finally(() => {
				inFlight.delete(running)
				// The next due request goes as soon as a place is free, not at the next poll: after an outage the
				// kept requests drain at the help centre's pace, not at CONCURRENCY per poll.
				if (!closed) setImmediate(tick)
			})
		inFlight.add(running)
	}

	function tick() {
		if (closed) return
		while (inFlight.size < CONCURRENCY) {
			const row = claimDue.get(claimParams()) as Row | undefined
			if (!row) break
			track(row)
		}
	}

	return {
		kind: 'sqlite',
		async accept(request) {
			db.exec('BEGIN IMMEDIATE')
			try {
				insert.run(
					request.reference,
					request.form,
					request.userId,
					request.createdAt,
					JSON.stringify(request.ticket),
					Date.now(),
				)
				request.files.forEach((f, position) =>
					insertFile.run(request.reference, position, f.filename, f.contentType, f.bytes),
				)
				db.exec('COMMIT')
			} catch (error) {
				db.exec('ROLLBACK')
				throw error
			}
			if (closed) return
			// Tried at once, whether or not the loop runs; the loop does the retries.
			const row = claimOne.get({ ...claimParams(), reference: request.reference }) as Row | undefined
			if (row) track(row)
		},
		async waitForDelivery(reference, ms) {
			const deadline = Date.now() + ms
			for (;;) {
				const row = statusOf.get(reference) as { status: SupportRequestStatus; attempts: number } | undefined
				if (row?.status === 'delivered') return true
				// An attempt that failed says the help centre is down or refusing: the customer hears at once that it is kept.
				if (row?.status !== 'waiting' || row.attempts > 0 || Date.now() >= deadline) return false
				await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(deadline - Date.now(), 1))))
			}
		},
		async recent(userId, limit) {
			return (recent.all(userId, limit) as Array<Pick<Row, 'reference' | 'form' | 'created_at' | 'status'>>).map(
				(row): OutboxEntry => ({
					reference: row.reference,
					form: row.form,
					createdAt: row.created_at,
					status: row.status,
				}),
			)
		},
		async depth() {
			const row = depth.get() as { waiting: number; failed: number; oldest: string | null }
			return { waiting: row.waiting, failed: row.failed, oldestWaitingSince: row.oldest }
		},
		async checkReady() {
			statusOf.get('')
		},
		start() {
			if (timer || closed) return
			sweep.run(Date.now() - KEEP_DELIVERED_MS)
			timer = setInterval(tick, POLL_MS)
			tick()
		},
		async stop() {
			if (closed) return
			closed = true
			clearInterval(timer)
			const settled = Promise.allSettled([...inFlight])
			const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())
			await Promise.race([settled, grace])
			// Abandoned attempts keep their claims until they lapse; a ticket they made is found again by its key.
			abort.abort()
			await settled
			db.close()
		},
	}
}
