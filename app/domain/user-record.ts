/**
 * The user record as the portal keeps it (spec 1 §3, spec 2 §3): what the
 * account API's `me` answers, minus bookkeeping fields the portal has no use
 * for, staff-only data for everyone else, and empty values.
 */

/** Staff accounts are the ones whose email is at the company domain (spec 1 §6). */
export const COMPANY_EMAIL_DOMAIN = 'roland.com'

export function isStaffEmail(email: string | null | undefined): boolean {
	return typeof email === 'string' && email.trim().toLowerCase().endsWith(`@${COMPANY_EMAIL_DOMAIN}`)
}

/** Dropped wherever they appear; createDate is kept inside registered products (their registration date). */
export const DROPPED_USER_FIELDS = [
	'createDate',
	'createUserId',
	'updateDate',
	'updateUserId',
	'isDeleted',
	'isVisible',
	'previousEmail',
	'cognitoSub',
] as const
export type DroppedUserField = (typeof DROPPED_USER_FIELDS)[number]

const DROPPED = new Set<string>(DROPPED_USER_FIELDS)
const STAFF_ONLY_FIELD = 'managingCultureCodes'
/** The one field whose null is kept: it says "no birthday given". */
const KEEPS_NULL = 'birthday'
/** Birthdays are dates: `1990-04-12T00:00:00.000Z` is kept as `1990-04-12`. */
const BIRTHDAY_LENGTH = 10

type Dropped<K, InProducts extends boolean> = K extends 'createDate'
	? InProducts extends true
		? never
		: K
	: K extends DroppedUserField
		? K
		: never

/** A value after the rule: null-valued properties become absent (except birthday). */
type Stored<T, InProducts extends boolean> = T extends readonly (infer U)[]
	? Stored<U, InProducts>[]
	: T extends object
		? {
				[
					K in keyof T as K extends Dropped<K, InProducts>
						? never
						: null extends T[K]
							? K extends typeof KEEPS_NULL
								? K
								: never
							: K
				]: Stored<T[K], K extends 'registeredProducts' ? true : InProducts>
			} & {
				[
					K in keyof T as K extends Dropped<K, InProducts>
						? never
						: null extends T[K]
							? K extends typeof KEEPS_NULL
								? never
								: K
							: never
				]?: Stored<Exclude<T[K], null>, K extends 'registeredProducts' ? true : InProducts>
			}
		: T

/** The stored record; managingCultureCodes may be gone (a customer's record). */
export type StoredUser<T> = Omit<Stored<T, false>, typeof STAFF_ONLY_FIELD> &
	(T extends { managingCultureCodes?: infer M }
		? { managingCultureCodes?: Stored<Exclude<M, null | undefined>, false> }
		: unknown)

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function strip(value: unknown, inRegisteredProducts: boolean): unknown {
	if (Array.isArray(value)) return value.map((item) => strip(item, inRegisteredProducts))
	if (!isPlainObject(value)) return value
	const out: Record<string, unknown> = {}
	for (const [key, item] of Object.entries(value)) {
		if (DROPPED.has(key) && !(key === 'createDate' && inRegisteredProducts)) continue
		if (item === null && key !== KEEPS_NULL) continue
		if (item === undefined) continue
		out[key] = strip(item, inRegisteredProducts || key === 'registeredProducts')
	}
	return out
}

/**
 * The record to store (spec 1 §3): drops the bookkeeping fields (createDate
 * except inside registered products, createUserId, updateDate, updateUserId,
 * isDeleted, isVisible, previousEmail, cognitoSub), drops
 * managingCultureCodes unless the email is a staff email, cuts the birthday
 * to its date and drops null values except birthday.
 */
export function toStoredUser<T extends { email?: unknown }>(record: T): StoredUser<T> {
	const stored = strip(record, false) as Record<string, unknown>
	if (!isStaffEmail(typeof record.email === 'string' ? record.email : null)) delete stored[STAFF_ONLY_FIELD]
	if (typeof stored.birthday === 'string') stored.birthday = stored.birthday.slice(0, BIRTHDAY_LENGTH)
	return stored as StoredUser<T>
}
