/**
 * What the journeys ask the emulator directly: the calls it answered (its request log), the tickets
 * its help centre stored, and a session at the emulated account API, signed in as an app of the brand
 * would be, for setting up data.
 */
import type { APIRequestContext } from '@playwright/test'
import { SignJWT } from 'jose'
import { EMULATOR_SECURITY_SECRET } from '../../app/env.server.ts'
import {
	SECURITY_TOKEN_AUDIENCE,
	SECURITY_TOKEN_HEADER,
	SECURITY_TOKEN_SECONDS,
} from '../../app/upstream/contract/security-token.ts'
import type { HelpCentreTicket } from '../../app/upstream/contract/help-centre.ts'
import type { Mail } from '../../server/emulator/mail.ts'
import { expect } from './fixtures.ts'
import { EMULATOR_ADMIN_HEADERS } from './worker-portal.ts'

export { EMULATOR_ADMIN_HEADERS }

/** Mail the emulated account API sent to an address, newest first (read through the outbox API). */
export async function mailTo(request: APIRequestContext, email: string) {
	const response = await request.get(`/_emulator/mail.json?to=${encodeURIComponent(email)}`, {
		headers: EMULATOR_ADMIN_HEADERS,
	})
	expect(response.ok()).toBe(true)
	return (await response.json()) as Mail[]
}

/** The newest code sent to an address. */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
	const [mail] = await mailTo(request, email)
	expect(mail?.code, `a code mailed to ${email}`).toBeTruthy()
	return mail!.code!
}

/** A fresh address for a test, so tests never share an account. */
export function uniqueEmail(prefix = 'owner'): string {
	return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * A private address (the emulated geo lookup places it in the United States)
 * for one test's visitor, sent as X-Forwarded-For (the portal trusts loopback):
 * the portal's per-address limits on sign-in and code entry then count each
 * test on its own, not the whole suite as one visitor.
 */
export function visitorAddress(): string {
	const octet = () => Math.floor(Math.random() * 254) + 1
	return `10.${octet()}.${octet()}.${octet()}`
}

/** A call the emulated upstreams answered (see server/emulator/request-log.ts). */
export interface ReceivedCall {
	seq: number
	method: string
	/** Under /_emulator, e.g. `/account/users/{id}/interests`. */
	path: string
	body: unknown
	status: number
	userId: string | null
	/** The portal's `X-Request-Id` on the call (ADR 0050). */
	requestId: string | null
}

/** The calls the emulated upstreams answered with this account's tokens, oldest first. */
export async function callsWithTokensOf(request: APIRequestContext, email: string): Promise<ReceivedCall[]> {
	const response = await request.get(`/_emulator/requests.json?email=${encodeURIComponent(email)}`, {
		headers: EMULATOR_ADMIN_HEADERS,
	})
	expect(response.ok()).toBe(true)
	return (await response.json()) as ReceivedCall[]
}

/** The number of the latest call the emulator answered, for `callsAfter`. */
export async function latestCall(request: APIRequestContext): Promise<number> {
	const response = await request.get('/_emulator/requests.json', { headers: EMULATOR_ADMIN_HEADERS })
	expect(response.ok()).toBe(true)
	return ((await response.json()) as { latest: number }).latest
}

/**
 * Every call after call `after`, whoever made it (anonymous ones too), oldest first: the other
 * journeys running at the same time make calls too, so pick yours by what only yours holds
 * (`madeFor`).
 */
export async function callsAfter(request: APIRequestContext, after: number): Promise<ReceivedCall[]> {
	const response = await request.get(`/_emulator/requests.json?after=${after}`, { headers: EMULATOR_ADMIN_HEADERS })
	expect(response.ok()).toBe(true)
	return (await response.json()) as ReceivedCall[]
}

/** Whether an anonymous call's body names this email (a sign-up, the kept data of a QR card…). */
export function madeFor(call: ReceivedCall, email: string): boolean {
	const named = (call.body as { email?: unknown } | null)?.email
	return typeof named === 'string' && named.toLowerCase() === email.toLowerCase()
}

export interface ApiSession {
	accessToken: string
	userId: string
}

/** The signed header of spec 2 §7 (X-RCP-Security-Token) for a call at the emulated account API, dated by its clock. */
export async function securityHeader(request: APIRequestContext): Promise<Record<string, string>> {
	const time = await request.get('/_emulator/account/serverTime')
	expect(time.ok()).toBe(true)
	const iat = Math.floor(new Date(((await time.json()) as { serverTime: string }).serverTime).getTime() / 1000)
	const token = await new SignJWT({})
		.setProtectedHeader({ alg: 'HS256' })
		.setAudience(SECURITY_TOKEN_AUDIENCE)
		.setIssuedAt(iat)
		.setExpirationTime(iat + SECURITY_TOKEN_SECONDS)
		.sign(new TextEncoder().encode(EMULATOR_SECURITY_SECRET))
	return { [SECURITY_TOKEN_HEADER]: token }
}

/**
 * A new US account, signed up and activated through the emulated account API (not the portal's
 * screens), with a unique address starting with `prefix`.
 */
export async function activatedAccount(
	request: APIRequestContext,
	details: AccountDetails,
): Promise<{ email: string; password: string }> {
	const { email, password } = await unactivatedAccount(request, details)
	const confirm = await request.post('/_emulator/account/confirm', {
		data: { email, code: await latestCode(request, email) },
	})
	expect(confirm.ok(), await confirm.text()).toBe(true)
	return { email, password }
}

interface AccountDetails {
	prefix: string
	firstName: string
	lastName: string
	mailFormatType?: 'text' | 'html'
	/** More of the sign-up's fields (a culture, phonetic names), over the defaults. */
	profile?: Record<string, unknown>
}

/** A new account, signed up through the emulated account API and not activated (its code is mailed). */
export async function unactivatedAccount(
	request: APIRequestContext,
	{ prefix, firstName, lastName, mailFormatType = 'text', profile = {} }: AccountDetails,
): Promise<{ email: string; password: string }> {
	const email = uniqueEmail(prefix)
	const password = 'Secret1234'
	const signup = await request.post('/_emulator/account/signup', {
		headers: await securityHeader(request),
		data: {
			firstName,
			lastName,
			email,
			password,
			cultureCode: 'en-US',
			allowEmail: false,
			mailFormatType,
			country: 'US',
			...profile,
		},
	})
	expect(signup.status(), await signup.text()).toBe(201)
	return { email, password }
}

export async function signInToPortal(request: APIRequestContext, email: string, password: string): Promise<void> {
	const signin = await request.post('/login', {
		headers: { 'X-Forwarded-For': visitorAddress() },
		form: { email, password },
		maxRedirects: 0,
	})
	expect(signin.status()).toBe(302)
}

/** Signs in at the emulated account API (`POST signin` with the signed header of spec 2 §7). */
export async function accountApiSession(
	request: APIRequestContext,
	email: string,
	password: string,
): Promise<ApiSession> {
	const signin = await request.post('/_emulator/account/signin', {
		headers: await securityHeader(request),
		data: { email, password },
	})
	expect(signin.ok(), await signin.text()).toBe(true)
	const { accessToken } = (await signin.json()) as { accessToken: string }
	const me = await request.get('/_emulator/account/me', { headers: { Authorization: accessToken } })
	expect(me.ok()).toBe(true)
	return { accessToken, userId: ((await me.json()) as { id: string }).id }
}

/**
 * The help-centre tickets this requester sent (matched by email, any case), newest first:
 * what the help centre received, read through the emulator's admin call.
 */
export async function ticketsFor(request: APIRequestContext, email: string): Promise<HelpCentreTicket[]> {
	const response = await request.get(`/_emulator/tickets.json?requester=${encodeURIComponent(email)}`, {
		headers: EMULATOR_ADMIN_HEADERS,
	})
	expect(response.ok()).toBe(true)
	return (await response.json()) as HelpCentreTicket[]
}
