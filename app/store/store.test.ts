import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { EventEmitter } from 'node:events'
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'
import { createRedisStore, isStoreUnavailable, logWhileAway, reconnectDelayMs } from './redis.ts'
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

		it('keeps sets of members, each until its own expiry', async () => {
			vi.useFakeTimers({ toFake: ['Date'] })
			try {
				const now = Date.now()
				await store.addMember('set', 'short', now + 1_000)
				await store.addMember('set', 'long', now + 60_000)
				await store.addMember('other', 'x', now + 60_000)
				expect((await store.members('set')).sort()).toEqual(['long', 'short'])
				vi.setSystemTime(now + 1_000)
				expect(await store.members('set')).toEqual(['long'])
				// Added again, a member's expiry moves.
				await store.addMember('set', 'short', now + 120_000)
				vi.setSystemTime(now + 60_000)
				expect(await store.members('set')).toEqual(['short'])
				await store.removeMember('set', 'short')
				expect(await store.members('set')).toEqual([])
				expect(await store.members('nothing')).toEqual([])
				await store.delete('other')
				expect(await store.members('other')).toEqual([])
			} finally {
				vi.useRealTimers()
			}
		})
	})
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

storeContract('sqlite', () => createSqliteStore(path.join(dir, 'contract.sqlite')))

describe('sqlite store on disk', () => {
	afterEach(() => vi.useRealTimers())

	it('forgets a value once its expiry time has come, and keeps one without expiry', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const store = createSqliteStore(path.join(dir, 'expiry.sqlite'))
		const expiresAt = Date.now() + 150
		await store.set('short', 'x', expiresAt)
		await store.set('forever', 'y')
		vi.setSystemTime(expiresAt - 1)
		expect(await store.get('short')).toBe('x')
		vi.setSystemTime(expiresAt)
		expect(await store.get('short')).toBeNull()
		vi.setSystemTime(expiresAt + 365 * 86_400_000)
		expect(await store.get('forever')).toBe('y')
		await store.close()
	})

	it('sweeps expired rows out of the file on its timer', async () => {
		vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
		const file = path.join(dir, 'sweep.sqlite')
		const store = createSqliteStore(file, { sweepEveryMs: 60_000 })
		await store.set('gone', 'x', Date.now() + 1_000)
		await store.set('kept', 'y', Date.now() + 3_600_000)
		await store.addMember('set', 'gone', Date.now() + 1_000)
		await store.addMember('set', 'kept', Date.now() + 3_600_000)
		// Read beside the store: its own get would drop an expired row and hide whether the sweep ran.
		const keys = () => {
			const db = new DatabaseSync(file, { readOnly: true })
			const rows = db.prepare('SELECT key FROM kv ORDER BY key').all() as { key: string }[]
			const members = db.prepare('SELECT member FROM kv_members ORDER BY member').all() as { member: string }[]
			db.close()
			return [...rows.map((row) => row.key), ...members.map((row) => `set:${row.member}`)]
		}
		vi.advanceTimersByTime(59_999)
		expect(keys()).toEqual(['gone', 'kept', 'set:gone', 'set:kept'])
		vi.advanceTimersByTime(1)
		expect(keys()).toEqual(['kept', 'set:kept'])
		await store.close()
	})

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

describe('a Redis connection while Redis is away', () => {
	it('is logged once when lost and once when back, not at every reconnect', () => {
		const connection = new EventEmitter()
		const lines: string[] = []
		logWhileAway(connection, (line) => lines.push(line))
		connection.emit('error', new Error('connect ECONNREFUSED'))
		connection.emit('error', new Error('connect ECONNREFUSED'))
		connection.emit('ready')
		connection.emit('error', new Error('Socket closed unexpectedly'))
		for (let i = 0; i < 10; i++) connection.emit('error', new Error('connect ECONNREFUSED'))
		connection.emit('ready')
		expect(lines).toEqual([
			'redis: connect ECONNREFUSED',
			'redis: Socket closed unexpectedly (connection lost: trying again until it is back)',
			'redis: connected again',
		])
	})

	it('is tried again 50 ms doubling up to a second apart, with jitter', () => {
		expect([0, 1, 2, 3, 4, 5, 20].map((retries) => reconnectDelayMs(retries, () => 1))).toEqual([
			50, 100, 200, 400, 800, 1000, 1000,
		])
		expect(reconnectDelayMs(20, () => 0)).toBe(500)
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

	// Redis forgets by its own clock, which a test cannot move: what the store owes is the expiry it hands over.
	it('hands Redis the expiry time, or none', async () => {
		const prefix = `test:${process.pid}:expiry:`
		const store = createRedisStore(url, { prefix })
		const raw = createClient({ url })
		await raw.connect()
		try {
			const expiresAt = Date.now() + 60_000
			await store.set('short', 'x', expiresAt)
			await store.set('forever', 'y')
			expect(await raw.pExpireTime(`${prefix}short`)).toBe(expiresAt)
			expect(await raw.pExpireTime(`${prefix}forever`)).toBe(-1)
		} finally {
			await raw.close()
			await store.close()
		}
	})

	it('lets a set expire with its longest-lived member, and drops expired members as others are added', async () => {
		const prefix = `test:${process.pid}:members:`
		const store = createRedisStore(url, { prefix })
		const raw = createClient({ url })
		await raw.connect()
		try {
			const now = Date.now()
			await store.addMember('set', 'long', now + 120_000)
			expect(await raw.pExpireTime(`${prefix}set`)).toBe(now + 120_000)
			await store.addMember('set', 'short', now + 60_000)
			expect(await raw.pExpireTime(`${prefix}set`)).toBe(now + 120_000)
			await store.addMember('set', 'longer', now + 180_000)
			expect(await raw.pExpireTime(`${prefix}set`)).toBe(now + 180_000)
			await raw.zAdd(`${prefix}set`, { score: now - 1, value: 'stale' })
			await store.addMember('set', 'long', now + 120_000)
			expect((await raw.zRange(`${prefix}set`, 0, -1)).sort()).toEqual(['long', 'longer', 'short'])
		} finally {
			await raw.close()
			await store.close()
		}
	})

	// ADR 0049: no offline queue, a short command time-out, reconnection for ever.
	it('fails at once while its Redis is away, and works again when it is back, without being opened again', async () => {
		const own = await startRedisServer()
		const store = createRedisStore(own.url, { prefix: 'test:away:', log: () => {} })
		try {
			await store.set('kept', 'yes')
			await own.kill()
			const started = performance.now()
			const failure = await store.get('kept').catch((error: unknown) => error)
			const failedInMs = performance.now() - started
			expect(isStoreUnavailable(failure), String(failure)).toBe(true)
			expect(failedInMs).toBeLessThan(200)
			const back = await startRedisServer({ port: own.port, dir: own.dir })
			try {
				await vi.waitFor(async () => expect(await store.get('kept')).toBe('yes'), { timeout: 5000, interval: 50 })
			} finally {
				back.stop()
			}
		} finally {
			await store.close()
		}
	})

	it('gives a command up after its time-out when Redis hangs', async () => {
		const own = await startRedisServer({ args: ['--enable-debug-command', 'yes'] })
		const store = createRedisStore(own.url, { prefix: 'test:hang:', commandTimeoutMs: 200, log: () => {} })
		const raw = createClient({ url: own.url })
		await raw.connect()
		try {
			// Connected first (on a busy machine the first connection can take longer than the store waits for it).
			await vi.waitFor(() => store.set('x', '1'), { timeout: 10_000, interval: 100 })
			// DEBUG SLEEP holds Redis's one thread, as a Redis stuck on its disk would.
			const sleeping = raw.sendCommand(['DEBUG', 'SLEEP', '1']).catch(() => undefined)
			await new Promise((resolve) => setTimeout(resolve, 50))
			const started = performance.now()
			const failure = await store.get('x').catch((error: unknown) => error)
			expect(isStoreUnavailable(failure), String(failure)).toBe(true)
			expect(performance.now() - started).toBeLessThan(600)
			await sleeping
		} finally {
			await raw.close()
			await store.close()
			own.stop()
		}
	})
})
