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

	/** A run under way: its result once it ends, and an event per response meanwhile. */
	interface Run extends PromiseLike<Result> {
		/** `responseTime`: ms from sending the request to the end of its response, with fractions (hrtime). */
		on(
			event: 'response',
			listener: (client: unknown, statusCode: number, responseBytes: number, responseTime: number) => void,
		): this
	}

	/** Runs the load. */
	function autocannon(options: Options): Run
	export default autocannon
	export type { Options, Result, Run }
}
