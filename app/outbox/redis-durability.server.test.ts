import { afterAll, describe, expect, it } from 'vitest'
import { redisServerPath, reportRedisSkipped, startRedisServer, type RedisServer } from '#tests/redis-server.ts'
import { isStoreUnavailable } from '#app/store/redis.ts'
import { createBullmqOutbox } from './bullmq-outbox.server.ts'
import type { OutboxRequest } from './delivery.server.ts'
import { judgeRedisSettings } from './redis-durability.server.ts'

/**
 * A Redis that forgets (issue 23, ADR 0049): the outbox reads Redis's persistence and eviction settings
 * and refuses to take support requests there, unless REDIS_ALLOW_VOLATILE says to run anyway (logged
 * at error). Managed Redis that refuses CONFIG is read through INFO.
 */
describe('judging Redis settings', () => {
	it('keeps data only with appendonly yes and maxmemory-policy noeviction', () => {
		expect(judgeRedisSettings({ appendonly: 'yes', save: '', maxmemoryPolicy: 'noeviction' }, 'config')).toEqual({
			keepsData: true,
			source: 'config',
			problems: [],
		})
		const snapshotsOnly = judgeRedisSettings(
			{ appendonly: 'no', save: '3600 1', maxmemoryPolicy: 'noeviction' },
			'config',
		)
		expect(snapshotsOnly.keepsData).toBe(false)
		expect(snapshotsOnly.problems).toEqual([
			'appendonly no (snapshots: save 3600 1): requests accepted since the last snapshot are lost when Redis restarts',
		])
		const evicting = judgeRedisSettings({ appendonly: 'yes', maxmemoryPolicy: 'allkeys-lru' }, 'info')
		expect(evicting.problems).toEqual([
			'maxmemory-policy allkeys-lru: Redis may evict kept requests when its memory is full (BullMQ needs noeviction)',
		])
		expect(judgeRedisSettings(null, 'unknown')).toMatchObject({ keepsData: false, source: 'unknown' })
	})
})

reportRedisSkipped('the outbox’s check of Redis settings')

describe.skipIf(!redisServerPath)('the outbox on a Redis', () => {
	const servers: RedisServer[] = []
	afterAll(() => servers.forEach((server) => server.stop()))

	const request = (reference: string): OutboxRequest => ({
		reference,
		form: 'contact_us',
		userId: null,
		createdAt: new Date().toISOString(),
		ticket: {
			request: {
				requester: { name: 'Alex Owner', email: 'alex@example.com' },
				subject: 'Hello',
				comment: { body: 'Hello' },
			},
		} as unknown as OutboxRequest['ticket'],
		files: [],
		uploads: null,
	})

	/** An outbox on a redis-server started with `args`: whether it took a request, and what it logged at error. */
	async function tryOutbox(args: string[], allowVolatile = false) {
		const server = await startRedisServer({ args })
		servers.push(server)
		const errors: string[] = []
		const outbox = createBullmqOutbox(server.url, {
			attemptTimeoutMs: 1000,
			retryBaseMs: 1000,
			retryMaxMs: 1000,
			commandTimeoutMs: 500,
			allowVolatile,
			logError: (line) => errors.push(line),
		})
		try {
			await outbox.accept(request(`SR-TEST-${servers.length}`))
			return { took: true, errors }
		} catch (error) {
			expect(isStoreUnavailable(error), String(error)).toBe(true)
			return { took: false, errors, message: (error as Error).message }
		} finally {
			await outbox.stop()
		}
	}

	it('takes requests on a Redis set up as the README says (appendonly yes, noeviction)', async () => {
		expect(await tryOutbox([])).toEqual({ took: true, errors: [] })
	})

	it('refuses them on a Redis that keeps nothing across a restart (--appendonly no --save ""), saying so at error', async () => {
		const outcome = await tryOutbox(['--appendonly', 'no', '--save', ''])
		console.log(`appendonly no, no snapshots: ${outcome.took ? 'taken' : 'refused'}; logged: ${outcome.errors[0]}`)
		expect(outcome.took).toBe(false)
		expect(outcome.message).toContain('appendonly no, no snapshots')
		expect(outcome.errors).toHaveLength(1)
		expect(outcome.errors[0]).toMatch(/REFUSING support requests.*appendonly no.*REDIS_ALLOW_VOLATILE=true/)
	})

	it('refuses them where Redis may evict them (maxmemory-policy allkeys-lru)', async () => {
		const outcome = await tryOutbox(['--maxmemory-policy', 'allkeys-lru'])
		expect(outcome.took).toBe(false)
		expect(outcome.message).toContain('maxmemory-policy allkeys-lru')
	})

	it('takes them there when REDIS_ALLOW_VOLATILE says so, logging at error that they may be lost', async () => {
		const outcome = await tryOutbox(['--appendonly', 'no', '--save', ''], true)
		expect(outcome.took).toBe(true)
		expect(outcome.errors).toHaveLength(1)
		expect(outcome.errors[0]).toMatch(/RUNNING ON A REDIS THAT MAY FORGET.*may be lost/)
	})

	it('reads the settings through INFO where CONFIG is refused (managed Redis)', async () => {
		expect(await tryOutbox(['--rename-command', 'CONFIG', ''])).toEqual({ took: true, errors: [] })
		const volatile = await tryOutbox(['--rename-command', 'CONFIG', '', '--appendonly', 'no'])
		expect(volatile.took).toBe(false)
		expect(volatile.errors[0]).toContain('appendonly no')
	})
})
