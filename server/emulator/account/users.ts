/**
 * The account API's users: the table, password checks with the attempt limit
 * (5 failures in 15 minutes), and the lookups other emulated services share
 * (single sign-on signs in with these; the cloud API knows users by id).
 */
import { randomUUID, scryptSync, timingSafeEqual, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { EmulatorContext } from '../context.ts'
import type { TokenSubject } from '../tokens.ts'

export const ATTEMPT_LIMIT = 5
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000

/**
 * new: no such email; legacy: from the older portal, needs migration; unactivated: signed up, not
 * confirmed; active.
 */
/**
 * Spec 1 §6: staff are the users whose email is at the company's domain (the API's refusal names
 * it: 'Not Roland Account'). The API's own check, not the portal's (issue 22).
 */
export function isStaffAccount(email: string): boolean {
	const domain = email.slice(email.lastIndexOf('@') + 1)
	return email.includes('@') && domain.trim().toLowerCase() === 'roland.com'
}

export type UserStatus = 'legacy' | 'unactivated' | 'active'

export interface UserRow {
	id: string
	email: string
	status: UserStatus
	/** The profile as the account API stores it (firstName, lastName, cultureCode, country, address, birthday…). */
	profile: Record<string, unknown>
	createDate: string
	updateDate: string
}

export function migrateUsers(db: DatabaseSync): void {
	db.exec(`
		CREATE TABLE IF NOT EXISTS users (
			id TEXT PRIMARY KEY,
			email TEXT NOT NULL UNIQUE COLLATE NOCASE,
			password_hash TEXT,
			status TEXT NOT NULL,
			profile TEXT NOT NULL DEFAULT '{}',
			create_date TEXT NOT NULL,
			update_date TEXT NOT NULL
		);
		CREATE TABLE IF NOT EXISTS signin_failures (
			email TEXT NOT NULL COLLATE NOCASE,
			at INTEGER NOT NULL
		);
		CREATE INDEX IF NOT EXISTS signin_failures_email ON signin_failures (email, at);
	`)
}

export function hashPassword(password: string): string {
	const salt = randomBytes(16)
	return `scrypt:${salt.toString('base64')}:${scryptSync(password, salt, 32).toString('base64')}`
}

export function passwordMatches(password: string, stored: string | null): boolean {
	if (!stored) return false
	const [, salt, hash] = stored.split(':')
	if (!salt || !hash) return false
	const expected = Buffer.from(hash, 'base64')
	const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length)
	return timingSafeEqual(expected, actual)
}

type Row = { id: string; email: string; status: UserStatus; profile: string; create_date: string; update_date: string }
const toUser = (row: Row): UserRow => ({
	id: row.id,
	email: row.email,
	status: row.status,
	profile: JSON.parse(row.profile) as Record<string, unknown>,
	createDate: row.create_date,
	updateDate: row.update_date,
})

export function findUserById(db: DatabaseSync, id: string): UserRow | undefined {
	const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as Row | undefined
	return row && toUser(row)
}

export function findUserByEmail(db: DatabaseSync, email: string): UserRow | undefined {
	const row = db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim()) as Row | undefined
	return row && toUser(row)
}

export function insertUser(
	ctx: EmulatorContext,
	user: { id?: string; email: string; password: string | null; status: UserStatus; profile: Record<string, unknown> },
): UserRow {
	const now = new Date(ctx.clock.now()).toISOString()
	const id = user.id ?? randomUUID()
	ctx.db
		.prepare(
			'INSERT INTO users (id, email, password_hash, status, profile, create_date, update_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			id,
			user.email.trim(),
			user.password ? hashPassword(user.password) : null,
			user.status,
			JSON.stringify(user.profile),
			now,
			now,
		)
	return findUserById(ctx.db, id)!
}

export function updateUser(
	ctx: EmulatorContext,
	id: string,
	patch: { email?: string; password?: string; status?: UserStatus; profile?: Record<string, unknown> },
): UserRow | undefined {
	const current = findUserById(ctx.db, id)
	if (!current) return undefined
	const now = new Date(ctx.clock.now()).toISOString()
	ctx.db
		.prepare('UPDATE users SET email = ?, status = ?, profile = ?, update_date = ? WHERE id = ?')
		.run(
			patch.email ?? current.email,
			patch.status ?? current.status,
			JSON.stringify(patch.profile ?? current.profile),
			now,
			id,
		)
	if (patch.password !== undefined)
		ctx.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hashPassword(patch.password), id)
	return findUserById(ctx.db, id)
}

export function deleteUser(ctx: EmulatorContext, id: string): void {
	ctx.db.prepare('DELETE FROM users WHERE id = ?').run(id)
	ctx.tokens.revokeAll(id)
}

export function tokenSubject(user: UserRow): TokenSubject {
	return { id: user.id, email: user.email, emailVerified: user.status === 'active' }
}

export type AuthenticationResult =
	{ ok: true; user: UserRow } | { ok: false; reason: 'not-authorized' | 'not-confirmed' | 'attempt-limit' }

/** The spec's messages for a failed sign-in, with the Cognito-style codes the real API sends. */
export const AUTHENTICATION_ERRORS = {
	'not-authorized': { status: 400, code: 'NotAuthorizedException', message: 'Incorrect username or password.' },
	'not-confirmed': { status: 400, code: 'UserNotConfirmedException', message: 'User is not confirmed.' },
	'attempt-limit': {
		status: 400,
		code: 'LimitExceededException',
		message: 'Attempt limit exceeded, please try after some time.',
	},
} as const

/**
 * Checks an email and password. Five failures within 15 minutes lock the
 * address until the oldest of them is 15 minutes old; a success clears them.
 * A legacy account cannot sign in until it is migrated.
 */
export function authenticate(ctx: EmulatorContext, email: string, password: string): AuthenticationResult {
	const now = ctx.clock.now()
	const failures = ctx.db
		.prepare('SELECT COUNT(*) AS n FROM signin_failures WHERE email = ? AND at > ?')
		.get(email.trim(), now - ATTEMPT_WINDOW_MS) as { n: number }
	if (failures.n >= ATTEMPT_LIMIT) return { ok: false, reason: 'attempt-limit' }
	const user = findUserByEmail(ctx.db, email)
	const row =
		user &&
		(ctx.db.prepare('SELECT password_hash FROM users WHERE id = ?').get(user.id) as { password_hash: string | null })
	if (!user || user.status === 'legacy' || !passwordMatches(password, row?.password_hash ?? null)) {
		ctx.db.prepare('INSERT INTO signin_failures (email, at) VALUES (?, ?)').run(email.trim(), now)
		return { ok: false, reason: 'not-authorized' }
	}
	if (user.status === 'unactivated') return { ok: false, reason: 'not-confirmed' }
	ctx.db.prepare('DELETE FROM signin_failures WHERE email = ?').run(email.trim())
	return { ok: true, user }
}

/** Whether a password is the user's current one (a password change checks the old one with it). */
export function checkPassword(db: DatabaseSync, userId: string, password: string): boolean {
	const row = db.prepare('SELECT password_hash FROM users WHERE id = ?').get(userId) as
		{ password_hash: string | null } | undefined
	return passwordMatches(password, row?.password_hash ?? null)
}

/** Forgets an address's failed sign-ins: a password reset proves the owner, so the lock ends. */
export function clearSigninFailures(db: DatabaseSync, email: string): void {
	db.prepare('DELETE FROM signin_failures WHERE email = ?').run(email.trim())
}
