/**
 * Latency percentiles for the benchmarks, from each response's own latency in fractions of a millisecond.
 *
 * autocannon's summary keeps whole milliseconds (its histogram's lowest discernible value is 1 ms): a cached
 * page answering in 5.9 ms at its median is reported as 5, which is coarse enough to move a p99 ÷ p50 ratio by
 * a sixth. The runs that judge the tail budget keep every 2xx response's latency as autocannon measured it
 * (`process.hrtime`) and take the percentiles here.
 */
import type { Result, Run } from 'autocannon'

/** The nearest-rank percentile `p` (0–1) of latencies sorted in ascending order; 0 when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
}

/**
 * Awaits an autocannon run, keeping the latency of each of its 2xx responses (ms, fractional; only 2xx, as
 * autocannon's own latency figures): its result and those latencies in ascending order.
 */
export async function withLatencies(run: Run): Promise<{ result: Result; latencies: number[] }> {
	const latencies: number[] = []
	run.on('response', (_client, statusCode, _bytes, responseTime) => {
		if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
	})
	const result = await run
	return { result, latencies: latencies.sort((a, b) => a - b) }
}

/**
 * The tail of several rounds of one load as a factor of their median: each response's latency divided by its own
 * round's p50, those ratios of every round together, and their p99 (ADR 0071). A round's p50 is where the shared
 * machine ran that page in that round, and it moves between rounds with what else the machine does. Latencies
 * pooled as measured take their p50 from the middle rounds and their p99 from the slowest, and so count that move
 * as tail; ratios to each round's own p50 keep every response of every round and count only how far each strayed
 * from the median of its round. `rounds`: each round's latencies in ascending order. 0 when no round has a response.
 */
export function tailFactor(rounds: readonly (readonly number[])[]): number {
	const ratios = rounds
		.map((latencies) => ({ latencies, median: percentile(latencies, 0.5) }))
		.filter(({ median }) => median > 0)
		.flatMap(({ latencies, median }) => latencies.map((latency) => latency / median))
		.sort((a, b) => a - b)
	return percentile(ratios, 0.99)
}

/** A latency for a report: one decimal, as the figures are finer than autocannon's whole milliseconds. */
export const formatMs = (ms: number) => ms.toFixed(1)
