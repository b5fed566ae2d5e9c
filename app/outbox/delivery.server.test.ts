import { describe, expect, it } from 'vitest'
import { UpstreamError } from '#app/upstream/errors.ts'
import { backOffMs, isPermanent, outcomeOf } from './delivery.server.ts'
import { newReference } from './reference.ts'

describe('the outbox back-off', () => {
	it('doubles from the base up to the cap, waiting between half and all of it', () => {
		const low = () => 0
		const high = () => 1
		expect([1, 2, 3, 4, 5].map((n) => backOffMs(n, 2000, 300_000, high))).toEqual([2000, 4000, 8000, 16_000, 32_000])
		expect(backOffMs(1, 2000, 300_000, low)).toBe(1000)
		expect(backOffMs(9, 2000, 300_000, high)).toBe(300_000)
		expect(backOffMs(10_000, 2000, 300_000, low)).toBe(150_000)
	})
})

describe('what a failed delivery means', () => {
	const status = (code: number, name?: string) =>
		new UpstreamError({ upstream: 'account', kind: 'status', status: code, code: name, message: 'someone@example.com' })

	it('gives up on a 4xx other than 408 and 429, and retries the rest', () => {
		expect([400, 401, 403, 404, 413, 422].every(isPermanent)).toBe(true)
		expect([408, 429, 500, 502, 503].some(isPermanent)).toBe(false)
		expect(outcomeOf(status(422, 'IdempotencyKeyReused'))).toEqual({
			kind: 'failed',
			reason: 'status 422 IdempotencyKeyReused',
		})
		expect(outcomeOf(status(503))).toEqual({ kind: 'retry', reason: 'status 503' })
		expect(outcomeOf(status(429))).toMatchObject({ kind: 'retry' })
		expect(outcomeOf(new UpstreamError({ upstream: 'account', kind: 'timeout', message: 'late' }))).toEqual({
			kind: 'retry',
			reason: 'timeout',
		})
		expect(outcomeOf(new TypeError('bug'))).toEqual({ kind: 'retry', reason: 'error TypeError' })
	})

	it('never carries the upstream message (it may repeat what the customer wrote)', () => {
		expect(JSON.stringify(outcomeOf(status(400)))).not.toContain('example.com')
	})
})

describe('references', () => {
	it('are SR- and three groups of four unambiguous characters, each new', () => {
		const references = Array.from({ length: 200 }, newReference)
		for (const reference of references)
			expect(reference).toMatch(/^SR-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/)
		expect(new Set(references).size).toBe(200)
	})
})
