/**
 * Rate limits on sign-in and code entry, per client address and per account,
 * on our side too (the account API has its own attempt limit): every attempt
 * counts against the address, failures against the account. Counted in the
 * portal's store, so several instances on Redis share them.
 */
import type { RouterContextProvider } from 'react-router'
import { clientIpContext } from '#app/request-context.server.ts'
import { isUpstreamError, UpstreamError } from '#app/upstream/errors.ts'
import { getStore } from '#app/session/store.server.ts'

export interface RateLimit {
	name: string
	limit: number
	windowMs: number
}

export interface RateLimitCheck {
	rule: RateLimit
	/** The client's address or the account's email; an empty key is not counted. */
	key: string
}

const FIFTEEN_MINUTES = 15 * 60 * 1000
/** Every attempt from one address counts: generous, as many people may share one. */
export const SIGN_IN_PER_CLIENT: RateLimit = { name: 'signin-client', limit: 100, windowMs: FIFTEEN_MINUTES }
/** Failed attempts on one account count: a user who signs in often is never locked out by it. */
export const SIGN_IN_PER_ACCOUNT: RateLimit = { name: 'signin-account', limit: 10, windowMs: FIFTEEN_MINUTES }
export const CODE_ENTRY_PER_CLIENT: RateLimit = { name: 'code-client', limit: 100, windowMs: FIFTEEN_MINUTES }
export const CODE_ENTRY_PER_ACCOUNT: RateLimit = { name: 'code-account', limit: 10, windowMs: FIFTEEN_MINUTES }

interface Window {
	count: number
	resetAt: number
}

const storeKey = ({ rule, key }: RateLimitCheck) => `ratelimit:${rule.name}:${key.toLowerCase()}`

async function readWindow(check: RateLimitCheck, now: number): Promise<Window> {
	const raw = await getStore().get(storeKey(check))
	const window = raw ? (JSON.parse(raw) as Window) : null
	return window && window.resetAt > now ? window : { count: 0, resetAt: now + check.rule.windowMs }
}

/** Whether any of the limits is already used up (counts nothing). */
export async function overLimit(checks: readonly RateLimitCheck[]): Promise<boolean> {
	const now = Date.now()
	for (const check of checks) {
		if (check.key && (await readWindow(check, now)).count >= check.rule.limit) return true
	}
	return false
}

/** Counts one attempt against each limit (a fixed window per key). */
export async function count(checks: readonly RateLimitCheck[]): Promise<void> {
	const now = Date.now()
	for (const check of checks) {
		if (!check.key) continue
		const window = await readWindow(check, now)
		window.count += 1
		await getStore().set(storeKey(check), JSON.stringify(window), window.resetAt)
	}
}

/** Our own limit, told to the user like the account API's attempt limit. */
export function rateLimitError(): UpstreamError {
	return new UpstreamError({
		upstream: 'portal',
		kind: 'status',
		status: 429,
		code: 'LimitExceededException',
		message: 'Attempt limit exceeded',
	})
}

export interface AttemptLimits {
	client: RateLimitCheck
	account: RateLimitCheck
}

export function signInLimits(context: Readonly<RouterContextProvider>, email: string): AttemptLimits {
	return {
		client: { rule: SIGN_IN_PER_CLIENT, key: context.get(clientIpContext) },
		account: { rule: SIGN_IN_PER_ACCOUNT, key: email },
	}
}

export function codeEntryLimits(context: Readonly<RouterContextProvider>, account: string): AttemptLimits {
	return {
		client: { rule: CODE_ENTRY_PER_CLIENT, key: context.get(clientIpContext) },
		account: { rule: CODE_ENTRY_PER_ACCOUNT, key: account },
	}
}

/**
 * Runs one sign-in or code entry under its limits: refused (as the attempt
 * limit) when one is used up; the attempt counts against the address, and a
 * refusal by the upstream against the account.
 */
export async function limitedAttempt<T>(limits: AttemptLimits, attempt: () => Promise<T>): Promise<T> {
	if (await overLimit([limits.client, limits.account])) throw rateLimitError()
	await count([limits.client])
	try {
		return await attempt()
	} catch (error) {
		if (isUpstreamError(error)) await count([limits.account])
		throw error
	}
}
