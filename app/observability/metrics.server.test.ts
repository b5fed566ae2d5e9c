/**
 * What the metrics count besides requests and upstream calls (those are tested with the server and the
 * HTTP client): master-data cache reads, rate-limit refusals and the support outbox's depth (ADR 0050).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'
import { consumeLimit, RateLimited } from '#app/limits/rate-limit.server.ts'
import { createBullmqOutbox } from '#app/outbox/bullmq-outbox.server.ts'
import type { OutboxRequest } from '#app/outbox/delivery.server.ts'
import { createSqliteOutbox } from '#app/outbox/sqlite-outbox.server.ts'
import { createLruCache } from '#app/upstream/cache.server.ts'
import { getMasterData, setMasterDataCache } from '#app/upstream/master-data.server.ts'
import { disableMetrics, enableMetrics, setOutboxDepthSource } from './metrics.server.ts'

afterEach(() => {
	disableMetrics()
	setMasterDataCache(undefined)
})

const SETTINGS = { attemptTimeoutMs: 2000, retryBaseMs: 60_000, retryMaxMs: 60_000 }
const request = (reference: string, createdAt: string): OutboxRequest => ({
	reference,
	form: 'service_request',
	userId: null,
	createdAt,
	ticket: {
		ticket: { subject: 'Service Request', comment: { body: 'Question' }, type: 'service_request', tags: [] },
		request: { requester: { name: 'Robin', email: 'robin@example.com' }, cultureCode: 'en-GB' },
		brand: 'main',
	},
	files: [],
	uploads: null,
})

describe('the metrics besides requests and calls', () => {
	it('counts master-data cache hits and misses by list', async () => {
		const registry = enableMetrics()
		setMasterDataCache(createLruCache())
		account.get('master/genders', reply.json({ items: [], page: 1, perPage: -1, total: 0 }))
		await getMasterData('genders')
		await getMasterData('genders')
		await getMasterData('genders')
		const text = await registry.metrics()
		expect(text).toContain('portal_cache_lookups_total{list="genders",result="miss"} 1')
		expect(text).toContain('portal_cache_lookups_total{list="genders",result="hit"} 2')
	})

	it('counts rate-limit refusals by limiter', async () => {
		const registry = enableMetrics()
		const check = { rule: { name: 'metrics-test', points: 1, seconds: 60 }, key: `client-${process.pid}` }
		await consumeLimit(check)
		await expect(consumeLimit(check)).rejects.toBeInstanceOf(RateLimited)
		await expect(consumeLimit(check)).rejects.toBeInstanceOf(RateLimited)
		expect(await registry.metrics()).toContain('portal_rate_limit_refusals_total{limiter="metrics-test"} 2')
	})

	it('reads the outbox’s depth and the age of its oldest waiting request at each scrape', async () => {
		const registry = enableMetrics()
		const since = new Date(Date.now() - 90_000).toISOString()
		setOutboxDepthSource(async () => ({ waiting: 3, failed: 1, oldestWaitingSince: since }))
		const text = await registry.metrics()
		expect(text).toContain('portal_support_outbox_requests{state="waiting"} 3')
		expect(text).toContain('portal_support_outbox_requests{state="failed"} 1')
		const age = Number(/^portal_support_outbox_oldest_waiting_age_seconds (\S+)$/m.exec(text)?.[1])
		expect(age).toBeGreaterThanOrEqual(90)
		expect(age).toBeLessThan(120)
	})

	it('counts nothing while metrics are off', async () => {
		const check = { rule: { name: 'metrics-off', points: 1, seconds: 60 }, key: `client-${process.pid}` }
		await consumeLimit(check)
		await expect(consumeLimit(check)).rejects.toBeInstanceOf(RateLimited)
		expect(await enableMetrics().metrics()).not.toContain('metrics-off')
	})
})

describe('the outbox backends’ depth', () => {
	it('node:sqlite: a request the help centre failed waits, with its age; none once empty', async () => {
		const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-depth-'))
		const outbox = createSqliteOutbox(path.join(dir, 'outbox.sqlite'), SETTINGS)
		try {
			expect(await outbox.depth()).toEqual({ waiting: 0, failed: 0, oldestWaitingSince: null })
			account.post('zendesk/request/', reply.json({ message: 'down' }, 503))
			await outbox.accept(request('SR-AAAA-AAAA-AAAA', '2026-11-28T10:00:00.000Z'))
			await outbox.accept(request('SR-BBBB-BBBB-BBBB', '2026-11-28T09:00:00.000Z'))
			expect(await outbox.waitForDelivery('SR-AAAA-AAAA-AAAA', 2000)).toBe(false)
			expect(await outbox.depth()).toEqual({ waiting: 2, failed: 0, oldestWaitingSince: '2026-11-28T09:00:00.000Z' })
		} finally {
			await outbox.stop()
			rmSync(dir, { recursive: true, force: true })
		}
	})

	it.skipIf(!redisServerPath)('BullMQ: kept requests wait, the oldest by when it was added', async () => {
		const redis = await startRedisServer()
		const outbox = createBullmqOutbox(redis.url, { ...SETTINGS, commandTimeoutMs: 500, allowVolatile: false })
		try {
			expect(await outbox.depth()).toEqual({ waiting: 0, failed: 0, oldestWaitingSince: null })
			const before = Date.now()
			// Not started: no worker takes them, so they wait.
			await outbox.accept(request('SR-CCCC-CCCC-CCCC', new Date().toISOString()))
			await outbox.accept(request('SR-DDDD-DDDD-DDDD', new Date().toISOString()))
			const depth = await outbox.depth()
			expect(depth).toMatchObject({ waiting: 2, failed: 0 })
			expect(Date.parse(depth.oldestWaitingSince!)).toBeGreaterThanOrEqual(before)
			expect(Date.parse(depth.oldestWaitingSince!)).toBeLessThanOrEqual(Date.now())
		} finally {
			await outbox.stop()
			redis.stop()
		}
	})
	if (!redisServerPath) reportRedisSkipped('the BullMQ outbox’s depth')
})
