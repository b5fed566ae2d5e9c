import { createClient } from 'redis'
import type { KeyValueStore } from './types.ts'

const connect = (url: string) => createClient({ url })
/** The client `createClient({ url })` makes: `ReturnType<typeof createClient>` would take other generic defaults. */
export type RedisClient = ReturnType<typeof connect>

export interface RedisKeyValueStore extends KeyValueStore {
	readonly kind: 'redis'
	/** The store's connection, once open: the rate limits count on it rather than open another. */
	client(): Promise<RedisClient>
}

/** The same store on Redis: expiry is Redis's own (PXAT). */
export function createRedisStore(url: string, options: { prefix?: string } = {}): RedisKeyValueStore {
	const prefix = options.prefix ?? 'portal:'
	const client = connect(url)
	client.on('error', (error: Error) => console.error(`redis: ${error.message}`))
	let connecting: Promise<unknown> | undefined
	async function ready() {
		connecting ??= client.connect()
		await connecting
		return client
	}
	return {
		kind: 'redis',
		client: ready,
		async get(key) {
			return (await ready()).get(prefix + key)
		},
		async set(key, value, expiresAt) {
			const redis = await ready()
			if (expiresAt === undefined) await redis.set(prefix + key, value)
			else
				await redis.set(prefix + key, value, {
					expiration: { type: 'PXAT', value: Math.max(expiresAt, Date.now() + 1) },
				})
		},
		async delete(key) {
			await (await ready()).del(prefix + key)
		},
		// A sorted set scored by each member's expiry: expired ones are dropped by score, and the set itself
		// expires with its longest-lived member (NX sets the first expiry, GT only ever moves it later).
		async addMember(key, member, expiresAt) {
			const at = Math.max(expiresAt, Date.now() + 1)
			const redis = await ready()
			await redis
				.multi()
				.zAdd(prefix + key, { score: at, value: member })
				.zRemRangeByScore(prefix + key, '-inf', Date.now())
				.pExpireAt(prefix + key, at, 'NX')
				.pExpireAt(prefix + key, at, 'GT')
				.exec()
		},
		async members(key) {
			return (await ready()).zRangeByScore(prefix + key, `(${Date.now()}`, '+inf')
		},
		async removeMember(key, member) {
			await (await ready()).zRem(prefix + key, member)
		},
		async close() {
			if (connecting) await client.close()
		},
	}
}
