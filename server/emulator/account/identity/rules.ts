/**
 * The account API's rules on what it stores (spec 1 §5): the password
 * policy, names for ja-JP, profile fields. The contract schemas check shapes;
 * these check meaning, with the API's own messages.
 */
import type { ProfileUpdate } from '#app/upstream/contract/account-identity.ts'
import type { UserRow, UserStatus } from '../users.ts'
import { GENDERS, isKnownCulture } from './masters.ts'

export interface RuleError {
	status: number
	code: string
	message: string
}

const invalid = (message: string): RuleError => ({ status: 400, code: 'InvalidParameterException', message })

/**
 * Spec 1 §5's policy, read on the API's side (the portal checks its forms with its own reading, so a
 * slip in either shows in the contract tests): half-width alphanumerics and symbols only, at least
 * 8 of them, among them a lowercase letter, an uppercase letter and a digit.
 */
function meetsPasswordPolicy(password: string): boolean {
	const characters = [...password]
	// Half-width: printable ASCII, the space excluded.
	const halfWidth = characters.every((c) => c > ' ' && c <= '~')
	const has = (from: string, to: string) => characters.some((c) => c >= from && c <= to)
	return halfWidth && characters.length >= 8 && has('a', 'z') && has('A', 'Z') && has('0', '9')
}

export function passwordProblem(password: string): RuleError | null {
	return meetsPasswordPolicy(password)
		? null
		: {
				status: 400,
				code: 'InvalidPasswordException',
				message:
					'Password does not conform to policy: use at least 8 half-width characters with an uppercase letter, a lowercase letter and a number.',
			}
}

export function cultureProblem(cultureCode: string): RuleError | null {
	return isKnownCulture(cultureCode) ? null : invalid('cultureCode must be valid.')
}

/** Spec 1 §5: phonetic names are required for ja-JP only. */
export function phoneticNamesProblem(names: {
	cultureCode: string
	phoneticFirstName?: string | null
	phoneticLastName?: string | null
}): RuleError | null {
	if (names.cultureCode !== 'ja-JP') return null
	return names.phoneticFirstName?.trim() && names.phoneticLastName?.trim()
		? null
		: invalid('Phonetic first and last names are required for ja-JP.')
}

const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/
/** Digits with the usual separators, an optional leading +, 5 to 20 digits. */
export function isValidPhoneNumber(number: string): boolean {
	const digits = number.replace(/\D/g, '').length
	return /^\+?[0-9 ()./-]+$/.test(number) && digits >= 5 && digits <= 20
}

/** What the account API stores of a user, in users.profile. */
export interface StoredProfile {
	firstName: string
	middleName?: string | null
	lastName: string
	phoneticFirstName?: string | null
	phoneticLastName?: string | null
	cultureCode: string
	country: string
	allowEmail: boolean
	mailFormatType?: string
	signupSource?: string | null
	/** YYYY-MM-DD. */
	birthday?: string | null
	gender?: string | null
	address?: {
		postalCode?: string | null
		stateProvince?: string | null
		city?: string | null
		addressLine1?: string | null
		addressLine2?: string | null
		addressLine3?: string | null
	} | null
	/** Culture code values a staff member manages. */
	managingCultureCodes?: string[]
	cognitoSub: string
	previousEmail?: string | null
	createUserId: string
	updateUserId: string
}

export function profileOf(user: UserRow): StoredProfile {
	return user.profile as unknown as StoredProfile
}

/** The profile after an update, or what is wrong with the update. */
export function applyProfileUpdate(
	current: StoredProfile,
	update: ProfileUpdate,
	today: string,
	actorId: string,
): StoredProfile | RuleError {
	if (update.cultureCode !== undefined) {
		const problem = cultureProblem(update.cultureCode)
		if (problem) return problem
	}
	if (update.gender !== undefined && update.gender !== null && !GENDERS.includes(update.gender))
		return invalid('gender must be valid.')
	if (update.birthday && (update.birthday > today || update.birthday < '1900-01-01'))
		return invalid('birthday must be valid.')
	if (update.address?.postalCode && !POSTAL_CODE.test(update.address.postalCode))
		return invalid('postalCode must be valid.')
	const next: StoredProfile = {
		...current,
		...Object.fromEntries(Object.entries(update).filter(([key, value]) => value !== undefined && key !== 'address')),
		updateUserId: actorId,
	}
	if (update.address !== undefined) {
		next.address = update.address === null ? null : { ...current.address, ...update.address }
	}
	// Only a change of names is held to the ja-JP rule, so moving to ja-JP alone (region and language) is not refused.
	const namesChanged = ['firstName', 'lastName', 'phoneticFirstName', 'phoneticLastName'].some((key) => key in update)
	if (namesChanged) {
		const problem = phoneticNamesProblem(next)
		if (problem) return problem
	}
	return next
}

export function isRuleError(value: unknown): value is RuleError {
	return typeof value === 'object' && value !== null && 'status' in value && 'code' in value && 'message' in value
}

/** `accountType` of a user row (spec 1 §4 account states). */
export function accountTypeOf(status: UserStatus | undefined): 'new' | UserStatus {
	return status ?? 'new'
}
