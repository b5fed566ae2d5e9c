/**
 * The account API's identity calls (spec 2 §7), one function per call. The
 * account API takes the access token as it is in Authorization; account
 * deletion takes the id token; signup, signin, resend and reset carry the
 * signed X-RCP-Security-Token header.
 */
import { decodeJwt } from 'jose'
import type { z } from 'zod'
import {
	AccountTypeResponseSchema,
	ChangePasswordRequestSchema,
	ConfirmEmailChangeRequestSchema,
	ConfirmRequestSchema,
	CreateTemporaryDataRequestSchema,
	EmailChangeRequestSchema,
	MigrateRequestSchema,
	PasswordResetConfirmRequestSchema,
	PasswordResetRequestSchema,
	PhoneRequestSchema,
	ProfileUpdateRequestSchema,
	ResendCodeRequestSchema,
	SigninRequestSchema,
	SignupRequestSchema,
	ConfirmEmailChangeResponseSchema,
	ConfirmResponseSchema,
	type Credentials,
	type CredentialsAnswer,
	CredentialsResponseSchema,
	DeletedResponseSchema,
	EmailChangeResponseSchema,
	type ExternalUserId,
	ExternalUserIdSchema,
	hasAllTokens,
	InterestListResponseSchema,
	ManagingCultureCodesResponseSchema,
	MessageResponseSchema,
	type Phone,
	PhoneListResponseSchema,
	PhoneSchema,
	type ProfileUpdate,
	ResendCodeResponseSchema,
	type SignupRequest,
	SignupResponseSchema,
	type TemporaryData,
	type TemporaryDataPurpose,
	TemporaryDataSchema,
	type UserInterest,
	UserInterestSchema,
	type UserRecord,
	UserRecordSchema,
} from './contract/account-identity.ts'
import { isUpstreamError, UpstreamError } from './errors.ts'
import { type Auth, upstreamRequest } from './http.server.ts'
import { withSecurityToken } from './security-token.server.ts'

export { getServerTime } from './security-token.server.ts'

export interface CallOptions {
	/** The browser's request signal: a dropped request cancels the call. */
	signal?: AbortSignal
}

type MailFormatType = 'html' | 'text'

const access = (token: string): Auth => ({ kind: 'access', token })
const segment = encodeURIComponent

/** Credentials count only with all three tokens (spec 2 §5); anything less is 'No credentials'. */
function requireCredentials(answer: CredentialsAnswer): Credentials {
	if (!hasAllTokens(answer))
		throw new UpstreamError({ upstream: 'account', kind: 'malformed', message: 'No credentials' })
	return {
		accessToken: answer.accessToken,
		idToken: answer.idToken,
		refreshToken: answer.refreshToken,
		tokenType: answer.tokenType,
		expiresIn: answer.expiresIn,
	}
}

/** Only the fields a request schema names: a form's extra fields (confirmations, consent boxes) are not sent. */
function only<S extends z.ZodObject>(schema: S, input: object): z.input<S> {
	const keys = new Set(Object.keys(schema.shape))
	return Object.fromEntries(
		Object.entries(input).filter(([key, value]) => keys.has(key) && value !== undefined),
	) as z.input<S>
}

/** null for a 404 (nothing kept), the answer otherwise. */
async function orNullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
	try {
		return await call
	} catch (error) {
		if (isUpstreamError(error) && error.status === 404) return null
		throw error
	}
}

// ---------------------------------------------------------------- sign-up, activation, migration

/** `POST signup`: an unactivated account; the activation code is mailed. */
export async function signup(input: SignupRequest, options: CallOptions = {}) {
	return withSecurityToken((auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: 'signup',
			body: only(SignupRequestSchema, input),
			auth,
			schema: SignupResponseSchema,
			signal: options.signal,
		}),
	)
}

/** `GET accountType?email=`: new, legacy, unactivated or active. */
export async function getAccountType(email: string, options: CallOptions = {}) {
	return upstreamRequest('account', {
		path: 'accountType',
		query: { email: email || undefined },
		schema: AccountTypeResponseSchema,
		signal: options.signal,
	})
}

/** `POST confirm`: activates with the mailed code. */
export async function confirm(input: { email: string; code: string }, options: CallOptions = {}) {
	return upstreamRequest('account', {
		method: 'POST',
		path: 'confirm',
		body: only(ConfirmRequestSchema, input),
		schema: ConfirmResponseSchema,
		signal: options.signal,
	})
}

/** `POST confirmationCode/resend`: a new activation code, valid 24 h again. */
export async function resendConfirmationCode(
	input: { email: string; mailFormatType: MailFormatType },
	options: CallOptions = {},
) {
	return withSecurityToken((auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: 'confirmationCode/resend',
			body: only(ResendCodeRequestSchema, input),
			auth,
			schema: ResendCodeResponseSchema,
			signal: options.signal,
		}),
	)
}

/** `POST users/migrate`: a legacy account takes a new password and culture; it activates with the mailed code. */
export async function migrateUser(
	input: { email: string; password: string; cultureCode: string },
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'POST',
		path: 'users/migrate',
		body: only(MigrateRequestSchema, input),
		schema: SignupResponseSchema,
		signal: options.signal,
	})
}

// ---------------------------------------------------------------- sign-in and tokens

/** `POST signin`. */
export async function signin(
	input: { email: string; password: string },
	options: CallOptions = {},
): Promise<Credentials> {
	const answer = await withSecurityToken((auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: 'signin',
			body: only(SigninRequestSchema, input),
			auth,
			schema: CredentialsResponseSchema,
			signal: options.signal,
		}),
	)
	return requireCredentials(answer)
}

/** `POST client/{clientId}/signin`: the refresh token is scoped to the app client. */
export async function clientSignin(
	clientId: string,
	input: { email: string; password: string },
	options: CallOptions = {},
): Promise<Credentials> {
	const answer = await withSecurityToken((auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: `client/${segment(clientId)}/signin`,
			body: only(SigninRequestSchema, input),
			auth,
			schema: CredentialsResponseSchema,
			signal: options.signal,
		}),
	)
	return requireCredentials(answer)
}

/**
 * `POST tokens/refresh` (or `client/{clientId}/tokens/refresh`): new access
 * and id tokens. An answer without a refresh token keeps the one we have.
 */
export async function refreshTokens(
	refreshToken: string,
	options: CallOptions & { clientId?: string } = {},
): Promise<Credentials> {
	const answer = await upstreamRequest('account', {
		method: 'POST',
		path: options.clientId ? `client/${segment(options.clientId)}/tokens/refresh` : 'tokens/refresh',
		body: { token: refreshToken },
		schema: CredentialsResponseSchema,
		signal: options.signal,
	})
	return requireCredentials({ ...answer, refreshToken: answer.refreshToken ?? refreshToken })
}

// ---------------------------------------------------------------- the user

export type Me = UserRecord & { email_verified: boolean }

/** `GET me`: the user record, with email_verified from the id token's claims (spec 1 §3). */
export async function getMe(tokens: { accessToken: string; idToken: string }, options: CallOptions = {}): Promise<Me> {
	const record = await upstreamRequest('account', {
		path: 'me',
		auth: access(tokens.accessToken),
		schema: UserRecordSchema,
		signal: options.signal,
	})
	let verified = false
	try {
		verified = decodeJwt(tokens.idToken).email_verified === true
	} catch {
		verified = false
	}
	return { ...record, email_verified: verified }
}

/** `PUT users/{id}` with profile parameters: answers the updated record. */
export async function updateUser(
	accessToken: string,
	userId: string,
	profile: ProfileUpdate,
	options: CallOptions = {},
): Promise<UserRecord> {
	return upstreamRequest('account', {
		method: 'PUT',
		path: `users/${segment(userId)}`,
		body: only(ProfileUpdateRequestSchema, profile),
		auth: access(accessToken),
		schema: UserRecordSchema,
		signal: options.signal,
	})
}

/**
 * `PUT users/{id}` with {email, mailFormatType}: mails a code to the new address; the old one stays in
 * force until it is verified.
 */
export async function requestEmailChange(
	accessToken: string,
	userId: string,
	input: { email: string; mailFormatType: MailFormatType },
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'PUT',
		path: `users/${segment(userId)}`,
		body: only(EmailChangeRequestSchema, input),
		auth: access(accessToken),
		schema: EmailChangeResponseSchema,
		signal: options.signal,
	})
}

/** `POST users/{id}/linkage/changeEmail`: verifies the new address with its code and switches to it. */
export async function confirmEmailChange(accessToken: string, userId: string, code: string, options: CallOptions = {}) {
	return upstreamRequest('account', {
		method: 'POST',
		path: `users/${segment(userId)}/linkage/changeEmail`,
		body: { attribute: 'email', code } satisfies z.input<typeof ConfirmEmailChangeRequestSchema>,
		auth: access(accessToken),
		schema: ConfirmEmailChangeResponseSchema,
		signal: options.signal,
	})
}

/** `PUT users/{id}/password`: ends the session (the refresh token is revoked). */
export async function changePassword(
	accessToken: string,
	userId: string,
	input: { oldPassword: string; newPassword: string },
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'PUT',
		path: `users/${segment(userId)}/password`,
		body: only(ChangePasswordRequestSchema, input),
		auth: access(accessToken),
		schema: MessageResponseSchema,
		signal: options.signal,
	})
}

/** `POST users/password`: always the same answer; a code is mailed only when the account exists. */
export async function requestPasswordReset(
	input: { email: string; mailFormatType: MailFormatType },
	options: CallOptions = {},
) {
	return withSecurityToken((auth) =>
		upstreamRequest('account', {
			method: 'POST',
			path: 'users/password',
			body: only(PasswordResetRequestSchema, input),
			auth,
			schema: MessageResponseSchema,
			signal: options.signal,
		}),
	)
}

/** `POST users/password/confirm`: the mailed code and a new password. */
export async function confirmPasswordReset(
	input: { email: string; code: string; newPassword: string },
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'POST',
		path: 'users/password/confirm',
		body: only(PasswordResetConfirmRequestSchema, input),
		schema: MessageResponseSchema,
		signal: options.signal,
	})
}

/** `POST users/{id}/linkage/delete` with the id token: refused while cloud subscriptions are active. */
export async function deleteUser(idToken: string, userId: string, options: CallOptions = {}) {
	return upstreamRequest('account', {
		method: 'POST',
		path: `users/${segment(userId)}/linkage/delete`,
		auth: { kind: 'raw', token: idToken },
		schema: DeletedResponseSchema,
		signal: options.signal,
	})
}

// ---------------------------------------------------------------- phones and interests

/** `GET users/{id}/phones?perPage=-1`. */
export async function getPhones(accessToken: string, userId: string, options: CallOptions = {}): Promise<Phone[]> {
	const { items } = await upstreamRequest('account', {
		path: `users/${segment(userId)}/phones`,
		query: { perPage: -1 },
		auth: access(accessToken),
		schema: PhoneListResponseSchema,
		signal: options.signal,
	})
	return items
}

type PhoneInput = { number: string; type: Phone['type'] }

export async function createPhone(
	accessToken: string,
	userId: string,
	phone: PhoneInput,
	options: CallOptions = {},
): Promise<Phone> {
	return upstreamRequest('account', {
		method: 'POST',
		path: `users/${segment(userId)}/phones`,
		body: only(PhoneRequestSchema, phone),
		auth: access(accessToken),
		schema: PhoneSchema,
		signal: options.signal,
	})
}

export async function updatePhone(
	accessToken: string,
	userId: string,
	phoneId: string,
	phone: PhoneInput,
	options: CallOptions = {},
): Promise<Phone> {
	return upstreamRequest('account', {
		method: 'PUT',
		path: `users/${segment(userId)}/phones/${segment(phoneId)}`,
		body: only(PhoneRequestSchema, phone),
		auth: access(accessToken),
		schema: PhoneSchema,
		signal: options.signal,
	})
}

export async function deletePhone(accessToken: string, userId: string, phoneId: string, options: CallOptions = {}) {
	return upstreamRequest('account', {
		method: 'DELETE',
		path: `users/${segment(userId)}/phones/${segment(phoneId)}`,
		auth: access(accessToken),
		schema: DeletedResponseSchema,
		signal: options.signal,
	})
}

/** `GET users/{id}/interests`. */
export async function getInterests(
	accessToken: string,
	userId: string,
	options: CallOptions = {},
): Promise<UserInterest[]> {
	const { items } = await upstreamRequest('account', {
		path: `users/${segment(userId)}/interests`,
		query: { perPage: -1 },
		auth: access(accessToken),
		schema: InterestListResponseSchema,
		signal: options.signal,
	})
	return items
}

/** `POST users/{id}/interests` with an id of the interests master list. */
export async function createInterest(
	accessToken: string,
	userId: string,
	interestId: string,
	options: CallOptions = {},
): Promise<UserInterest> {
	return upstreamRequest('account', {
		method: 'POST',
		path: `users/${segment(userId)}/interests`,
		body: { interestId },
		auth: access(accessToken),
		schema: UserInterestSchema,
		signal: options.signal,
	})
}

/** `DELETE users/{id}/interests/{id}`: the user's interest (its own id, not the master item's). */
export async function deleteInterest(
	accessToken: string,
	userId: string,
	userInterestId: string,
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'DELETE',
		path: `users/${segment(userId)}/interests/${segment(userInterestId)}`,
		auth: access(accessToken),
		schema: DeletedResponseSchema,
		signal: options.signal,
	})
}

// ---------------------------------------------------------------- staff

/** `GET admin/users/{id}`: staff only ('Not Roland Account' otherwise); `{id}` may also be an email (designed). */
export async function getAdminUser(
	accessToken: string,
	userId: string,
	options: CallOptions = {},
): Promise<UserRecord> {
	return upstreamRequest('account', {
		path: `admin/users/${segment(userId)}`,
		auth: access(accessToken),
		schema: UserRecordSchema,
		signal: options.signal,
	})
}

/** `GET users/{id}/managingCultureCodes`: staff only. */
export async function getManagingCultureCodes(accessToken: string, userId: string, options: CallOptions = {}) {
	const { managingCultureCodes } = await upstreamRequest('account', {
		path: `users/${segment(userId)}/managingCultureCodes`,
		auth: access(accessToken),
		schema: ManagingCultureCodesResponseSchema,
		signal: options.signal,
	})
	return managingCultureCodes
}

// ---------------------------------------------------------------- temporary data

type TemporaryBody = Record<string, unknown>

/**
 * `GET temporaryData/{userId}/{purpose}`: also finds what was kept under the user's email; null when
 * nothing is kept.
 */
export async function getTemporaryData(
	accessToken: string,
	userId: string,
	purpose: TemporaryDataPurpose,
	options: CallOptions = {},
): Promise<TemporaryData | null> {
	return orNullWhenMissing(
		upstreamRequest('account', {
			path: `temporaryData/${segment(userId)}/${segment(purpose)}`,
			auth: access(accessToken),
			schema: TemporaryDataSchema,
			signal: options.signal,
		}),
	)
}

/** `POST temporaryData/{userId}/{purpose}`: replaces what was kept for the purpose. */
export async function saveTemporaryData(
	accessToken: string,
	userId: string,
	purpose: TemporaryDataPurpose,
	body: TemporaryBody,
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'POST',
		path: `temporaryData/${segment(userId)}/${segment(purpose)}`,
		body: { body },
		auth: access(accessToken),
		schema: TemporaryDataSchema,
		signal: options.signal,
	})
}

/** `DELETE temporaryData/{userId}/{purpose}`. */
export async function deleteTemporaryData(
	accessToken: string,
	userId: string,
	purpose: TemporaryDataPurpose,
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'DELETE',
		path: `temporaryData/${segment(userId)}/${segment(purpose)}`,
		auth: access(accessToken),
		schema: DeletedResponseSchema,
		signal: options.signal,
	})
}

/** `POST temporaryData/`: kept under an email until its owner has an account (no token needed). */
export async function createTemporaryData(
	input: { email: string; purpose: TemporaryDataPurpose; body: TemporaryBody },
	options: CallOptions = {},
) {
	return upstreamRequest('account', {
		method: 'POST',
		path: 'temporaryData/',
		body: only(CreateTemporaryDataRequestSchema, input),
		schema: TemporaryDataSchema,
		signal: options.signal,
	})
}

// ---------------------------------------------------------------- external user ids

/** `GET externalUserId/services/{serviceId}`: null when the user has none for the service. */
export async function getExternalUserId(
	accessToken: string,
	serviceId: string,
	options: CallOptions = {},
): Promise<ExternalUserId | null> {
	return orNullWhenMissing(
		upstreamRequest('account', {
			path: `externalUserId/services/${segment(serviceId)}`,
			auth: access(accessToken),
			schema: ExternalUserIdSchema,
			signal: options.signal,
		}),
	)
}

export async function createExternalUserId(
	accessToken: string,
	serviceId: string,
	id: string,
	options: CallOptions = {},
): Promise<ExternalUserId> {
	return upstreamRequest('account', {
		method: 'POST',
		path: `externalUserId/services/${segment(serviceId)}`,
		body: { id },
		auth: access(accessToken),
		schema: ExternalUserIdSchema,
		signal: options.signal,
	})
}

export async function updateExternalUserId(
	accessToken: string,
	serviceId: string,
	id: string,
	options: CallOptions = {},
): Promise<ExternalUserId> {
	return upstreamRequest('account', {
		method: 'PUT',
		path: `externalUserId/services/${segment(serviceId)}`,
		body: { id },
		auth: access(accessToken),
		schema: ExternalUserIdSchema,
		signal: options.signal,
	})
}

export type { Credentials, UserRecord, Phone, UserInterest, TemporaryData, ExternalUserId }
export type SignupAnswer = z.output<typeof SignupResponseSchema>
