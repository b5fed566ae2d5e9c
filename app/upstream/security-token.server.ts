/**
 * The X-RCP-Security-Token header (spec 2 §7): an HS256 JWT whose `iat` is
 * the account API's server time and `exp` 60 s later. The offset between our
 * clock and the server's is learnt from `GET serverTime` and refreshed every
 * few minutes, so a header costs no extra call.
 */
import { SignJWT } from 'jose'
import { getEnv } from '#app/env.server.ts'
import type { Auth } from './http.server.ts'
import { SECURITY_TOKEN_AUDIENCE, SECURITY_TOKEN_HEADER, SECURITY_TOKEN_SECONDS } from './contract/security-token.ts'
import { ServerTimeResponseSchema } from './contract/account-identity.ts'
import { isUpstreamError } from './errors.ts'
import { upstreamRequest } from './http.server.ts'

/** How long a learnt offset is trusted. */
export const SERVER_TIME_REFRESH_MS = 5 * 60 * 1000
/** Server time is asked with a short time-out: a header must not wait a minute for it. */
const SERVER_TIME_TIMEOUT_MS = 10_000

/** `GET serverTime`: the account API's clock, or null when it cannot be read (spec 2 §7). */
export async function getServerTime(options: { signal?: AbortSignal } = {}): Promise<Date | null> {
	try {
		const { serverTime } = await upstreamRequest('account', {
			path: 'serverTime',
			schema: ServerTimeResponseSchema,
			timeoutMs: SERVER_TIME_TIMEOUT_MS,
			signal: options.signal,
		})
		return new Date(serverTime)
	} catch {
		return null
	}
}

let offset: { ms: number; learntAt: number } | undefined
let learning: Promise<number> | undefined

async function learnOffset(): Promise<number> {
	const sentAt = Date.now()
	const serverTime = await getServerTime()
	const receivedAt = Date.now()
	// Without the server's time, our own clock is the best guess; keep an older offset if there is one.
	if (!serverTime) return offset?.ms ?? 0
	// The server read its clock about halfway through the round trip.
	const ms = serverTime.getTime() - Math.round((sentAt + receivedAt) / 2)
	offset = { ms, learntAt: receivedAt }
	return ms
}

/** The offset of the server's clock from ours, learnt once per few minutes (one call for concurrent callers). */
async function serverOffset(force = false): Promise<number> {
	if (!force && offset && Date.now() - offset.learntAt < SERVER_TIME_REFRESH_MS) return offset.ms
	learning ??= learnOffset().finally(() => {
		learning = undefined
	})
	return learning
}

/** A fresh security token signed over the server's time. */
export async function securityToken(options: { relearn?: boolean } = {}): Promise<string> {
	const iat = Math.floor((Date.now() + (await serverOffset(options.relearn))) / 1000)
	return new SignJWT({})
		.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
		.setIssuedAt(iat)
		.setExpirationTime(iat + SECURITY_TOKEN_SECONDS)
		.setAudience(SECURITY_TOKEN_AUDIENCE)
		.sign(new TextEncoder().encode(getEnv().SECURITY_SECRET))
}

/** The header for upstreamRequest's `auth`. */
export async function securityTokenHeader(options: { relearn?: boolean } = {}): Promise<Auth> {
	return { kind: 'header', name: SECURITY_TOKEN_HEADER, value: await securityToken(options) }
}

function isSecurityTokenRefusal(error: unknown): boolean {
	return isUpstreamError(error) && error.status === 403 && error.code === 'InvalidSecurityToken'
}

/**
 * Makes a signed-header call. When the server refuses the token (its clock
 * moved since we learnt it), the offset is learnt again and the call made
 * once more.
 */
export async function withSecurityToken<T>(call: (auth: Auth) => Promise<T>): Promise<T> {
	try {
		return await call(await securityTokenHeader())
	} catch (error) {
		if (!isSecurityTokenRefusal(error)) throw error
		return call(await securityTokenHeader({ relearn: true }))
	}
}

/** Forgets the learnt offset (tests). */
export function resetServerTimeOffset(): void {
	offset = undefined
}
