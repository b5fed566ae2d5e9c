/**
 * Files sent ahead of a ticket (`POST zendesk/uploads?filename=`, the bytes
 * as the body, their type as Content-Type): the help centre answers a token
 * that the ticket's `comment.uploads` lists. Only what a test needs to check
 * a file arrived whole is kept (name, type, size, SHA-256), not the bytes.
 * An upload no ticket names is left alone, as the help centre does.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import type { z } from 'zod'
import {
	HELP_CENTRE_UPLOAD_MAX_BYTES,
	type HelpCentreAttachmentSchema,
	type HelpCentreUploadSchema,
} from '#app/upstream/contract/help-centre.ts'
import { optionalToken, requireSecurityToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'

export function migrateUploads(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS help_centre_uploads (
		token TEXT PRIMARY KEY,
		user_id TEXT,
		filename TEXT NOT NULL,
		content_type TEXT NOT NULL,
		size INTEGER NOT NULL,
		sha256 TEXT NOT NULL,
		created_at TEXT NOT NULL
	)`)
}

type Attachment = z.input<typeof HelpCentreAttachmentSchema>

/**
 * The help centre's callers: a signed-in user by access token, or a visitor
 * with the signed security token (spec 2 §6).
 */
export function userOrSecurityToken(ctx: EmulatorContext): RequestHandler {
	const user = optionalToken(ctx, 'access')
	const visitor = requireSecurityToken(ctx)
	return (req, res, next) => (req.get('Authorization') ? user(req, res, next) : visitor(req, res, next))
}

/** The files these tokens name, in their order; null when one is unknown. */
export function attachmentsFor(db: DatabaseSync, tokens: readonly string[]): Attachment[] | null {
	const find = db.prepare('SELECT filename, content_type, size, sha256 FROM help_centre_uploads WHERE token = ?')
	const found: Attachment[] = []
	for (const token of tokens) {
		const row = find.get(token) as { filename: string; content_type: string; size: number; sha256: string } | undefined
		if (!row) return null
		found.push({ filename: row.filename, contentType: row.content_type, size: row.size, sha256: row.sha256 })
	}
	return found
}

const tooLarge = (res: Response) =>
	sendError(res, 413, `File too large: the limit is ${HELP_CENTRE_UPLOAD_MAX_BYTES} bytes.`, 'FileTooLarge')

export function uploadsRouter(ctx: EmulatorContext) {
	const router = express.Router()
	const insert = ctx.db.prepare(
		'INSERT INTO help_centre_uploads (token, user_id, filename, content_type, size, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
	)
	router.post(
		'/zendesk/uploads',
		userOrSecurityToken(ctx),
		(req: Request, res: Response, next: NextFunction) => {
			// Refused before reading a byte when the sender says how large it is.
			if (Number(req.get('Content-Length') ?? 0) > HELP_CENTRE_UPLOAD_MAX_BYTES) return tooLarge(res)
			next()
		},
		express.raw({ type: () => true, limit: HELP_CENTRE_UPLOAD_MAX_BYTES }),
		(req: Request, res: Response) => {
			const filename = typeof req.query.filename === 'string' ? req.query.filename.trim() : ''
			const contentType = (req.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
			const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
			// The request log keeps bodies: a summary of the file, not its megabytes.
			req.body = { filename, contentType, size: bytes.length }
			if (!filename || filename.length > 255 || !contentType || bytes.length === 0)
				return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
			const token = randomBytes(18).toString('base64url')
			const sha256 = createHash('sha256').update(bytes).digest('hex')
			const userId = typeof res.locals.userId === 'string' ? res.locals.userId : null
			insert.run(token, userId, filename, contentType, bytes.length, sha256, new Date(ctx.clock.now()).toISOString())
			const answer: z.input<typeof HelpCentreUploadSchema> = { token, filename, contentType, size: bytes.length }
			res.status(201).json(answer)
		},
	)
	// A body that outgrew the limit without saying so up front.
	router.use('/zendesk/uploads', (error: unknown, req: Request, res: Response, next: NextFunction) => {
		if ((error as { type?: string })?.type === 'entity.too.large') {
			req.body = null
			return tooLarge(res)
		}
		next(error)
	})
	return router
}
