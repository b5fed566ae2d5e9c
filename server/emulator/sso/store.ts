/**
 * What the single sign-on keeps: browser sessions (the cookie), authorization
 * codes (single-use, 5 minutes, bound to the client, the redirect URI and the
 * PKCE challenge) and grants (the refresh tokens it issued, per session and
 * client, so the sign-out calls know what to revoke).
 */
import { createHash, randomBytes } from 'node:crypto'
import { AUTHORIZATION_CODE_SECONDS } from '#app/upstream/contract/sso.ts'
import type { EmulatorContext } from '../context.ts'
import { transaction } from '../db.ts'

/** How long a browser stays signed in to the single sign-on. */
export const SESSION_SECONDS = 8 * 3600

export function migrateSso(ctx: EmulatorContext): void {
	ctx.db.exec(`
		CREATE TABLE IF NOT EXISTS sso_sessions (
			id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			created_at INTEGER NOT NULL,
			expires_at INTEGER NOT NULL,
			ended_at INTEGER
		);
		CREATE INDEX IF NOT EXISTS sso_sessions_user ON sso_sessions (user_id);
		CREATE TABLE IF NOT EXISTS sso_codes (
			code TEXT PRIMARY KEY,
			client_id TEXT NOT NULL,
			user_id TEXT NOT NULL,
			session_id TEXT NOT NULL,
			redirect_uri TEXT NOT NULL,
			code_challenge TEXT NOT NULL,
			created_at INTEGER NOT NULL,
			expires_at INTEGER NOT NULL,
			used_at INTEGER,
			refresh_token TEXT
		);
		CREATE TABLE IF NOT EXISTS sso_grants (
			refresh_token TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			client_id TEXT NOT NULL,
			session_id TEXT NOT NULL,
			created_at INTEGER NOT NULL,
			revoked_at INTEGER
		);
		CREATE INDEX IF NOT EXISTS sso_grants_session ON sso_grants (session_id);
		CREATE INDEX IF NOT EXISTS sso_grants_user ON sso_grants (user_id);
	`)
}

const randomId = () => randomBytes(32).toString('base64url')

export function s256(verifier: string): string {
	return createHash('sha256').update(verifier).digest('base64url')
}

export interface SessionRow {
	id: string
	userId: string
	expiresAt: number
}

export function startSession(ctx: EmulatorContext, userId: string): SessionRow {
	const id = randomId()
	const now = ctx.clock.now()
	const expiresAt = now + SESSION_SECONDS * 1000
	ctx.db
		.prepare('INSERT INTO sso_sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
		.run(id, userId, now, expiresAt)
	return { id, userId, expiresAt }
}

/** A session that has neither ended nor expired. */
export function findLiveSession(ctx: EmulatorContext, id: string | undefined): SessionRow | undefined {
	if (!id) return undefined
	const row = ctx.db
		.prepare('SELECT id, user_id, expires_at FROM sso_sessions WHERE id = ? AND ended_at IS NULL AND expires_at > ?')
		.get(id, ctx.clock.now()) as { id: string; user_id: string; expires_at: number } | undefined
	return row && { id: row.id, userId: row.user_id, expiresAt: row.expires_at }
}

export function issueCode(
	ctx: EmulatorContext,
	grant: { clientId: string; userId: string; sessionId: string; redirectUri: string; codeChallenge: string },
): string {
	const code = randomId()
	const now = ctx.clock.now()
	ctx.db
		.prepare(
			'INSERT INTO sso_codes (code, client_id, user_id, session_id, redirect_uri, code_challenge, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			code,
			grant.clientId,
			grant.userId,
			grant.sessionId,
			grant.redirectUri,
			grant.codeChallenge,
			now,
			now + AUTHORIZATION_CODE_SECONDS * 1000,
		)
	return code
}

type CodeRow = {
	code: string
	client_id: string
	user_id: string
	session_id: string
	redirect_uri: string
	code_challenge: string
	expires_at: number
	used_at: number | null
	refresh_token: string | null
}

export type Redemption = { ok: true; userId: string; sessionId: string } | { ok: false; reused: boolean }

/**
 * Redeems a code once. Any attempt uses it up, so a wrong verifier cannot be
 * retried; a second use revokes what the first one issued (RFC 6749 §4.1.2).
 */
export function redeemCode(
	ctx: EmulatorContext,
	attempt: { clientId: string; code: string; verifier: string; redirectUri?: string },
): Redemption {
	return transaction(ctx.db, () => {
		const row = ctx.db.prepare('SELECT * FROM sso_codes WHERE code = ?').get(attempt.code) as CodeRow | undefined
		if (!row) return { ok: false, reused: false }
		const now = ctx.clock.now()
		if (row.used_at !== null) {
			if (row.refresh_token) revokeWhere(ctx, 'refresh_token = ?', [row.refresh_token])
			return { ok: false, reused: true }
		}
		ctx.db.prepare('UPDATE sso_codes SET used_at = ? WHERE code = ?').run(now, row.code)
		const valid =
			row.expires_at > now &&
			row.client_id === attempt.clientId &&
			s256(attempt.verifier) === row.code_challenge &&
			(attempt.redirectUri === undefined || attempt.redirectUri === row.redirect_uri) &&
			findLiveSession(ctx, row.session_id) !== undefined
		return valid ? { ok: true, userId: row.user_id, sessionId: row.session_id } : { ok: false, reused: false }
	})
}

/** Records the refresh token a code was exchanged for. */
export function recordGrant(
	ctx: EmulatorContext,
	grant: { code: string; refreshToken: string; userId: string; clientId: string; sessionId: string },
): void {
	transaction(ctx.db, () => {
		ctx.db
			.prepare(
				'INSERT INTO sso_grants (refresh_token, user_id, client_id, session_id, created_at) VALUES (?, ?, ?, ?, ?)',
			)
			.run(grant.refreshToken, grant.userId, grant.clientId, grant.sessionId, ctx.clock.now())
		ctx.db.prepare('UPDATE sso_codes SET refresh_token = ? WHERE code = ?').run(grant.refreshToken, grant.code)
	})
}

export interface GrantRow {
	refreshToken: string
	userId: string
	clientId: string
	sessionId: string
}

export function findGrant(ctx: EmulatorContext, refreshToken: string): GrantRow | undefined {
	const row = ctx.db.prepare('SELECT * FROM sso_grants WHERE refresh_token = ?').get(refreshToken) as
		{ refresh_token: string; user_id: string; client_id: string; session_id: string } | undefined
	return (
		row && { refreshToken: row.refresh_token, userId: row.user_id, clientId: row.client_id, sessionId: row.session_id }
	)
}

function revokeWhere(ctx: EmulatorContext, where: string, params: string[]): number {
	const rows = ctx.db
		.prepare(`SELECT refresh_token FROM sso_grants WHERE revoked_at IS NULL AND ${where}`)
		.all(...params) as { refresh_token: string }[]
	for (const row of rows) {
		ctx.tokens.revoke(row.refresh_token)
		ctx.db
			.prepare('UPDATE sso_grants SET revoked_at = ? WHERE refresh_token = ?')
			.run(ctx.clock.now(), row.refresh_token)
	}
	return rows.length
}

/** Revokes one client's grants within one browser session. */
export function revokeClientGrants(ctx: EmulatorContext, sessionId: string, clientId: string): number {
	return transaction(ctx.db, () => revokeWhere(ctx, 'session_id = ? AND client_id = ?', [sessionId, clientId]))
}

/** Ends a browser session and revokes every grant made through it. */
export function endSession(ctx: EmulatorContext, sessionId: string): { endedSessions: number; revokedTokens: number } {
	return transaction(ctx.db, () => {
		const ended = ctx.db
			.prepare('UPDATE sso_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL')
			.run(ctx.clock.now(), sessionId)
		return { endedSessions: Number(ended.changes), revokedTokens: revokeWhere(ctx, 'session_id = ?', [sessionId]) }
	})
}

/** Ends every browser session of a user and revokes every grant the single sign-on made them. */
export function endUserSessions(
	ctx: EmulatorContext,
	userId: string,
): { endedSessions: number; revokedTokens: number } {
	return transaction(ctx.db, () => {
		const ended = ctx.db
			.prepare('UPDATE sso_sessions SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL')
			.run(ctx.clock.now(), userId)
		return { endedSessions: Number(ended.changes), revokedTokens: revokeWhere(ctx, 'user_id = ?', [userId]) }
	})
}
