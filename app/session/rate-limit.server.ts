/**
 * Rate limits on sign-in and code entry, per client address and per account,
 * on our side too (the account API has its own attempt limit). Counted in the
 * portal's store, so several instances on Redis share them.
 */
import { UpstreamError } from '#app/upstream/errors.ts'
import { getStore } from './store.server.ts'

export interface RateLimit {
	name: string
	limit: number
	windowMs: number
}

const FIFTEEN_MINUTES = 15 * 60 * 1000
export const SIGN_IN_PER_CLIENT: RateLimit = { name: 'signin-client', limit: 30, windowMs: FIFTEEN_MINUTES }
export const SIGN_IN_PER_ACCOUNT: RateLimit = { name: 'signin-account', limit: 10, windowMs: FIFTEEN_MINUTES }
export const CODE_ENTRY_PER_CLIENT: RateLimit = { name: 'code-client', limit: 30, windowMs: FIFTEEN_MINUTES }
export const CODE_ENTRY_PER_ACCOUNT: RateLimit = { name: 'code-account', limit: 10, windowMs: FIFTEEN_MINUTES }

/**
 * Counts one attempt against each limit (a fixed window per key); false when
 * any of them is already used up.
 */
export async function consume(checks: readonly { rule: RateLimit; key: string }[]): Promise<boolean> {
	const store = getStore()
	let allowed = true
	for (const { rule, key } of checks) {
		if (!key) continue
		const storeKey = `ratelimit:${rule.name}:${key.toLowerCase()}`
		const now = Date.now()
		const raw = await store.get(storeKey)
		const window = raw ? (JSON.parse(raw) as { count: number; resetAt: number }) : null
		const current = window && window.resetAt > now ? window : { count: 0, resetAt: now + rule.windowMs }
		current.count += 1
		await store.set(storeKey, JSON.stringify(current), current.resetAt)
		if (current.count > rule.limit) allowed = false
	}
	return allowed
}

/** Our own limit, told to the user like the account API's attempt limit. */
export function rateLimitError(): UpstreamError {
	return new UpstreamError({ upstream: 'portal', kind: 'status', status: 429, code: 'LimitExceededException', message: 'Attempt limit exceeded' })
}
