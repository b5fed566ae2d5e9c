/**
 * The identity calls' own tables: mailed codes, phones, interests, temporary
 * data and external user ids. Users themselves live in users.ts.
 */
import { randomUUID } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { TemporaryDataPurpose } from '#app/upstream/contract/account-identity.ts'
import type { EmulatorContext } from '../../context.ts'

/** How long temporary data is kept (designed: long enough to sign up and activate). */
export const TEMPORARY_DATA_TTL_MS = 7 * 24 * 3600 * 1000

export function migrateIdentityTables(db: DatabaseSync): void {
	db.exec(`
		CREATE TABLE IF NOT EXISTS account_codes (
			user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			purpose TEXT NOT NULL,
			code TEXT NOT NULL,
			new_email TEXT,
			issued_at INTEGER NOT NULL,
			expires_at INTEGER NOT NULL,
			failed_attempts INTEGER NOT NULL DEFAULT 0,
			PRIMARY KEY (user_id, purpose)
		);
		CREATE TABLE IF NOT EXISTS user_phones (
			id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			number TEXT NOT NULL,
			type TEXT NOT NULL,
			create_date TEXT NOT NULL,
			update_date TEXT NOT NULL
		);
		CREATE INDEX IF NOT EXISTS user_phones_user ON user_phones (user_id);
		CREATE TABLE IF NOT EXISTS user_interests (
			id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			interest_id TEXT NOT NULL,
			create_date TEXT NOT NULL,
			UNIQUE (user_id, interest_id)
		);
		CREATE TABLE IF NOT EXISTS temporary_data (
			id TEXT PRIMARY KEY,
			user_id TEXT,
			email TEXT COLLATE NOCASE,
			purpose TEXT NOT NULL,
			body TEXT NOT NULL,
			create_date TEXT NOT NULL,
			expires_at INTEGER NOT NULL
		);
		CREATE INDEX IF NOT EXISTS temporary_data_user ON temporary_data (user_id, purpose);
		CREATE INDEX IF NOT EXISTS temporary_data_email ON temporary_data (email, purpose);
		CREATE TABLE IF NOT EXISTS external_user_ids (
			user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			service_id TEXT NOT NULL,
			external_id TEXT NOT NULL,
			update_date TEXT NOT NULL,
			PRIMARY KEY (user_id, service_id)
		);
	`)
}

const isoNow = (ctx: EmulatorContext) => new Date(ctx.clock.now()).toISOString()

// ---------------------------------------------------------------- phones

export interface PhoneRow {
	id: string
	userId: string
	number: string
	type: string
	createDate: string
	updateDate: string
}

type PhoneDbRow = {
	id: string
	user_id: string
	number: string
	type: string
	create_date: string
	update_date: string
}
const toPhone = (r: PhoneDbRow): PhoneRow => ({
	id: r.id,
	userId: r.user_id,
	number: r.number,
	type: r.type,
	createDate: r.create_date,
	updateDate: r.update_date,
})

export function listPhones(db: DatabaseSync, userId: string): PhoneRow[] {
	return (
		db.prepare('SELECT * FROM user_phones WHERE user_id = ? ORDER BY create_date, rowid').all(userId) as PhoneDbRow[]
	).map(toPhone)
}

export function findPhone(db: DatabaseSync, userId: string, id: string): PhoneRow | undefined {
	const row = db.prepare('SELECT * FROM user_phones WHERE user_id = ? AND id = ?').get(userId, id) as
		PhoneDbRow | undefined
	return row && toPhone(row)
}

export function insertPhone(ctx: EmulatorContext, userId: string, phone: { number: string; type: string }): PhoneRow {
	const id = randomUUID()
	const now = isoNow(ctx)
	ctx.db
		.prepare('INSERT INTO user_phones (id, user_id, number, type, create_date, update_date) VALUES (?, ?, ?, ?, ?, ?)')
		.run(id, userId, phone.number, phone.type, now, now)
	return findPhone(ctx.db, userId, id)!
}

export function updatePhone(
	ctx: EmulatorContext,
	userId: string,
	id: string,
	phone: { number: string; type: string },
): PhoneRow | undefined {
	ctx.db
		.prepare('UPDATE user_phones SET number = ?, type = ?, update_date = ? WHERE user_id = ? AND id = ?')
		.run(phone.number, phone.type, isoNow(ctx), userId, id)
	return findPhone(ctx.db, userId, id)
}

export function deletePhone(db: DatabaseSync, userId: string, id: string): boolean {
	return Number(db.prepare('DELETE FROM user_phones WHERE user_id = ? AND id = ?').run(userId, id).changes) > 0
}

// ---------------------------------------------------------------- interests

export interface InterestRow {
	id: string
	userId: string
	interestId: string
	createDate: string
}

type InterestDbRow = { id: string; user_id: string; interest_id: string; create_date: string }
const toInterest = (r: InterestDbRow): InterestRow => ({
	id: r.id,
	userId: r.user_id,
	interestId: r.interest_id,
	createDate: r.create_date,
})

export function listInterests(db: DatabaseSync, userId: string): InterestRow[] {
	return (
		db
			.prepare('SELECT * FROM user_interests WHERE user_id = ? ORDER BY create_date, rowid')
			.all(userId) as InterestDbRow[]
	).map(toInterest)
}

export function findInterestOf(db: DatabaseSync, userId: string, interestId: string): InterestRow | undefined {
	const row = db
		.prepare('SELECT * FROM user_interests WHERE user_id = ? AND interest_id = ?')
		.get(userId, interestId) as InterestDbRow | undefined
	return row && toInterest(row)
}

export function insertInterest(ctx: EmulatorContext, userId: string, interestId: string): InterestRow {
	const id = randomUUID()
	ctx.db
		.prepare('INSERT INTO user_interests (id, user_id, interest_id, create_date) VALUES (?, ?, ?, ?)')
		.run(id, userId, interestId, isoNow(ctx))
	return findInterestOf(ctx.db, userId, interestId)!
}

export function deleteInterest(db: DatabaseSync, userId: string, id: string): boolean {
	return Number(db.prepare('DELETE FROM user_interests WHERE user_id = ? AND id = ?').run(userId, id).changes) > 0
}

// ---------------------------------------------------------------- temporary data

export interface TemporaryDataRow {
	id: string
	userId: string | null
	email: string | null
	purpose: TemporaryDataPurpose
	body: Record<string, unknown>
	createDate: string
	expiresAt: number
}

type TemporaryDbRow = {
	id: string
	user_id: string | null
	email: string | null
	purpose: TemporaryDataPurpose
	body: string
	create_date: string
	expires_at: number
}
const toTemporary = (r: TemporaryDbRow): TemporaryDataRow => ({
	id: r.id,
	userId: r.user_id,
	email: r.email,
	purpose: r.purpose,
	body: JSON.parse(r.body) as Record<string, unknown>,
	createDate: r.create_date,
	expiresAt: r.expires_at,
})

/** The newest unexpired data of a purpose kept for a user, or for their email before they had an account. */
export function findTemporaryData(
	ctx: EmulatorContext,
	owner: { userId: string; email: string },
	purpose: TemporaryDataPurpose,
): TemporaryDataRow | undefined {
	const row = ctx.db
		.prepare(
			`SELECT * FROM temporary_data WHERE purpose = ? AND expires_at > ? AND (user_id = ? OR (user_id IS NULL AND email = ?))
			ORDER BY create_date DESC, rowid DESC LIMIT 1`,
		)
		.get(purpose, ctx.clock.now(), owner.userId, owner.email) as TemporaryDbRow | undefined
	return row && toTemporary(row)
}

/** Keeps one entry per owner and purpose: a new one replaces what was there. */
export function saveTemporaryData(
	ctx: EmulatorContext,
	owner: { userId: string | null; email: string },
	purpose: TemporaryDataPurpose,
	body: Record<string, unknown>,
): TemporaryDataRow {
	deleteTemporaryData(ctx.db, owner, purpose)
	const id = randomUUID()
	ctx.db
		.prepare(
			'INSERT INTO temporary_data (id, user_id, email, purpose, body, create_date, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			id,
			owner.userId,
			owner.email,
			purpose,
			JSON.stringify(body),
			isoNow(ctx),
			ctx.clock.now() + TEMPORARY_DATA_TTL_MS,
		)
	return toTemporary(ctx.db.prepare('SELECT * FROM temporary_data WHERE id = ?').get(id) as TemporaryDbRow)
}

/**
 * Deletes a purpose's data of an owner (a user also loses what was kept under their email); all
 * purposes without one.
 */
export function deleteTemporaryData(
	db: DatabaseSync,
	owner: { userId: string | null; email: string },
	purpose?: TemporaryDataPurpose,
): number {
	const byOwner = owner.userId ? '(user_id = ? OR (user_id IS NULL AND email = ?))' : '(user_id IS NULL AND email = ?)'
	const params = owner.userId ? [owner.userId, owner.email] : [owner.email]
	const sql = `DELETE FROM temporary_data WHERE ${byOwner}${purpose ? ' AND purpose = ?' : ''}`
	return Number(db.prepare(sql).run(...params, ...(purpose ? [purpose] : [])).changes)
}

// ---------------------------------------------------------------- external user ids

export interface ExternalIdRow {
	serviceId: string
	id: string
	updateDate: string
}

export function findExternalId(db: DatabaseSync, userId: string, serviceId: string): ExternalIdRow | undefined {
	const row = db
		.prepare('SELECT * FROM external_user_ids WHERE user_id = ? AND service_id = ?')
		.get(userId, serviceId) as { service_id: string; external_id: string; update_date: string } | undefined
	return row && { serviceId: row.service_id, id: row.external_id, updateDate: row.update_date }
}

export function putExternalId(
	ctx: EmulatorContext,
	userId: string,
	serviceId: string,
	externalId: string,
): ExternalIdRow {
	ctx.db
		.prepare(
			`INSERT INTO external_user_ids (user_id, service_id, external_id, update_date) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, service_id) DO UPDATE SET external_id = excluded.external_id, update_date = excluded.update_date`,
		)
		.run(userId, serviceId, externalId, isoNow(ctx))
	return findExternalId(ctx.db, userId, serviceId)!
}

/** Everything of a user these tables hold (the foreign keys cascade too; this does not rely on them). */
export function deleteIdentityData(db: DatabaseSync, user: { id: string; email: string }): void {
	for (const table of ['account_codes', 'user_phones', 'user_interests', 'external_user_ids']) {
		db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user.id)
	}
	deleteTemporaryData(db, { userId: user.id, email: user.email })
}
