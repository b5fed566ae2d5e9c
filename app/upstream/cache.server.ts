/**
 * The portal's cache for upstream data (master data, product info), used
 * through @epic-web/cachified: in memory (lru-cache) in one instance, or in
 * Redis when REDIS_URL is set so every instance shares it. Redis being away is
 * a cache miss, never a failed request.
 */
import { totalTtl, type Cache, type CacheEntry } from '@epic-web/cachified'
import { LRUCache } from 'lru-cache'
import { createRedisConnection, FIRST_CONNECT_WAIT_MS, logWhileAway, withTimeout } from '#app/store/redis.ts'
import { getEnv } from '../env.server.ts'

/** A cachified cache that can also drop keys by prefix (for tests and resets) and be closed. */
export interface PortalCache extends Cache {
	name: string
	clear(prefix?: string): Promise<void>
	close(): Promise<void>
}

/** An in-memory cache of at most `max` entries; an entry leaves when its ttl and stale time are over. */
export function createLruCache(max = 5000): PortalCache {
	const lru = new LRUCache<string, CacheEntry>({ max })
	return {
		name: 'lru',
		get: (key) => lru.get(key),
		set(key, entry) {
			const ttl = totalTtl(entry.metadata)
			if (Number.isFinite(ttl)) lru.set(key, entry, { ttl: Math.max(1, ttl) })
			else lru.set(key, entry)
		},
		delete: (key) => lru.delete(key),
		async clear(prefix) {
			if (prefix === undefined) return lru.clear()
			for (const key of [...lru.keys()]) if (key.startsWith(prefix)) lru.delete(key)
		},
		async close() {
			lru.clear()
		},
	}
}

/** How long the first cache call waits for Redis before treating it as away. */
const REDIS_READY_MS = FIRST_CONNECT_WAIT_MS

/**
 * A cachified cache in Redis: entries as JSON under `prefix`, expiring (PXAT)
 * when their ttl and stale time are over. Errors are logged and read as a
 * miss, so the caller fetches from the upstream instead of failing.
 */
export function createRedisCache(
	url: string,
	options: { prefix?: string; log?: (line: string) => void; commandTimeoutMs?: number } = {},
): PortalCache {
	const prefix = options.prefix ?? 'portal:cache:'
	const log = options.log ?? ((line: string) => console.error(line))
	// Commands refused at once while Redis is away, and given up after a short time-out when it hangs:
	// a miss, and the page is served from the upstream (ADR 0049).
	const commandTimeoutMs = options.commandTimeoutMs ?? 500
	const client = createRedisConnection(url, { commandTimeoutMs })
	logWhileAway(client, (line) => log(`cache: ${line}`))
	let connecting: Promise<unknown> | undefined
	let firstWait: Promise<unknown> | undefined

	// Only the first call waits for the connection; while Redis is away later calls miss at once.
	async function ready(): Promise<boolean> {
		if (client.isReady) return true
		connecting ??= client.connect().catch((error: Error) => {
			connecting = undefined
			log(`redis cache: ${error.message}`)
		})
		firstWait ??= Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, REDIS_READY_MS).unref())])
		await firstWait
		return client.isReady
	}

	return {
		name: 'redis',
		async get(key) {
			try {
				if (!(await ready())) return null
				const text = await withTimeout(client.get(prefix + key), commandTimeoutMs)
				return text ? (JSON.parse(text) as CacheEntry) : null
			} catch (error) {
				log(`redis cache: get ${key}: ${(error as Error).message}`)
				return null
			}
		},
		async set(key, entry) {
			try {
				if (!(await ready())) return
				const ttl = totalTtl(entry.metadata)
				const value = JSON.stringify(entry)
				if (!Number.isFinite(ttl)) await withTimeout(client.set(prefix + key, value), commandTimeoutMs)
				else {
					const expiresAt = entry.metadata.createdTime + ttl
					await withTimeout(
						client.set(prefix + key, value, {
							expiration: { type: 'PXAT', value: Math.max(expiresAt, Date.now() + 1) },
						}),
						commandTimeoutMs,
					)
				}
			} catch (error) {
				log(`redis cache: set ${key}: ${(error as Error).message}`)
			}
		},
		async delete(key) {
			try {
				if (await ready()) await client.del(prefix + key)
			} catch (error) {
				log(`redis cache: delete ${key}: ${(error as Error).message}`)
			}
		},
		async clear(keyPrefix = '') {
			if (!(await ready())) return
			for await (const keys of client.scanIterator({ MATCH: `${prefix}${keyPrefix}*`, COUNT: 500 })) {
				if (keys.length > 0) await client.del(keys)
			}
		},
		async close() {
			if (client.isReady) await client.close()
			else if (client.isOpen) client.destroy()
		},
	}
}

/**
 * What cachified should check a cached value with: nothing in the in-process cache, which holds only
 * values this process checked when it fetched them (checking a large master list again on every read
 * costs each page more than the rest of its data); the check in Redis, where another release may have
 * written another shape.
 */
export function checkShared<Check>(cache: PortalCache, check: Check): Check | undefined {
	return cache.name === 'lru' ? undefined : check
}

let shared: PortalCache | undefined

/** The portal's cache: Redis when REDIS_URL is set, else in memory. */
export function getCache(): PortalCache {
	if (!shared) {
		const env = getEnv()
		shared = env.REDIS_URL
			? createRedisCache(env.REDIS_URL, { commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS })
			: createLruCache()
	}
	return shared
}

/** Closes the shared cache (at shutdown). */
export async function closeCache(): Promise<void> {
	await shared?.close()
	shared = undefined
}
