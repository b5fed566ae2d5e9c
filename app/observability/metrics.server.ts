/**
 * The portal's metrics in Prometheus's format (prom-client, ADR 0050), off unless METRICS_PORT is set:
 * then the server calls `enableMetrics()` and serves the registry on that port. Until then every
 * `observe…`/`count…` below is one property read and returns.
 *
 * Like the request scope, the metrics live on globalThis under a registered symbol: the server (which
 * times requests and serves /metrics) and the app's build (which makes the upstream calls, reads the
 * caches, refuses over the limits) each load this module, and both must count into the one registry.
 *
 * Label values come from app/domain/metric-labels.ts: bounded, never a URL, an id or a key.
 */
import type { CacheEvent, CreateReporter } from '@epic-web/cachified'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { boundedLabels, methodLabel, routeLabel, statusClass, upstreamCallName } from '#app/domain/metric-labels.ts'
import type { UpstreamErrorKind } from '#app/upstream/errors.ts'
import type { RequestScope } from './request-scope.server.ts'

/** What the support outbox holds now (app/outbox). */
export interface OutboxDepth {
	/** Kept and not yet delivered (being tried, or waiting for a retry). */
	waiting: number
	/** Refused for good by the help centre: kept, logged, not tried again. */
	failed: number
	/** When the oldest waiting request was accepted (ISO 8601); null when none waits. */
	oldestWaitingSince: string | null
}

/** Distinct call names one upstream may have before new ones count as `other`: well above the ~60 the clients make. */
const CALL_NAMES_PER_UPSTREAM = 200

interface PortalMetrics {
	registry: Registry
	httpDuration: Histogram<'route' | 'method' | 'status_class'>
	upstreamDuration: Histogram<'upstream' | 'call'>
	upstreamErrors: Counter<'upstream' | 'call' | 'kind'>
	cacheLookups: Counter<'list' | 'result'>
	rateLimitRefusals: Counter<'limiter'>
	callNames: Map<string, (name: string) => string>
}

interface Shared {
	metrics: PortalMetrics | null
	outboxDepth: (() => Promise<OutboxDepth | null>) | null
}

const KEY = Symbol.for('owners-portal.metrics')
const holder = globalThis as typeof globalThis & { [KEY]?: Shared }
const shared: Shared = (holder[KEY] ??= { metrics: null, outboxDepth: null })

/** One read of the outbox per scrape, shared by its two gauges (a scrape collects every metric at once). */
let depthRead: Promise<OutboxDepth | null> | null = null
function outboxDepth(): Promise<OutboxDepth | null> {
	depthRead ??= (shared.outboxDepth?.() ?? Promise.resolve(null))
		.catch(() => null)
		.finally(() => {
			depthRead = null
		})
	return depthRead
}

function createMetrics(): PortalMetrics {
	const registry = new Registry()
	collectDefaultMetrics({ register: registry, prefix: 'portal_' })
	const registers = [registry]
	new Gauge({
		name: 'portal_support_outbox_requests',
		help: 'Support requests the outbox keeps, by state: waiting (to be delivered) or failed (refused for good)',
		labelNames: ['state'],
		registers,
		async collect() {
			const depth = await outboxDepth()
			if (!depth) return
			this.set({ state: 'waiting' }, depth.waiting)
			this.set({ state: 'failed' }, depth.failed)
		},
	})
	new Gauge({
		name: 'portal_support_outbox_oldest_waiting_age_seconds',
		help: 'Age of the oldest support request kept and not yet delivered (0 when none waits)',
		registers,
		async collect() {
			const depth = await outboxDepth()
			if (!depth) return
			const since = depth.oldestWaitingSince ? Date.parse(depth.oldestWaitingSince) : Number.NaN
			this.set(Number.isFinite(since) ? Math.max(0, (Date.now() - since) / 1000) : 0)
		},
	})
	return {
		registry,
		httpDuration: new Histogram({
			name: 'portal_http_request_duration_seconds',
			help: 'Time to answer a request, by matched route pattern, method and status class',
			labelNames: ['route', 'method', 'status_class'],
			registers,
		}),
		upstreamDuration: new Histogram({
			name: 'portal_upstream_request_duration_seconds',
			help: 'Time of an upstream call (failed ones too), by upstream and call',
			labelNames: ['upstream', 'call'],
			registers,
		}),
		upstreamErrors: new Counter({
			name: 'portal_upstream_errors_total',
			help: 'Upstream calls that failed, by upstream, call and kind (timeout, network, malformed, status_4xx…)',
			labelNames: ['upstream', 'call', 'kind'],
			registers,
		}),
		cacheLookups: new Counter({
			name: 'portal_cache_lookups_total',
			help: 'Master-data cache reads, by list and result (hit: served from the cache, stale ones too; miss: fetched)',
			labelNames: ['list', 'result'],
			registers,
		}),
		rateLimitRefusals: new Counter({
			name: 'portal_rate_limit_refusals_total',
			help: 'Requests refused by one of the portal’s rate limits, by limiter',
			labelNames: ['limiter'],
			registers,
		}),
		callNames: new Map(),
	}
}

/** Turns the metrics on (once; later calls return the same registry) and returns their registry. */
export function enableMetrics(): Registry {
	shared.metrics ??= createMetrics()
	return shared.metrics.registry
}

/** The registry when metrics are on. */
export function metricsRegistry(): Registry | undefined {
	return shared.metrics?.registry
}

/** A request answered: its duration by route (the scope's matched pattern), method and status class. */
export function observeRequest(scope: RequestScope, method: string, path: string, status: number, now: number): void {
	const metrics = shared.metrics
	if (!metrics) return
	metrics.httpDuration.observe(
		{ route: routeLabel(scope.route, path), method: methodLabel(method), status_class: statusClass(status) },
		(now - scope.start) / 1000,
	)
}

/** How an upstream call ended: null when it answered as wanted. */
export type UpstreamOutcome = UpstreamErrorKind | `status_${string}` | null

/**
 * An upstream call made: its duration, and its failure when it failed. `call` names it when its path
 * holds a value no rule can tell from a word; else the name is made from the method and path.
 */
export function observeUpstreamCall(
	upstream: string,
	method: string,
	path: string,
	call: string | undefined,
	seconds: number,
	outcome: UpstreamOutcome,
): void {
	const metrics = shared.metrics
	if (!metrics) return
	let bound = metrics.callNames.get(upstream)
	if (!bound) metrics.callNames.set(upstream, (bound = boundedLabels(CALL_NAMES_PER_UPSTREAM)))
	const name = bound(call ?? upstreamCallName(method, path))
	metrics.upstreamDuration.observe({ upstream, call: name }, seconds)
	if (outcome) metrics.upstreamErrors.inc({ upstream, call: name, kind: outcome })
}

/** An UpstreamError's kind as the errors counter names it: a status error by its class. */
export function upstreamOutcome(error: { kind: UpstreamErrorKind; status?: number }): UpstreamOutcome {
	return error.kind === 'status' && error.status !== undefined ? `status_${statusClass(error.status)}` : error.kind
}

const reporters = new Map<string, CreateReporter<unknown>>()

/**
 * cachified's reporter for one list's reads: a hit when the cache served the value (a stale one too, while
 * it is fetched again behind), a miss when the value had to be fetched (or waited for another read's fetch).
 * One reporter per list, made once: a read allocates nothing for it.
 */
export function cacheReporter<Value>(list: string): CreateReporter<Value> {
	let create = reporters.get(list)
	if (!create) {
		const report = (event: CacheEvent<unknown>) => {
			const metrics = shared.metrics
			if (!metrics) return
			if (event.name === 'getCachedValueSuccess') metrics.cacheLookups.inc({ list, result: 'hit' })
			else if (event.name === 'getFreshValueStart' || event.name === 'getFreshValueHookPending')
				metrics.cacheLookups.inc({ list, result: 'miss' })
		}
		create = () => report
		reporters.set(list, create)
	}
	return create as CreateReporter<Value>
}

/** A request refused by one of the portal's rate limits (its name: `signin-client`, `post-client`…). */
export function countRateLimitRefusal(limiter: string): void {
	shared.metrics?.rateLimitRefusals.inc({ limiter })
}

/** Where the outbox gauges read the outbox's depth (the support outbox sets it). */
export function setOutboxDepthSource(read: () => Promise<OutboxDepth | null>): void {
	shared.outboxDepth = read
}

/** For tests: metrics off again, the registry dropped. */
export function disableMetrics(): void {
	shared.metrics = null
}
