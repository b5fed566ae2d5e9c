/**
 * Support requests (spec 2 §3 "Support ticket"): `POST zendesk/request/`
 * stores a help-centre ticket, signed in or as a visitor. An
 * `Idempotency-Key` makes a retried request store one ticket: the same key
 * with the same body answers the stored ticket again; with another body, 422.
 *
 * Emulator only: `GET zendesk/_tickets?email=` lists the stored tickets
 * (newest first; all of them, up to 200, without `email`) for tests.
 */
import { createHash } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import express, { type Request, type Response } from 'express'
import type { z } from 'zod'
import {
	HelpCentreTicketRequestSchema,
	IDEMPOTENCY_KEY_HEADER,
	type HelpCentreTicketCreatedSchema,
	type HelpCentreTicketSchema,
} from '../../../../app/upstream/contract/help-centre.ts'
import { normaliseTags } from '../../../../app/domain/ticket-tags.ts'
import { optionalToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { transaction } from '../../db.ts'
import { parseBody } from '../gear/request.ts'
import { findUserById } from '../users.ts'

export function migrateTickets(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS help_centre_tickets (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		idempotency_key TEXT UNIQUE,
		request_hash TEXT NOT NULL,
		user_id TEXT,
		requester_name TEXT NOT NULL,
		requester_email TEXT NOT NULL COLLATE NOCASE,
		brand TEXT NOT NULL,
		subject TEXT NOT NULL,
		type TEXT NOT NULL,
		tags TEXT NOT NULL,
		comment_body TEXT NOT NULL,
		custom_fields TEXT NOT NULL,
		culture_code TEXT,
		status TEXT NOT NULL,
		created_at TEXT NOT NULL
	);
	CREATE INDEX IF NOT EXISTS help_centre_tickets_email ON help_centre_tickets (requester_email);`)
}


type Row = {
	id: number
	idempotency_key: string | null
	request_hash: string
	user_id: string | null
	requester_name: string
	requester_email: string
	brand: string
	subject: string
	type: string
	tags: string
	comment_body: string
	custom_fields: string
	culture_code: string | null
	status: string
	created_at: string
}

function presentTicket(row: Row): z.input<typeof HelpCentreTicketSchema> {
	return {
		id: String(row.id),
		status: row.status,
		createdAt: row.created_at,
		brand: row.brand,
		subject: row.subject,
		type: row.type,
		tags: JSON.parse(row.tags) as string[],
		commentBody: row.comment_body,
		customFields: JSON.parse(row.custom_fields) as z.input<typeof HelpCentreTicketSchema>['customFields'],
		requester: { name: row.requester_name, email: row.requester_email },
		userId: row.user_id,
		cultureCode: row.culture_code,
		idempotencyKey: row.idempotency_key,
	}
}

const created = (row: Row): z.input<typeof HelpCentreTicketCreatedSchema> => ({
	id: String(row.id),
	status: 'new',
	createdAt: row.created_at,
})

export function ticketsRouter(ctx: EmulatorContext) {
	const router = express.Router()
	const byKey = ctx.db.prepare('SELECT * FROM help_centre_tickets WHERE idempotency_key = ?')

	router.post('/zendesk/request', optionalToken(ctx, 'access'), (req: Request, res: Response) => {
		const key = req.get(IDEMPOTENCY_KEY_HEADER)?.trim() || null
		if (key !== null && key.length > 255) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const body = parseBody(HelpCentreTicketRequestSchema, req, res)
		if (!body) return
		const userId = typeof res.locals.userId === 'string' ? res.locals.userId : null
		let requester = body.request.requester
		if (userId) {
			const user = findUserById(ctx.db, userId)
			if (!user) return sendError(res, 404, 'User not found.', 'UserNotFoundException')
			const profileName = [user.profile.firstName, user.profile.lastName]
				.filter((part) => typeof part === 'string' && part)
				.join(' ')
			requester = { name: requester?.name ?? (profileName || user.email), email: user.email }
		}
		if (!requester) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const hash = createHash('sha256').update(JSON.stringify({ userId, body })).digest('base64url')

		const outcome = transaction(ctx.db, (): { replay: boolean; row: Row } | 'mismatch' => {
			const previous = key === null ? undefined : (byKey.get(key) as Row | undefined)
			if (previous) return previous.request_hash === hash ? { replay: true, row: previous } : 'mismatch'
			const fields = body.ticket.customFields
			const result = ctx.db
				.prepare(
					`INSERT INTO help_centre_tickets (idempotency_key, request_hash, user_id, requester_name, requester_email, brand, subject, type, tags, comment_body, custom_fields, culture_code, status, created_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?)`,
				)
				.run(
					key,
					hash,
					userId,
					requester.name,
					requester.email,
					body.brand,
					body.ticket.subject,
					body.ticket.type,
					JSON.stringify(normaliseTags(body.ticket.tags)),
					body.ticket.comment.body,
					JSON.stringify({
						productName: fields.productName ?? null,
						requestType: fields.requestType ?? null,
						countryName: fields.countryName ?? null,
					}),
					body.request.cultureCode ?? null,
					new Date(ctx.clock.now()).toISOString(),
				)
			const row = ctx.db.prepare('SELECT * FROM help_centre_tickets WHERE id = ?').get(result.lastInsertRowid) as Row
			return { replay: false, row }
		})
		if (outcome === 'mismatch') {
			return sendError(
				res,
				422,
				'This idempotency key was already used for a different request.',
				'IdempotencyKeyReused',
			)
		}
		if (outcome.replay) res.set('Idempotent-Replayed', 'true')
		else ctx.log(`help centre: ticket ${outcome.row.id} from ${requester.email}: ${body.ticket.subject}`)
		res.status(201).json(created(outcome.row))
	})

	router.get('/zendesk/_tickets', (req: Request, res: Response) => {
		const email = typeof req.query.email === 'string' ? req.query.email.trim() : ''
		const rows = (
			email
				? ctx.db.prepare('SELECT * FROM help_centre_tickets WHERE requester_email = ? ORDER BY id DESC').all(email)
				: ctx.db.prepare('SELECT * FROM help_centre_tickets ORDER BY id DESC LIMIT 200').all()
		) as Row[]
		res.json(rows.map(presentTicket))
	})

	return router
}
