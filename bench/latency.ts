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

/** A latency for a report: one decimal, as the figures are finer than autocannon's whole milliseconds. */
export const formatMs = (ms: number) => ms.toFixed(1)
