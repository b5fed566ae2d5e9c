import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'
import { createRedisStore } from './redis.ts'
import { createSqliteStore } from './sqlite.ts'
import type { KeyValueStore } from './types.ts'

/** The behaviour every backend must have. */
function storeContract(name: string, open: () => Promise<KeyValueStore> | KeyValueStore) {
	describe(`${name} store`, () => {
		let store: KeyValueStore
		beforeAll(async () => {
			store = await open()
		})
		afterAll(async () => {
			await store?.close()
		})

		it('keeps, replaces and deletes values', async () => {
			await store.set('a', 'one')
			expect(await store.get('a')).toBe('one')
			await store.set('a', 'two', Date.now() + 60_000)
			expect(await store.get('a')).toBe('two')
			await store.delete('a')
			expect(await store.get('a')).toBeNull()
		})

		it('forgets a value after it expires', async () => {
			await store.set('short', 'x', Date.now() + 150)
			expect(await store.get('short')).toBe('x')
			await new Promise((resolve) => setTimeout(resolve, 300))
			expect(await store.get('short')).toBeNull()
		})
	})
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

storeContract('sqlite', () => createSqliteStore(path.join(dir, 'contract.sqlite')))

describe('sqlite store on disk', () => {
	it('keeps values across a restart', async () => {
		const file = path.join(dir, 'restart.sqlite')
		const first = createSqliteStore(file)
		await first.set('session:abc', '{"x":1}', Date.now() + 60_000)
		await first.close()
		const second = createSqliteStore(file)
		expect(await second.get('session:abc')).toBe('{"x":1}')
		await second.close()
	})
})

reportRedisSkipped('redis store tests')

describe.skipIf(!redisServerPath)('redis', () => {
	let redis: Awaited<ReturnType<typeof startRedisServer>>
	let url = ''
	beforeAll(async () => {
		redis = await startRedisServer()
		url = redis.url
	})
	afterAll(() => redis?.stop())

	storeContract('redis', () => createRedisStore(url, { prefix: `test:${process.pid}:` }))
})
