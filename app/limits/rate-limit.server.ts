/**
 * The portal's own rate limits (ADR 0009), on our side too (the account API
 * has its own attempt limit). rate-limiter-flexible counts them: in Redis when
 * REDIS_URL is set (one atomic Lua increment per count, shared by every
 * instance, on the session store's connection), else in this process's memory
 * (its SQLite limiter does not take node:sqlite's DatabaseSync).
 *
 * - Sign-in and code entry: every attempt counts against the client address,
 *   refusals by the account API against the account.
 * - Actions that mail someone: every send counts against the address and
 *   against the email it goes to.
 * - Every POST counts against the address (`postLimitMiddleware`).
 */
import { createContext, type RouterContextProvider } from 'react-router'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { clientLimitKey } from '#app/domain/client-address.ts'
import { clientIpContext } from '#app/request-context.server.ts'
import { getEnv } from '#app/env.server.ts'
import { getRedisClient, getStore } from '#app/session/store.server.ts'
import { withTimeout } from '#app/store/redis.ts'
import { isOutage, isUpstreamError, UpstreamError } from '#app/upstream/errors.ts'
import { countRateLimitRefusal } from '#app/observability/metrics.server.ts'

export interface RateLimit {
	name: string
	/** How many counts a key may have in one window. */
	points: number
	/** The window, fixed from a key's first count. */
	seconds: number
}

export interface RateLimitCheck {
	rule: RateLimit
	/** The client's address or an email; an empty key is not counted. */
	key: string
}

const MINUTE = 60
const FIFTEEN_MINUTES = 15 * MINUTE
const HOUR = 60 * MINUTE

/** Every attempt from one address counts: generous, as many people may share one. */
export const SIGN_IN_PER_CLIENT: RateLimit = { name: 'signin-client', points: 100, seconds: FIFTEEN_MINUTES }
/** Refused attempts on one account count: a user who signs in often is never locked out by it. */
export const SIGN_IN_PER_ACCOUNT: RateLimit = { name: 'signin-account', points: 10, seconds: FIFTEEN_MINUTES }
export const CODE_ENTRY_PER_CLIENT: RateLimit = { name: 'code-client', points: 100, seconds: FIFTEEN_MINUTES }
export const CODE_ENTRY_PER_ACCOUNT: RateLimit = { name: 'code-account', points: 10, seconds: FIFTEEN_MINUTES }
/** Mail of every kind (sign-up, resend, reset, email change, migration) from one address. */
export const MAIL_PER_CLIENT: RateLimit = { name: 'mail-client', points: 30, seconds: HOUR }
/** Mail of every kind to one address: a stranger's inbox is not ours to flood. */
export const MAIL_PER_EMAIL: RateLimit = { name: 'mail-email', points: 5, seconds: HOUR }
/** Support requests an account files: a customer sends a few a day, not fifteen in a burst. */
export const SUPPORT_PER_ACCOUNT: RateLimit = { name: 'support-account', points: 5, seconds: HOUR }
/** Support requests from one address, of every account (and visitor) behind it. */
export const SUPPORT_PER_CLIENT: RateLimit = { name: 'support-client', points: 20, seconds: HOUR }
/** Entitlement keys and serial numbers the upstream refused, per account: guessing them is the attack. */
export const GUESS_PER_ACCOUNT: RateLimit = { name: 'guess-account', points: 5, seconds: FIFTEEN_MINUTES }
/** Refused keys and serials from one address, of every account behind it. */
export const GUESS_PER_CLIENT: RateLimit = { name: 'guess-client', points: 20, seconds: FIFTEEN_MINUTES }
/** Every POST from one address: two a second, kept up for a minute, is far beyond what people behind one NAT send. */
export const POSTS_PER_CLIENT: RateLimit = { name: 'post-client', points: 120, seconds: MINUTE }

/** One of our limits is used up: told to the user like the account API's attempt limit. */
export class RateLimited extends UpstreamError {
	readonly rule: RateLimit
	/** Whole seconds until the window that refused ends, for `Retry-After`. */
	readonly retryAfterSeconds: number

	constructor(rule: RateLimit, msBeforeNext: number) {
		super({
			upstream: 'portal',
			kind: 'status',
			status: 429,
			code: 'LimitExceededException',
			message: 'Attempt limit exceeded',
		})
		this.name = 'RateLimited'
		this.rule = rule
		this.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
	}
}

/**
 * The seconds a refusal by one of our limits told this request to wait, for
 * `retryAfterMiddleware`: React Router keeps no header but Set-Cookie of what
 * an action returns or a middleware throws.
 */
export const retryAfterContext = createContext<number | null>(null)

let limiters = new Map<string, Promise<RateLimiterAbstract>>()
let limitersStore: unknown = null

/** A limit's count per window: its own, or the one RATE_LIMITS gives it. */
function pointsOf(rule: RateLimit): number {
	return getEnv().RATE_LIMITS[rule.name] ?? rule.points
}

async function createLimiter(
	rule: RateLimit,
	redis: ReturnType<typeof getRedisClient> | null,
): Promise<RateLimiterAbstract> {
	const options = { keyPrefix: `portal:limit:${rule.name}`, points: pointsOf(rule), duration: rule.seconds }
	const client = await redis
	if (!client) return new RateLimiterMemory(options)
	return new RateLimiterRedis({
		...options,
		// Not awaited to be connected: while Redis is away (at start too) the insurance counts (ADR 0049).
		storeClient: client,
		useRedisPackage: true,
		// While Redis is away, count in memory rather than wait for it or let everyone through: each instance
		// then counts its own share, so a limit is at most the instances' number times looser for that while.
		rejectIfRedisNotReady: true,
		insuranceLimiter: new RateLimiterMemory(options),
	})
}

function limiterFor(rule: RateLimit): Promise<RateLimiterAbstract> {
	const store = getEnv().REDIS_URL ? getStore() : null
	// A store closed and opened again (tests, shutdown) has a new connection.
	if (store !== limitersStore) {
		limiters = new Map()
		limitersStore = store
	}
	let limiter = limiters.get(rule.name)
	if (!limiter) {
		limiter = createLimiter(rule, store ? getRedisClient() : null)
		limiters.set(rule.name, limiter)
		// A connection that failed is tried again by the next request, not kept as failed.
		limiter.catch(() => limiters.get(rule.name) === limiter && limiters.delete(rule.name))
	}
	return limiter
}

const keyOf = (check: RateLimitCheck) => check.key.trim().toLowerCase()

/**
 * Counts one request against a limit (atomically); throws `RateLimited` when
 * the limit is used up, and notes the wait in the request's context.
 */
export async function consumeLimit(check: RateLimitCheck, context?: Readonly<RouterContextProvider>): Promise<void> {
	if (!keyOf(check)) return
	try {
		await withTimeout((await limiterFor(check.rule)).consume(keyOf(check)), getEnv().REDIS_COMMAND_TIMEOUT_MS)
	} catch (rejection) {
		if (!(rejection instanceof RateLimiterRes)) throw rejection
		const refusal = new RateLimited(check.rule, rejection.msBeforeNext)
		countRateLimitRefusal(check.rule.name)
		context?.set(retryAfterContext, refusal.retryAfterSeconds)
		throw refusal
	}
}

/** Whether a key has used up its limit already, without counting: notes the wait in the request's context. */
async function usedUp(check: RateLimitCheck, context?: Readonly<RouterContextProvider>): Promise<boolean> {
	if (!keyOf(check)) return false
	const state = await withTimeout((await limiterFor(check.rule)).get(keyOf(check)), getEnv().REDIS_COMMAND_TIMEOUT_MS)
	if (!state || state.consumedPoints < pointsOf(check.rule)) return false
	countRateLimitRefusal(check.rule.name)
	context?.set(retryAfterContext, new RateLimited(check.rule, state.msBeforeNext).retryAfterSeconds)
	return true
}

/** Takes back one count of a request that turned out not to count. */
async function giveBack(check: RateLimitCheck): Promise<void> {
	if (!keyOf(check)) return
	try {
		await withTimeout((await limiterFor(check.rule)).reward(keyOf(check)), getEnv().REDIS_COMMAND_TIMEOUT_MS)
	} catch (error) {
		// A count not given back only makes the limit stricter until its window ends: not worth failing the request.
		console.error(`rate limit ${check.rule.name}: ${(error as Error).message}`)
	}
}

/** The account API said no (a wrong password or code, an unknown or taken address): the attempt was the user's. */
function refused(error: unknown): boolean {
	return isUpstreamError(error) && !isOutage(error)
}

export interface AttemptLimits {
	context: Readonly<RouterContextProvider>
	client: RateLimitCheck
	/** The account (sign-in, code entry) or the email mailed to. */
	account: RateLimitCheck
}

/** The client's address as the per-address limits count it: an IPv6 client by its /64 (ADR 0054). */
export const clientKey = (context: Readonly<RouterContextProvider>) => clientLimitKey(context.get(clientIpContext))

export function signInLimits(context: Readonly<RouterContextProvider>, email: string): AttemptLimits {
	return {
		context,
		client: { rule: SIGN_IN_PER_CLIENT, key: clientKey(context) },
		account: { rule: SIGN_IN_PER_ACCOUNT, key: email },
	}
}

export function codeEntryLimits(context: Readonly<RouterContextProvider>, account: string): AttemptLimits {
	return {
		context,
		client: { rule: CODE_ENTRY_PER_CLIENT, key: clientKey(context) },
		account: { rule: CODE_ENTRY_PER_ACCOUNT, key: account },
	}
}

export function mailLimits(context: Readonly<RouterContextProvider>, email: string): AttemptLimits {
	return {
		context,
		client: { rule: MAIL_PER_CLIENT, key: clientKey(context) },
		account: { rule: MAIL_PER_EMAIL, key: email },
	}
}

export function supportRequestLimits(context: Readonly<RouterContextProvider>, userId: string): AttemptLimits {
	return {
		context,
		client: { rule: SUPPORT_PER_CLIENT, key: clientKey(context) },
		account: { rule: SUPPORT_PER_ACCOUNT, key: userId },
	}
}

export function guessLimits(context: Readonly<RouterContextProvider>, userId: string): AttemptLimits {
	return {
		context,
		client: { rule: GUESS_PER_CLIENT, key: clientKey(context) },
		account: { rule: GUESS_PER_ACCOUNT, key: userId },
	}
}

/** Whether the address or the account has used up its limits (nothing is counted). */
export async function refusedAlready(limits: AttemptLimits): Promise<boolean> {
	return (await usedUp(limits.client, limits.context)) || (await usedUp(limits.account, limits.context))
}

/** Counts against the address, then the account; the address's count is given back if the account refuses. */
async function consumeBoth(limits: AttemptLimits): Promise<void> {
	await consumeLimit(limits.client, limits.context)
	try {
		await consumeLimit(limits.account, limits.context)
	} catch (error) {
		await giveBack(limits.client)
		throw error
	}
}

/**
 * Runs one submission (a support request) under its limits: refused (`RateLimited`) when one is
 * used up. A submission counts against the address and the account once it is accepted; one that
 * fails (the form was wrong, the upstream away) is given back.
 */
export async function limitedSubmission<T>(limits: AttemptLimits, submit: () => Promise<T>): Promise<T> {
	await consumeBoth(limits)
	try {
		return await submit()
	} catch (error) {
		await giveBack(limits.client)
		await giveBack(limits.account)
		throw error
	}
}

/**
 * Runs one guess of a secret (an entitlement key, a serial number to register) under its limits:
 * refused (`RateLimited`) when one is used up. Only what the upstream refused counts, against the
 * address and the account alike, so a customer registering many products is never held up; the
 * counts are taken before the attempt and given back after, so parallel guesses cannot all pass
 * one check before any is counted.
 */
export async function limitedGuess<T>(
	limits: AttemptLimits,
	attempt: () => Promise<T>,
	/** For an attempt that answers a refusal rather than throwing it. */
	isRefusal: (result: T) => boolean = () => false,
): Promise<T> {
	await consumeBoth(limits)
	let wasRefused = false
	try {
		const result = await attempt()
		wasRefused = isRefusal(result)
		return result
	} catch (error) {
		wasRefused = refused(error)
		throw error
	} finally {
		if (!wasRefused) {
			await giveBack(limits.client)
			await giveBack(limits.account)
		}
	}
}

/**
 * Runs one sign-in or code entry under its limits: refused (`RateLimited`)
 * when one is used up. The attempt counts against the address; against the
 * account only when the account API refuses it. The account's count is taken
 * before the attempt and given back after, so concurrent guesses cannot all
 * pass one check before any of them is counted.
 */
export async function limitedAttempt<T>(limits: AttemptLimits, attempt: () => Promise<T>): Promise<T> {
	await consumeLimit(limits.client, limits.context)
	await consumeLimit(limits.account, limits.context)
	let wasRefused = false
	try {
		return await attempt()
	} catch (error) {
		wasRefused = refused(error)
		throw error
	} finally {
		if (!wasRefused) await giveBack(limits.account)
	}
}

/**
 * Runs one action that mails someone under its limits: refused (`RateLimited`)
 * when one is used up. Every send counts against the address and the email;
 * the email's count is given back when the account API refused the request,
 * as no mail went out (a reset request for an unknown address is answered as
 * sent, so it counts: the limit tells nothing about which addresses exist).
 */
export async function limitedMail<T>(limits: AttemptLimits, send: () => Promise<T>): Promise<T> {
	await consumeLimit(limits.client, limits.context)
	await consumeLimit(limits.account, limits.context)
	try {
		return await send()
	} catch (error) {
		if (refused(error)) await giveBack(limits.account)
		throw error
	}
}
