import { describe, expect, it } from 'vitest'
import { percentile, tailFactor } from './latency.ts'

/** A round of 1,000 responses: most at `median` ms, the slowest tenth at `slow` ms. */
const round = (median: number, slow: number) =>
	Array.from({ length: 1000 }, (_, i) => (i < 900 ? median : slow)).sort((a, b) => a - b)

describe('the tail of several rounds', () => {
	it('takes each response against its own round’s p50: a machine that ran one round slower is no tail', () => {
		// Each round alone: p99 2.5 times its p50; the machine a little slower each round.
		const rounds = [round(4, 10), round(5, 12.5), round(6, 15)]
		const pooled = rounds.flat().sort((a, b) => a - b)
		// Pooled as measured: p50 from the middle round, p99 from the slowest one.
		expect(percentile(pooled, 0.99) / percentile(pooled, 0.5)).toBe(3)
		expect(tailFactor(rounds)).toBe(2.5)
	})

	it('still sees a stall inside a round', () => {
		const stalled = round(5, 20)
		expect(tailFactor([round(5, 10), stalled, round(5, 10)])).toBe(4)
	})

	it('is 0 with no response, and leaves out a round without one', () => {
		expect(tailFactor([])).toBe(0)
		expect(tailFactor([[], round(5, 10)])).toBe(2)
	})
})
