import path from 'node:path'
import { createRedisStore, type RedisClient, type RedisKeyValueStore } from '#app/store/redis.ts'
import { createSqliteStore } from '#app/store/sqlite.ts'
import type { KeyValueStore } from '#app/store/types.ts'
import { getEnv } from '#app/env.server.ts'

let store: KeyValueStore | RedisKeyValueStore | undefined

/** The portal's own store: Redis when REDIS_URL is set, else node:sqlite under DATA_DIR. */
export function getStore(): KeyValueStore {
	if (!store) {
		const env = getEnv()
		store = env.REDIS_URL
			? createRedisStore(env.REDIS_URL, { commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS })
			: createSqliteStore(path.resolve(env.DATA_DIR, 'portal.sqlite'))
	}
	return store
}

/**
 * The store's Redis connection when it is on Redis, for what must share it (the rate limits); else null.
 * Handed over whether or not it is connected now: a user of it checks `isReady` (ADR 0049).
 */
export async function getRedisClient(): Promise<RedisClient | null> {
	const current = getStore()
	if (current.kind !== 'redis') return null
	// Waits for the first connection at start only (a moment at most), so the first counts go to Redis.
	await (current as RedisKeyValueStore).ready()
	return (current as RedisKeyValueStore).client
}

export async function closeStore() {
	await store?.close()
	store = undefined
}

/** For /readyz (with the outbox: app/readiness.server.ts): the store answers (a Redis round trip, or a sqlite read). */
export async function checkStore() {
	const current = getStore()
	if (current.kind === 'redis') await (current as RedisKeyValueStore).ping()
	else await current.get('readyz')
}

/**
 * Whether the store is connected now, without a round trip: false only for a Redis known to be away.
 * A form post is refused at once then (ADR 0049), before its action calls an upstream whose work
 * (a sign-in, an account made) the portal could not save.
 */
export async function storeConnected(): Promise<boolean> {
	const current = getStore()
	// Waits at start only, for the first connection (a moment at most).
	return current.kind !== 'redis' || (current as RedisKeyValueStore).ready()
}
