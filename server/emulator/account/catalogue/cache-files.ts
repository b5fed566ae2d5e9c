/**
 * Cache downloads (`{list}/cache`, `{list}/caches`, `searchProducts/cache`):
 * the whole list as one JSON file behind a signed, expiring URL, as a storage
 * service would serve it. A file is built once and handed out again while it
 * is younger than the list's cache time and the list has not changed since;
 * the URL is signed for SIGNED_URL_SECONDS. Files live in sqlite.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { Request, Response } from 'express'
import type { EmulatorContext } from '../../context.ts'
import { getMeta, setMeta } from '../../db.ts'
import { sendError } from '../../auth.ts'

/** How long a signed URL may be used: it is for downloading now, not for keeping. */
export const SIGNED_URL_SECONDS = 900

export function migrateCacheFiles(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS catalogue_cache_files (
		id TEXT PRIMARY KEY,
		name TEXT NOT NULL,
		scope TEXT NOT NULL,
		version TEXT NOT NULL,
		body TEXT NOT NULL,
		created_at INTEGER NOT NULL
	);
	CREATE INDEX IF NOT EXISTS catalogue_cache_files_name ON catalogue_cache_files (name, scope, created_at);`)
	if (!getMeta(db, 'cacheFileSecret')) setMeta(db, 'cacheFileSecret', randomBytes(32).toString('base64'))
}

function signature(ctx: EmulatorContext, fileId: string, expires: number): string {
	return createHmac('sha256', getMeta(ctx.db, 'cacheFileSecret') ?? '')
		.update(`${fileId}\n${expires}`)
		.digest('hex')
}

/**
 * The account API's address as the caller reached it (`http://127.0.0.1:3000/_emulator/account`):
 * a signed download is answered there, as a real API answers with its own address. The portal's
 * clients call the inline emulator at 127.0.0.1 while browsers know it as the public URL, and the
 * portal downloads only from the address it calls.
 */
export function accountApiBaseOf(req: Request): string {
	return `${req.protocol}://${req.get('host')}${req.baseUrl}`
}

export function signedUrl(ctx: EmulatorContext, fileId: string, accountApiBase = `${ctx.emulatorUrl}/account`): string {
	const expires = Math.floor(ctx.clock.now() / 1000) + SIGNED_URL_SECONDS
	return `${accountApiBase}/cache-files/${fileId}.json?Expires=${expires}&Signature=${signature(ctx, fileId, expires)}`
}

export interface CacheFile {
	id: string
	createdAt: number
	updateDate: string
}

/**
 * The current file of a list (one scope of it: `all`, `culture:{value}`,
 * `culture:none`): the last one built, if it is younger than `cacheTime` and
 * its content is the same, else a new one.
 */
export function currentCacheFile(
	ctx: EmulatorContext,
	name: string,
	scope: string,
	cacheTime: number,
	build: (updateDate: string) => unknown,
	content: unknown,
): CacheFile {
	const now = ctx.clock.now()
	const version = createHash('sha1').update(JSON.stringify(content)).digest('hex')
	const last = ctx.db
		.prepare(
			'SELECT id, version, created_at FROM catalogue_cache_files WHERE name = ? AND scope = ? ORDER BY created_at DESC LIMIT 1',
		)
		.get(name, scope) as { id: string; version: string; created_at: number } | undefined
	if (last && last.version === version && now - last.created_at < cacheTime * 1000) {
		return { id: last.id, createdAt: last.created_at, updateDate: new Date(last.created_at).toISOString() }
	}
	const id = `${name.replace(/\W+/g, '-')}-${randomUUID()}`
	const updateDate = new Date(now).toISOString()
	ctx.db
		.prepare('INSERT INTO catalogue_cache_files (id, name, scope, version, body, created_at) VALUES (?, ?, ?, ?, ?, ?)')
		.run(id, name, scope, version, JSON.stringify(build(updateDate)), now)
	// Older files go once no URL signed for them can still be valid.
	ctx.db
		.prepare('DELETE FROM catalogue_cache_files WHERE name = ? AND scope = ? AND id != ? AND created_at < ?')
		.run(name, scope, id, now - (cacheTime + SIGNED_URL_SECONDS) * 1000)
	return { id, createdAt: now, updateDate }
}

/** `GET cache-files/{id}.json?Expires=&Signature=`: the download, after checking the signature and the expiry. */
export function serveCacheFile(ctx: EmulatorContext) {
	return (req: Request, res: Response) => {
		const fileId = String(req.params.file ?? '').replace(/\.json$/, '')
		const expires = Number(req.query.Expires)
		const given = typeof req.query.Signature === 'string' ? req.query.Signature : ''
		if (!Number.isInteger(expires) || !given) {
			return sendError(
				res,
				403,
				'Query-string authentication requires the Signature and Expires parameters.',
				'AccessDenied',
			)
		}
		const expected = Buffer.from(signature(ctx, fileId, expires), 'hex')
		const actual = Buffer.from(given, 'hex')
		if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
			return sendError(
				res,
				403,
				'The request signature we calculated does not match the signature you provided.',
				'SignatureDoesNotMatch',
			)
		}
		if (Math.floor(ctx.clock.now() / 1000) > expires) return sendError(res, 403, 'Request has expired.', 'AccessDenied')
		const row = ctx.db.prepare('SELECT body FROM catalogue_cache_files WHERE id = ?').get(fileId) as
			{ body: string } | undefined
		if (!row) return sendError(res, 404, 'The specified key does not exist.', 'NoSuchKey')
		res.set('Cache-Control', 'private, no-store').type('application/json').send(row.body)
	}
}
