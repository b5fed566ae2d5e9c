/**
 * The part of autocannon's programmatic API the benchmark uses: autocannon
 * ships no types and @types/autocannon is not a dependency.
 */
declare module 'autocannon' {
	interface Options {
		url: string
		connections?: number
		/** Seconds. */
		duration?: number
		headers?: Record<string, string>
		title?: string
		/** Requests each connection sends in turn, over and over (method and path; the options' headers apply). */
		requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>
	}

	/** Mean, spread and percentiles (p50, p99, …) of a histogram. */
	interface Histogram {
		average: number
		mean: number
		stddev: number
		min: number
		max: number
		total?: number
		p50: number
		p90: number
		p99: number
	}

	interface Result {
		title?: string
		url: string
		connections: number
		/** Seconds. */
		duration: number
		/** Responses per one-second sample. */
		requests: Histogram & { total: number; sent: number }
		/** Milliseconds, of 2xx responses only. */
		latency: Histogram
		/** Response bytes per one-second sample. */
		throughput: Histogram & { total: number }
		/** Socket errors, timeouts included. */
		errors: number
		timeouts: number
		non2xx: number
		'2xx': number
		statusCodeStats: Record<string, { count: number }>
	}

	/** Runs the load; the returned instance is also an event emitter. */
	function autocannon(options: Options): PromiseLike<Result>
	export default autocannon
	export type { Options, Result }
}
