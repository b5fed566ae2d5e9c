/**
 * Server-side sessions: the cookie carries only a signed id; the data (tokens,
 * flash messages, register flow state) lives in the store.
 */
import { randomBytes } from 'node:crypto'
import { createSessionStorage, type Session } from 'react-router'
import { getEnv } from '#app/env.server.ts'
import type { KeyRegistrationReceipt } from '#app/domain/cloud-entitlement-key.ts'
import type { RegisterFlowState } from '#app/domain/registration-flow.ts'
import type { SurveyProgressStore } from '#app/domain/survey-fields.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { createSignedCookie } from './signed-cookie.server.ts'
import { getStore } from './store.server.ts'

export const SESSION_COOKIE_NAME = '__session'
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export interface Toast {
	type: 'success' | 'error' | 'info'
	/** A catalogue key, translated when shown. */
	message: string
	values?: Record<string, string>
}

export interface SessionCredentials {
	accessToken: string
	idToken: string
	refreshToken: string
	/** When the id token expires, ms since the epoch. */
	expiresAt: number
	/** From the id token: who is signed in. */
	userId: string
	email: string
	/** How the user signed in: the single sign-on also needs signing out of. */
	via: 'password' | 'sso'
}

export interface SessionData {
	credentials?: SessionCredentials
	/** Model code from a registration card (`?mdl=`), kept for product registration. */
	mdl?: string
	/** A registration card a signed-out visitor opened (`/qr`), kept upstream by sign-up (ProductRegistrationUsingQR). */
	qrRegistration?: { modelCode: string; serialCode: string }
	/** The numbered registration flow (spec 1 §3 register flow state). */
	registerFlow?: RegisterFlowState
	/** Failed sign-ins in this session: after a few, the 'Login Attempt Unsuccessful' dialog. */
	loginFailures?: number
	/** Multi-page surveys in progress: the answers of the pages done, kept here rather than in the page. */
	surveyProgress?: SurveyProgressStore
	/** When the account signed in and when the session was last noted as used, ms (session lifetimes, ADR 0054). */
	signedInAt?: number
	seenAt?: number
}

export interface SessionFlashData {
	toast: Toast
	/** What an entitlement key registration registered, for ThankYouKey (spec 2 §2) to show once. */
	keyRegistration: KeyRegistrationReceipt
}

export type PortalSession = Session<SessionData, SessionFlashData>

const sessionKey = (id: string) => `session:${id}`
/** The ids of an account's signed-in sessions (the upstream user id's), so they can all be ended at once. */
const accountSessionsKey = (userId: string) => `account-sessions:${userId}`

/**
 * The same, by the account's email (trimmed, lower-cased): a password reset, made signed out, knows only
 * the email (ADR 0054).
 */
const emailSessionsKey = (email: string) => `account-sessions-email:${email.trim().toLowerCase()}`

/** A signed-in session joins its account's indexes until it expires, as its data does. */
async function indexSession(id: string, data: SessionData, expires: Date | undefined) {
	const userId = data.credentials?.userId
	if (!userId) return
	const expiresAt = expires?.getTime() ?? Date.now() + SESSION_MAX_AGE_SECONDS * 1000
	await getStore().addMember(accountSessionsKey(userId), id, expiresAt)
	if (data.credentials?.email) await getStore().addMember(emailSessionsKey(data.credentials.email), id, expiresAt)
}

/**
 * Ends every session of an account (a password change, 'Log out everywhere'): their data is
 * deleted, so each browser's next page finds it signed out. Answers how many there were.
 */
export function endAccountSessions(userId: string): Promise<number> {
	return endIndexedSessions(accountSessionsKey(userId))
}

/** Ends every session signed in with this email (a password reset, by link or by code). */
export function endEmailSessions(email: string): Promise<number> {
	return endIndexedSessions(emailSessionsKey(email))
}

async function endIndexedSessions(index: string): Promise<number> {
	const store = getStore()
	const ids = await store.members(index)
	for (const id of ids) {
		await store.delete(sessionKey(id))
		// One by one rather than the whole set: a sign-in meanwhile keeps its place.
		await store.removeMember(index, id)
	}
	return ids.length
}

type Storage = ReturnType<typeof createSessionStorage<SessionData, SessionFlashData>>
let storage: Storage | undefined

function sessionStorage(): Storage {
	if (storage) return storage
	const env = getEnv()
	const store = getStore()
	const cookie = createSignedCookie(SESSION_COOKIE_NAME, {
		httpOnly: true,
		sameSite: 'lax',
		secure: env.NODE_ENV === 'production',
		path: '/',
		maxAge: SESSION_MAX_AGE_SECONDS,
		secrets: env.SESSION_SECRETS,
	})
	storage = createSessionStorage<SessionData, SessionFlashData>({
		cookie,
		async createData(data, expires) {
			const id = randomBytes(24).toString('base64url')
			await store.set(sessionKey(id), JSON.stringify(data), expires?.getTime())
			await indexSession(id, data, expires)
			return id
		},
		async readData(id) {
			const raw = await store.get(sessionKey(id))
			return raw ? JSON.parse(raw) : null
		},
		async updateData(id, data, expires) {
			// A request that read the session before it was ended (a password change or 'Log out everywhere'
			// elsewhere, or its expiry) must not write the credentials back: only sign-in, a new id, brings them.
			if (data.credentials && (await store.get(sessionKey(id))) === null) {
				const { credentials: _ended, ...rest } = data
				await store.set(sessionKey(id), JSON.stringify(rest), expires?.getTime())
				return
			}
			await store.set(sessionKey(id), JSON.stringify(data), expires?.getTime())
			await indexSession(id, data, expires)
		},
		async deleteData(id) {
			const raw = await store.get(sessionKey(id))
			const credentials = raw ? (JSON.parse(raw) as SessionData).credentials : undefined
			if (credentials?.userId) await store.removeMember(accountSessionsKey(credentials.userId), id)
			if (credentials?.email) await store.removeMember(emailSessionsKey(credentials.email), id)
			await store.delete(sessionKey(id))
		},
	})
	return storage
}

export function getSession(cookieHeader: string | null) {
	return sessionStorage().getSession(cookieHeader)
}

export function commitSession(session: PortalSession) {
	return sessionStorage().commitSession(session)
}

export function destroySession(session: PortalSession) {
	return sessionStorage().destroySession(session)
}

/**
 * Starts a new session under a new id, keeping what `keep` names of the old
 * one (sign-in and sign-out: the id a browser had before never carries the
 * signed-in state). The session middleware saves it and deletes the old one.
 */
export async function replaceSession(
	context: {
		get(key: typeof sessionContext): PortalSession
		set(key: typeof sessionContext, value: PortalSession): void
	},
	keep: readonly (keyof SessionData)[] = [],
): Promise<PortalSession> {
	const old = context.get(sessionContext)
	const fresh = await sessionStorage().getSession(null)
	for (const key of keep) {
		const value = old.get(key)
		if (value !== undefined) fresh.set(key, value as never)
	}
	context.set(sessionContext, fresh)
	return fresh
}

/**
 * The same session under a new id (a privilege change: the email, which decides staff, changed): a
 * cookie taken before the change no longer names it. Everything but flash messages is kept.
 */
export function renewSessionId(context: Parameters<typeof replaceSession>[0]): Promise<PortalSession> {
	const old = context.get(sessionContext)
	const keep = (Object.keys(old.data) as (keyof SessionData)[]).filter((key) => !key.startsWith('__flash_'))
	return replaceSession(context, keep)
}

/** Whether the session holds credentials (spec 1 §2: an access token or an id token). */
export function hasCredentials(session: PortalSession): boolean {
	const credentials = session.get('credentials')
	return Boolean(credentials?.accessToken || credentials?.idToken)
}
