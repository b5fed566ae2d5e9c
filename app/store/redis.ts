import { createRequire } from 'node:module'
import type * as NodeRedis from 'redis'
import { UpstreamError, isUpstreamError } from '#app/upstream/errors.ts'
import type { KeyValueStore } from './types.ts'

/**
 * How every Redis connection of the portal behaves while Redis is away (ADR 0049):
 *
 * - commands are refused at once while the connection is down (`disableOfflineQueue`), never queued
 *   without bound to run minutes later, after the page that asked has given up;
 * - each command gives up after `commandTimeoutMs`, so a Redis that hangs (a full disk, a paused
 *   process) is away too, not a request that waits for ever;
 * - the connection is tried again for ever, at most `RECONNECT_MAX_MS` apart, so the portal recovers
 *   by itself when Redis is back.
 *
 * `blocking` connections (the outbox worker's, whose BZPOPMIN waits on purpose) keep node-redis's
 * queue while away, bounded, and no command time-out.
 */
export interface RedisConnectionSettings {
	commandTimeoutMs: number
	blocking?: boolean
}

/** A reconnect at most this far apart, so a Redis back is seen within a second. */
export const RECONNECT_MAX_MS = 1000
/** A connect that takes longer than this has failed (and is tried again). */
const CONNECT_TIMEOUT_MS = 1000
/** Commands a connection holds (to write, or waiting for their answers) before it refuses more. */
const QUEUE_LENGTH = 10_000

/** Attempt `retries` waits 50 ms doubled up to RECONNECT_MAX_MS, with jitter so instances do not reconnect together. */
export function reconnectDelayMs(retries: number, random = Math.random): number {
	const full = Math.min(RECONNECT_MAX_MS, 50 * 2 ** Math.min(retries, 10))
	return Math.round(full / 2 + (random() * full) / 2)
}

/**
 * node-redis is loaded with the first connection, not with the portal: its modules take ~27 MB of a process's
 * memory (BullMQ's another ~10 MB), which a portal without REDIS_URL, a single instance, never uses (ADR 0063).
 * Both are CommonJS, so this stays synchronous.
 */
export const loadOnUse = createRequire(import.meta.url)
let nodeRedis: typeof NodeRedis | undefined
const redisLibrary = () => (nodeRedis ??= loadOnUse('redis') as typeof NodeRedis)

/** Redis answered, and said no (an unknown or renamed command, NOPERM, a wrong type): not a connection failure. */
export function isRedisRefusal(error: unknown): boolean {
	return nodeRedis !== undefined && error instanceof nodeRedis.ErrorReply
}

export function createRedisConnection(url: string, settings: RedisConnectionSettings) {
	return redisLibrary().createClient({
		url,
		socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => reconnectDelayMs(retries) },
		// node-redis's own command time-out covers a command's wait to be written, not its reply: the
		// reply's wait is `withTimeout`'s. The queue's bound keeps a hanging Redis from piling commands up.
		commandsQueueMaxLength: QUEUE_LENGTH,
		...(settings.blocking ? {} : { disableOfflineQueue: true, commandOptions: { timeout: settings.commandTimeoutMs } }),
	})
}

/**
 * A Redis command's answer, or `StoreUnavailable` once `ms` have passed: a Redis that hangs with its
 * connection open (a full disk, a paused process) is away, and the page says so at once.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(() => reject(new StoreUnavailable(new Error(`no answer in ${ms} ms`))), ms)
	})
	try {
		return await Promise.race([work, timeout])
	} catch (error) {
		throw isConnectionError(error) ? new StoreUnavailable(error) : error
	} finally {
		clearTimeout(timer)
	}
}

/** The client `createRedisConnection` makes. */
export type RedisClient = ReturnType<typeof createRedisConnection>

/**
 * Redis is away (down, restarting, hanging): what the portal keeps there cannot be read or written
 * now. An upstream failure of the portal's own, an outage (kind `network`), so every place that
 * already answers an upstream outage with a 503 and the spec's message does so for Redis too.
 */
export class StoreUnavailable extends UpstreamError {
	constructor(cause?: unknown) {
		super({
			upstream: 'redis',
			kind: 'network',
			message: `Redis is unavailable${cause instanceof Error ? `: ${cause.message}` : ''}`,
			cause,
		})
		this.name = 'StoreUnavailable'
	}
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailable {
	return isUpstreamError(error) && error.upstream === 'redis'
}

/**
 * Whether an error says the connection failed (Redis away) rather than Redis refusing the command
 * (a WRONGTYPE, a script error: a bug, told as one).
 */
function isConnectionError(error: unknown): boolean {
	return error instanceof Error && !isRedisRefusal(error) && !isStoreUnavailable(error)
}

/**
 * Logs a connection's errors once while it is away, and once when it is back: reconnecting a second
 * apart, each connection would otherwise log a line a second for as long as Redis is down. node-redis
 * needs an 'error' listener anyway (an error without one ends the process).
 */
export function logWhileAway(
	connection: { on(event: 'error' | 'ready', listener: (error: Error) => void): unknown },
	log: (line: string) => void,
) {
	let away = false
	let connected = false
	connection.on('error', (error: Error) => {
		if (away) return
		away = true
		log(`redis: ${error.message}${connected ? ' (connection lost: trying again until it is back)' : ''}`)
	})
	connection.on('ready', () => {
		if (away && connected) log('redis: connected again')
		away = false
		connected = true
	})
}

/**
 * A log of errors that says each one once, then again only after `quietMs` (BullMQ's queue and worker
 * repeat theirs at each reconnect while Redis is away).
 */
export function onceWhileRepeated(log: (line: string) => void, quietMs = 60_000, now = () => Date.now()) {
	const said = new Map<string, number>()
	return (line: string) => {
		const last = said.get(line)
		if (last !== undefined && now() - last < quietMs) return
		if (said.size > 100) said.clear()
		said.set(line, now())
		log(line)
	}
}

/** How long the first commands wait for the first connection (at start); once it was made, none waits. */
export const FIRST_CONNECT_WAIT_MS = 500

/**
 * Whether a connection is ready to take a command, waiting for it only at start: until its first
 * connection (at most FIRST_CONNECT_WAIT_MS after this is made), not while it reconnects later.
 */
export function readyCheck(client: { readonly isReady: boolean; once(event: 'ready', listener: () => void): unknown }) {
	const firstConnection = Promise.race([
		new Promise<void>((resolve) => client.once('ready', resolve)),
		new Promise<void>((resolve) => setTimeout(resolve, FIRST_CONNECT_WAIT_MS).unref()),
	])
	let waited = false
	return async function ready(): Promise<boolean> {
		if (!client.isReady && !waited) await firstConnection
		waited = true
		return client.isReady
	}
}

/**
 * One connection opened at once and kept, with `run` for its commands: a command while it is down
 * throws `StoreUnavailable` at once (the first ones after start wait up to FIRST_CONNECT_WAIT_MS).
 */
export function openRedis(url: string, settings: RedisConnectionSettings, log: (line: string) => void) {
	const client = createRedisConnection(url, settings)
	logWhileAway(client, log)
	const ready = readyCheck(client)
	// Connected at once, and (by the reconnect strategy) again whenever it is lost; a failure is logged by 'error'.
	client.connect().catch(() => undefined)
	async function run<T>(command: (redis: RedisClient) => Promise<T>): Promise<T> {
		if (!(await ready())) throw new StoreUnavailable(new Error('not connected'))
		return withTimeout(command(client as RedisClient), settings.commandTimeoutMs)
	}
	async function close() {
		if (client.isReady) await client.close()
		else if (client.isOpen) client.destroy()
	}
	return { client: client as RedisClient, run, ready, close }
}

export interface RedisKeyValueStore extends KeyValueStore {
	readonly kind: 'redis'
	/** The store's connection, opened at once: the rate limits count on it rather than open another. */
	readonly client: RedisClient
	/** A round trip to Redis, for /readyz; throws `StoreUnavailable`. */
	ping(): Promise<void>
	/** Whether the connection is up (waiting for it only at start). */
	ready(): Promise<boolean>
}

/** The same store on Redis: expiry is Redis's own (PXAT). Redis away: every call throws `StoreUnavailable`. */
export function createRedisStore(
	url: string,
	options: { prefix?: string; commandTimeoutMs?: number; log?: (line: string) => void } = {},
): RedisKeyValueStore {
	const prefix = options.prefix ?? 'portal:'
	const redis = openRedis(
		url,
		{ commandTimeoutMs: options.commandTimeoutMs ?? 500 },
		options.log ?? ((line) => console.error(line)),
	)
	const run = redis.run
	return {
		kind: 'redis',
		client: redis.client,
		ready: redis.ready,
		async ping() {
			await run((client) => client.ping())
		},
		async get(key) {
			return run((client) => client.get(prefix + key))
		},
		async set(key, value, expiresAt) {
			await run((client) =>
				expiresAt === undefined
					? client.set(prefix + key, value)
					: client.set(prefix + key, value, {
							expiration: { type: 'PXAT', value: Math.max(expiresAt, Date.now() + 1) },
						}),
			)
		},
		async delete(key) {
			await run((client) => client.del(prefix + key))
		},
		// A sorted set scored by each member's expiry: expired ones are dropped by score, and the set itself
		// expires with its longest-lived member (NX sets the first expiry, GT only ever moves it later).
		async addMember(key, member, expiresAt) {
			const at = Math.max(expiresAt, Date.now() + 1)
			await run((client) =>
				client
					.multi()
					.zAdd(prefix + key, { score: at, value: member })
					.zRemRangeByScore(prefix + key, '-inf', Date.now())
					.pExpireAt(prefix + key, at, 'NX')
					.pExpireAt(prefix + key, at, 'GT')
					.exec(),
			)
		},
		async members(key) {
			return run((client) => client.zRangeByScore(prefix + key, `(${Date.now()}`, '+inf'))
		},
		async removeMember(key, member) {
			await run((client) => client.zRem(prefix + key, member))
		},
		close: redis.close,
	}
}
