/**
 * The social proxy (`GET graphApi/{id}?fields=…&after=…`, access token):
 * a Facebook-type page's posts, 8 a page, and a photo-sharing account's
 * media, 12 a page, newest first. A next-page token is the cursor of the
 * last item of a page; one that names no item of that feed is a 404.
 */
import type { DatabaseSync } from 'node:sqlite'
import express, { type Request, type Response } from 'express'
import type { z } from 'zod'
import {
	SOCIAL_MEDIA_FIELDS,
	SOCIAL_PAGE_TOKEN_ERROR,
	SOCIAL_PAGE_SIZE,
	SOCIAL_POST_FIELDS,
	type SocialFeedSchema,
	type SocialMediaSchema,
	type SocialPostSchema,
} from '#app/upstream/contract/help-centre.ts'
import { requireToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { queryList } from '../gear/request.ts'
import { IMAGE_PATH } from './images.ts'
import { SOCIAL_ACCOUNTS, socialSeedItems, type SocialKind } from './social-seed.ts'

export function migrateSocial(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS social_accounts (
		id TEXT PRIMARY KEY,
		kind TEXT NOT NULL,
		name TEXT NOT NULL
	);
	CREATE TABLE IF NOT EXISTS social_items (
		id TEXT PRIMARY KEY,
		account_id TEXT NOT NULL,
		created_time TEXT NOT NULL,
		data TEXT NOT NULL
	);
	CREATE INDEX IF NOT EXISTS social_items_account ON social_items (account_id, created_time);`)
}

export function seedSocial(ctx: EmulatorContext): void {
	const insertAccount = ctx.db.prepare('INSERT OR REPLACE INTO social_accounts (id, kind, name) VALUES (?, ?, ?)')
	const insertItem = ctx.db.prepare(
		'INSERT OR REPLACE INTO social_items (id, account_id, created_time, data) VALUES (?, ?, ?, ?)',
	)
	for (const account of Object.values(SOCIAL_ACCOUNTS)) insertAccount.run(account.id, account.kind, account.name)
	for (const item of socialSeedItems(ctx.clock.now()))
		insertItem.run(item.id, item.accountId, item.createdTime, JSON.stringify(item.data))
}

type ItemRow = { id: string; created_time: string; data: string }

const encodeCursor = (itemId: string) => Buffer.from(`item:${itemId}`).toString('base64url')
function decodeCursor(token: string): string | null {
	if (!/^[\w-]+$/.test(token)) return null
	const text = Buffer.from(token, 'base64url').toString('utf8')
	return text.startsWith('item:') ? text.slice('item:'.length) : null
}

const FIELDS: Record<SocialKind, readonly string[]> = { page: SOCIAL_POST_FIELDS, photo: SOCIAL_MEDIA_FIELDS }
const IMAGE_FIELDS = new Set(['full_picture', 'media_url'])

export function socialRouter(ctx: EmulatorContext) {
	const router = express.Router()

	router.get('/graphApi/:id', requireToken(ctx, 'access'), (req: Request, res: Response) => {
		const id = String(req.params.id)
		const account = ctx.db.prepare('SELECT * FROM social_accounts WHERE id = ?').get(id) as
			{ id: string; kind: SocialKind; name: string } | undefined
		if (!account)
			return sendError(
				res,
				404,
				`Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
				'GraphMethodException',
			)
		const allowed = FIELDS[account.kind]
		const asked = queryList(req, 'fields')
		const unknown = asked.find((field) => field !== 'id' && !allowed.includes(field))
		if (unknown) return sendError(res, 400, `(#100) Tried accessing nonexisting field (${unknown})`, 'OAuthException')
		const fields = asked.length ? allowed.filter((f) => asked.includes(f)) : allowed

		let before: ItemRow | undefined
		if (req.query.after !== undefined) {
			const after = typeof req.query.after === 'string' ? decodeCursor(req.query.after) : null
			before =
				after === null
					? undefined
					: (ctx.db.prepare('SELECT * FROM social_items WHERE id = ? AND account_id = ?').get(after, account.id) as
							ItemRow | undefined)
			if (!before) return sendError(res, 404, SOCIAL_PAGE_TOKEN_ERROR[account.kind], 'NotFound')
		}
		const size = SOCIAL_PAGE_SIZE[account.kind]
		// One more than a page, to know whether there is a next one.
		const rows = (
			before
				? ctx.db
						.prepare(
							'SELECT * FROM social_items WHERE account_id = ? AND (created_time < ? OR (created_time = ? AND id < ?)) ORDER BY created_time DESC, id DESC LIMIT ?',
						)
						.all(account.id, before.created_time, before.created_time, before.id, size + 1)
				: ctx.db
						.prepare('SELECT * FROM social_items WHERE account_id = ? ORDER BY created_time DESC, id DESC LIMIT ?')
						.all(account.id, size + 1)
		) as ItemRow[]
		const pageRows = rows.slice(0, size)
		const data = pageRows.map((row) => {
			const stored = JSON.parse(row.data) as Record<string, string>
			const item: Record<string, string> = { id: row.id }
			for (const field of fields) {
				const value = stored[field]
				if (value !== undefined)
					item[field] = IMAGE_FIELDS.has(field) && value.startsWith(IMAGE_PATH) ? `${ctx.emulatorUrl}${value}` : value
			}
			return item
		})
		const paging = { next: rows.length > size ? encodeCursor(pageRows[pageRows.length - 1]!.id) : null }
		// The stored items were seeded with these fields' shapes; the projection keeps them.
		const answer: z.input<typeof SocialFeedSchema> =
			account.kind === 'page'
				? { id: account.id, kind: 'page', name: account.name, data: data as z.input<typeof SocialPostSchema>[], paging }
				: {
						id: account.id,
						kind: 'photo',
						username: account.name,
						data: data as z.input<typeof SocialMediaSchema>[],
						paging,
					}
		res.json(answer)
	})

	return router
}
