/**
 * Support requests (spec 2 §3 "Support ticket"): `POST zendesk/request/`
 * stores a help-centre ticket, signed in or as a visitor with the security
 * token, with the files uploaded before it (`uploads.ts`). An
 * `Idempotency-Key` makes a retried request store one ticket: the same key
 * with the same body answers the stored ticket again; with another body, 422.
 *
 * Emulator only: `GET zendesk/_tickets?email=` lists the stored tickets
 * (newest first; the recent ones without `email`) for tests; so do the admin
 * reads `/_emulator/tickets.json?requester=` and `/_emulator/tickets` (a page).
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
} from '#app/upstream/contract/help-centre.ts'
import { sendError } from '../../auth.ts'
import { escapeMarkup } from '../../markup.ts'
import type { EmulatorContext } from '../../context.ts'
import { transaction } from '../../db.ts'
import { parseBody } from '../gear/request.ts'
import { findUserById } from '../users.ts'
import { attachmentsFor, migrateUploads, uploadsRouter, userOrSecurityToken } from './uploads.ts'

/**
 * Spec 2 §5: the help centre keeps a tag trimmed, lower-cased, with each run of whitespace as one
 * underscore; a tag left empty is dropped, and so is a repeat. Written here rather than shared with
 * the portal (issue 22), so a slip on one side shows in the contract tests.
 */
export function helpCentreTags(tags: readonly string[]): string[] {
	const kept: string[] = []
	for (const tag of tags) {
		const words = tag
			.toLowerCase()
			.split(/\s+/)
			.filter((word) => word !== '')
		const normal = words.join('_')
		if (normal !== '' && !kept.includes(normal)) kept.push(normal)
	}
	return kept
}

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
		created_at TEXT NOT NULL,
		attachments TEXT NOT NULL DEFAULT '[]'
	);
	CREATE INDEX IF NOT EXISTS help_centre_tickets_email ON help_centre_tickets (requester_email);`)
	// A data directory from before tickets carried files.
	const columns = db.prepare('PRAGMA table_info(help_centre_tickets)').all() as Array<{ name: string }>
	if (!columns.some((column) => column.name === 'attachments'))
		db.exec(`ALTER TABLE help_centre_tickets ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]'`)
	migrateUploads(db)
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
	attachments: string
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
		attachments: JSON.parse(row.attachments) as z.input<typeof HelpCentreTicketSchema>['attachments'],
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

	router.use(uploadsRouter(ctx))
	router.post('/zendesk/request', userOrSecurityToken(ctx), (req: Request, res: Response) => {
		const key = req.get(IDEMPOTENCY_KEY_HEADER)?.trim() || null
		if (key !== null && key.length > 255) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const body = parseBody(HelpCentreTicketRequestSchema, req, res)
		if (!body) return
		// With a user's token the ticket is that user's; the portal's own deliveries (security token) name the account.
		const tokenUser = typeof res.locals.userId === 'string' ? res.locals.userId : null
		const userId = tokenUser ?? body.request.userId ?? null
		let requester = body.request.requester
		if (tokenUser) {
			const user = findUserById(ctx.db, tokenUser)
			if (!user) return sendError(res, 404, 'User not found.', 'UserNotFoundException')
			const profileName = [user.profile.firstName, user.profile.lastName]
				.filter((part) => typeof part === 'string' && part)
				.join(' ')
			requester = { name: requester?.name ?? (profileName || user.email), email: user.email }
		}
		if (!requester) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const attachments = attachmentsFor(ctx.db, body.ticket.comment.uploads ?? [])
		if (!attachments) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const hash = createHash('sha256').update(JSON.stringify({ userId, body })).digest('base64url')

		const outcome = transaction(ctx.db, (): { replay: boolean; row: Row } | 'mismatch' => {
			const previous = key === null ? undefined : (byKey.get(key) as Row | undefined)
			if (previous) return previous.request_hash === hash ? { replay: true, row: previous } : 'mismatch'
			const fields = body.ticket.customFields
			const result = ctx.db
				.prepare(
					`INSERT INTO help_centre_tickets (idempotency_key, request_hash, user_id, requester_name, requester_email, brand, subject, type, tags, comment_body, custom_fields, culture_code, status, created_at, attachments)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?)`,
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
					JSON.stringify(helpCentreTags(body.ticket.tags)),
					body.ticket.comment.body,
					JSON.stringify({
						productName: fields.productName ?? null,
						requestType: fields.requestType ?? null,
						countryName: fields.countryName ?? null,
					}),
					body.request.cultureCode ?? null,
					new Date(ctx.clock.now()).toISOString(),
					JSON.stringify(attachments),
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

	// Not the help centre's API but a listing of every requester's name, email and phone: admin only.
	router.get('/zendesk/_tickets', ctx.adminOnly, (req: Request, res: Response) => {
		const email = typeof req.query.email === 'string' ? req.query.email : ''
		res.json(listTickets(ctx.db, email))
	})

	return router
}

/** How many tickets the admin reads answer without a requester: the recent ones. */
const RECENT_TICKETS = 200

/** The stored tickets, newest first: the requester's (any case), or the recent ones when none is given. */
export function listTickets(db: DatabaseSync, requester = ''): z.input<typeof HelpCentreTicketSchema>[] {
	const email = requester.trim()
	const rows = (
		email
			? db.prepare('SELECT * FROM help_centre_tickets WHERE requester_email = ? ORDER BY id DESC').all(email)
			: db.prepare(`SELECT * FROM help_centre_tickets ORDER BY id DESC LIMIT ${RECENT_TICKETS}`).all()
	) as Row[]
	return rows.map(presentTicket)
}

/** `/_emulator/tickets`: what the help centre received, for a person looking. */
export function ticketsPage(tickets: readonly z.input<typeof HelpCentreTicketSchema>[], requester: string): string {
	const fields = (t: z.input<typeof HelpCentreTicketSchema>) =>
		Object.entries(t.customFields ?? {})
			.filter(([, value]) => value)
			.map(([name, value]) => `<dt>${escapeMarkup(name)}</dt><dd>${escapeMarkup(String(value))}</dd>`)
			.join('')
	const attachmentList = (t: z.input<typeof HelpCentreTicketSchema>) =>
		t.attachments.length
			? `<p>Attachments:</p><ul>${t.attachments
					.map(
						(a) =>
							`<li>${escapeMarkup(a.filename)} (${escapeMarkup(a.contentType)}, ${a.size} bytes, sha256 <code>${escapeMarkup(a.sha256)}</code>)</li>`,
					)
					.join('')}</ul>`
			: ''
	const rows = tickets
		.map(
			(t) => `<article><h2>#${escapeMarkup(t.id)} ${escapeMarkup(t.subject)}</h2>
<p>From <strong>${escapeMarkup(t.requester.name)} &lt;${escapeMarkup(t.requester.email)}&gt;</strong> · ${escapeMarkup(t.createdAt)} · brand ${escapeMarkup(t.brand)} · type ${escapeMarkup(t.type)}${t.cultureCode ? ` · ${escapeMarkup(t.cultureCode)}` : ''}</p>
<p>Tags: ${(t.tags ?? []).map((tag) => `<code>${escapeMarkup(tag)}</code>`).join(' ') || 'none'}</p>
${attachmentList(t)}<dl>${fields(t)}<dt>idempotency key</dt><dd>${escapeMarkup(t.idempotencyKey ?? 'none')}</dd></dl>
<pre>${escapeMarkup(t.commentBody)}</pre></article>`,
		)
		.join('\n')
	const heading = requester ? `Tickets from ${escapeMarkup(requester)}` : 'Help-centre tickets'
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Emulator help-centre tickets</title></head><body><main><h1>${heading}</h1>
<p>Every ticket the emulated help centre stored, newest first (the ${RECENT_TICKETS} latest without <code>?requester=</code>).</p>
${rows || '<p>No tickets yet.</p>'}</main></body></html>`
}
