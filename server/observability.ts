/**
 * Each request's id and timing (issue 23, ADR 0050): the first of the portal's middleware. It names the
 * request (app/domain/request-id.ts), answers with the name in `X-Request-Id`, runs the rest of the
 * request's handling in its scope (so its log lines and upstream calls carry the id), and, when metrics
 * are on, times it once the answer is sent.
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { Express, RequestHandler, Response } from 'express'
import { chooseRequestId, REQUEST_ID_HEADER } from '../app/domain/request-id.ts'
import { metricsRegistry, observeRequest } from '../app/observability/metrics.server.ts'
import { runInRequestScope, type RequestScope } from '../app/observability/request-scope.server.ts'

/** 32 hex digits, as nginx's `$request_id`: no dashes, so the log scrubber does not take it for a UUID. */
export function newRequestId(): string {
	return randomUUID().replaceAll('-', '')
}

/** One listener for every response, not a closure per request. */
function timeResponse(this: Response): void {
	const scope = this.locals.requestScope as RequestScope
	observeRequest(scope, this.req.method, this.req.path, this.statusCode, performance.now())
}

/**
 * The middleware. A forwarded id counts only from a peer Express trusts as a proxy (`trust proxy`,
 * TRUST_PROXY), judged on the connection's own address as Express judges X-Forwarded-For.
 */
export function requestScopeMiddleware(app: Express): RequestHandler {
	return (req, res, next) => {
		const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean
		const id = chooseRequestId(req.headers['x-request-id'], trust(req.socket.remoteAddress ?? '', 0), newRequestId)
		const scope: RequestScope = { id, route: null, start: performance.now() }
		res.setHeader(REQUEST_ID_HEADER, id)
		if (metricsRegistry()) {
			res.locals.requestScope = scope
			res.once('finish', timeResponse)
		}
		runInRequestScope(scope, next)
	}
}

/**
 * The metrics server: `GET /metrics` on its own port, never the portal's, so what a proxy publishes
 * cannot reach it and scraping takes no place in the portal's rate limits or logs.
 */
export function createMetricsServer(): http.Server {
	return http.createServer((req, res) => {
		const registry = metricsRegistry()
		const path = (req.url ?? '').split('?', 1)[0]
		if (!registry || path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
			res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
			return
		}
		registry.metrics().then(
			(text) => {
				res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
				res.end(req.method === 'HEAD' ? undefined : text)
			},
			(error: unknown) => {
				console.error(`metrics: ${(error as Error)?.message ?? String(error)}`)
				res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable')
			},
		)
	})
}
