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
			? createRedisStore(env.REDIS_URL)
			: createSqliteStore(path.resolve(env.DATA_DIR, 'portal.sqlite'))
	}
	return store
}

/** The store's Redis connection when it is on Redis, for what must share it (the rate limits); else null. */
export function getRedisClient(): Promise<RedisClient> | null {
	getStore()
	return store && 'client' in store ? store.client() : null
}

export async function closeStore() {
	await store?.close()
	store = undefined
}

/** For /healthz: the store answers. */
export async function checkStore() {
	await getStore().get('healthz')
}
