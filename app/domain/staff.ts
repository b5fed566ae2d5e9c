/**
 * The staff view (spec 1 §6, spec 2 §6): who is staff, which tabs only staff
 * see, what the admin lookup accepts and which fields of a user it shows.
 */
import { personName } from './culture.ts'
import { isStaffEmail } from './user-record.ts'

export { isStaffEmail }

/** The message for anyone else (spec 1 §6): the catalogue key of 'Not Roland Account'. */
export const NOT_ROLAND_ACCOUNT = 'errors.notRolandAccount'

/** Tabs shown to staff only; for anyone else they answer 'Not Roland Account' rather than another tab. */
export const STAFF_ONLY_TABS: ReadonlySet<string> = new Set(['admin'])

export function isStaffOnlyTab(tab: string | undefined): boolean {
	return tab !== undefined && STAFF_ONLY_TABS.has(tab)
}

/** The lookup's `user` query: an email, an account id, or nothing asked yet. */
export type UserQuery =
	| { kind: 'none' }
	| { kind: 'email'; value: string }
	| { kind: 'id'; value: string }
	| { kind: 'invalid'; value: string }

export const USER_QUERY_MAX_LENGTH = 254
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Account ids are UUIDs upstream; anything of id characters is asked, the upstream says whether it exists. */
const ID = /^[A-Za-z0-9_-]{1,64}$/

export function parseUserQuery(raw: string | null | undefined): UserQuery {
	const value = (raw ?? '').trim()
	if (!value) return { kind: 'none' }
	if (value.length > USER_QUERY_MAX_LENGTH) return { kind: 'invalid', value: value.slice(0, USER_QUERY_MAX_LENGTH) }
	if (value.includes('@'))
		return EMAIL.test(value) ? { kind: 'email', value: value.toLowerCase() } : { kind: 'invalid', value }
	return ID.test(value) ? { kind: 'id', value } : { kind: 'invalid', value }
}

/** What the admin view reads from a user record (a subset of the account API's answer). */
export interface AdminUserSource {
	id: string
	email: string
	firstName: string
	middleName?: string | null
	lastName: string
	country?: string | null
	cultureCode?: { value: string } | null
	allowEmail: boolean
	phones: readonly unknown[]
	registeredProducts: readonly unknown[]
	managingCultureCodes?: readonly { value: string }[]
}

export type AdminUserField =
	| 'id'
	| 'email'
	| 'name'
	| 'country'
	| 'cultureCode'
	| 'allowEmail'
	| 'phones'
	| 'registeredProducts'
	| 'managingCultureCodes'

export interface AdminUserRow {
	field: AdminUserField
	/** A text as it is, or a yes/no the view words in the user's language. */
	value: string | boolean
}

/**
 * The rows of the read-only record, in order; fields the record lacks are left out. The name as
 * the user's own culture writes it (the order their sign-up asked it in); a record without a
 * culture, as the page's culture does.
 */
export function adminUserRows(user: AdminUserSource, pageCulture: string): AdminUserRow[] {
	const rows: AdminUserRow[] = [
		{ field: 'id', value: user.id },
		{ field: 'email', value: user.email },
		{ field: 'name', value: personName(user.cultureCode?.value ?? pageCulture, user) },
	]
	if (user.country) rows.push({ field: 'country', value: user.country })
	if (user.cultureCode?.value) rows.push({ field: 'cultureCode', value: user.cultureCode.value })
	rows.push(
		{ field: 'allowEmail', value: user.allowEmail },
		{ field: 'phones', value: String(user.phones.length) },
		{ field: 'registeredProducts', value: String(user.registeredProducts.length) },
	)
	if (isStaffEmail(user.email) && user.managingCultureCodes?.length)
		rows.push({ field: 'managingCultureCodes', value: user.managingCultureCodes.map((c) => c.value).join(', ') })
	return rows
}
