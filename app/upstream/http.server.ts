/**
 * The one place the portal makes HTTP calls to its upstreams: base URL per
 * upstream, the spec's auth per base, a 60 s time-out, errors normalised
 * (`errors.ts`) and every answer parsed with its contract schema, so a
 * malformed upstream answer is an error, never a crash.
 *
 * The calls go over node:http with kept-alive connections, not `fetch`: the WHATWG layer (Request,
 * Headers, web streams) cost about 130 µs of CPU per call more, on the one thread that also renders
 * every page, and a cloud screen makes three calls per view (ADR 0029). msw intercepts node:http as it
 * does fetch, so the unit tests still run this code.
 */
import http from 'node:http'
import https from 'node:https'
import zlib from 'node:zlib'
import type { z } from 'zod'
import { getEnv } from '#app/env.server.ts'
import { upstreamBaseUrl, type UpstreamName } from './config.server.ts'
import { isOutage, messageFromBody, UpstreamError } from './errors.ts'
import { noteCredentialError } from './credential-refusals.server.ts'
import { upstreamCallName } from '../domain/metric-labels.ts'
import { REQUEST_ID_HEADER } from '../domain/request-id.ts'
import { observeUpstreamCall, upstreamOutcome, type UpstreamOutcome } from '../observability/metrics.server.ts'
import { currentRequestId } from '../observability/request-scope.server.ts'

export type Auth =
	/** The account and device APIs: the access token as it is. */
	| { kind: 'access'; token: string }
	/** The cloud API: `Bearer {id token}`. */
	| { kind: 'bearer'; token: string }
	/** The log service: the id token as it is. */
	| { kind: 'raw'; token: string }
	/** The signed header variant: X-RCP-Security-Token. */
	| { kind: 'header'; name: string; value: string }

export interface RequestOptions<S extends z.ZodType> {
	method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
	/** Relative to the upstream's base URL (a leading slash is ignored). */
	path: string
	query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>
	/** Sent as JSON. */
	body?: unknown
	/** Sent as application/x-www-form-urlencoded instead. */
	form?: Record<string, string>
	/** Sent as they are, with this Content-Type (a file upload). */
	bytes?: { contentType: string; data: Uint8Array }
	auth?: Auth | Auth[]
	/** The contract schema of a successful answer. */
	schema: S
	timeoutMs?: number
	/** The caller's signal (a request the browser dropped): aborting it gives a `cancelled` error. */
	signal?: AbortSignal
	/**
	 * The call's name in the metrics, for a path holding a value that looks like a word; by default it is
	 * made from the method and the path with its values taken out (app/domain/metric-labels.ts).
	 */
	call?: string
	/**
	 * A POST that only reads (the cloud's `get-…` service actions): like a GET, sent once more on another
	 * connection when a kept-alive one is closed under it before any answer (see `exchange`).
	 */
	idempotent?: boolean
}

function buildUrl(upstream: UpstreamName, path: string, query: RequestOptions<z.ZodType>['query']): URL {
	const url = new URL(path.replace(/^\/+/, ''), upstreamBaseUrl(upstream))
	for (const [key, value] of Object.entries(query ?? {})) {
		if (value === undefined || value === null) continue
		if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item))
		else url.searchParams.set(key, String(value))
	}
	return url
}

function authHeaders(auth: RequestOptions<z.ZodType>['auth']): Record<string, string> {
	const headers: Record<string, string> = {}
	for (const a of auth === undefined ? [] : Array.isArray(auth) ? auth : [auth]) {
		if (a.kind === 'access' || a.kind === 'raw') headers.Authorization = a.token
		else if (a.kind === 'bearer') headers.Authorization = `Bearer ${a.token}`
		else headers[a.name] = a.value
	}
	return headers
}

/** Whether a call is made with the user's own tokens (not the portal's keys or signed headers). */
function carriesUserCredentials(auth: RequestOptions<z.ZodType>['auth']): boolean {
	return (auth === undefined ? [] : Array.isArray(auth) ? auth : [auth]).some((a) => a.kind !== 'header')
}

/** Kept-alive connections to each upstream, so a call does not pay for a new TCP (or TLS) connection. */
const agents = {
	http: new http.Agent({ keepAlive: true }),
	https: new https.Agent({ keepAlive: true }),
}

/** What an exchange reached before it failed, and why it failed. */
class ExchangeFailure extends Error {
	readonly stage: 'request' | 'body'
	/**
	 * `undecodable`: the body came whole, but its Content-Encoding could not be undone; `tooLarge`: the
	 * body (or, decoded, its content) was longer than the caller takes.
	 */
	readonly why: 'timeout' | 'cancelled' | 'network' | 'undecodable' | 'tooLarge'
	constructor(stage: ExchangeFailure['stage'], why: ExchangeFailure['why'], cause: unknown) {
		super(why, { cause })
		this.stage = stage
		this.why = why
	}
}

interface Answer {
	status: number
	contentType: string
	body: Buffer
}

/** Methods whose request may be sent twice with the effect of once (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE'])

/**
 * One request and its whole answer, within `timeoutMs` from the start and until the caller's `signal`
 * aborts. A plain timer and one abort listener, rather than `AbortSignal.timeout` joined to the caller's
 * signal with `AbortSignal.any`: the signals cost about 25 µs of CPU per call, measured, for the same rule.
 *
 * A kept-alive connection can be closed by the upstream just as a request goes out on it (Node's agent
 * heeds a `Keep-Alive: timeout` hint, but not every server sends one): the request then fails with
 * ECONNRESET before any answer, unseen by the upstream. An idempotent request is sent once more, on
 * another connection, within the same time limit, and so is a POST its caller marks `idempotent` (a read
 * made with POST); any other is not, as it cannot be known unsent. Under load this is no rare race: when
 * the portal's event loop lags, the upstream's idle time-out can close pooled connections before the
 * agent has heard of it, and a burst of calls then goes out on several of them at once (bench/soak.ts saw
 * nine `POST api/service` reads fail together that way).
 */
function exchange(
	url: URL,
	init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; idempotent?: boolean },
	limits: { timeoutMs: number; signal?: AbortSignal; maxBytes?: number },
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const secure = url.protocol === 'https:'
		let current: http.ClientRequest
		let resent = false
		let timedOut = false
		let tooLarge = false
		const timer = setTimeout(() => {
			timedOut = true
			current.destroy(new Error(`no answer within ${limits.timeoutMs} ms`))
		}, limits.timeoutMs)
		const onAbort = () => current.destroy(new Error('cancelled by the caller'))
		limits.signal?.addEventListener('abort', onAbort, { once: true })
		function settle() {
			clearTimeout(timer)
			limits.signal?.removeEventListener('abort', onAbort)
		}

		function send() {
			let stage: ExchangeFailure['stage'] = 'request'
			const request = (secure ? https : http).request(
				url,
				{ method: init.method, headers: init.headers, agent: secure ? agents.https : agents.http },
				(response) => {
					stage = 'body'
					const chunks: Buffer[] = []
					let received = 0
					// A body longer than the caller takes is not read to its end: the connection is dropped.
					const overLimit = (bytes: number) => limits.maxBytes !== undefined && bytes > limits.maxBytes
					const refuse = () => {
						tooLarge = true
						response.destroy(new Error(`longer than ${limits.maxBytes} bytes`))
					}
					response.on('data', (chunk: Buffer) => {
						received += chunk.byteLength
						if (overLimit(received)) refuse()
						else chunks.push(chunk)
					})
					response.once('error', fail)
					// Closed before its end: the connection dropped, or the call was stopped, mid-body.
					response.once('close', () => {
						if (!response.complete) fail(new Error('the answer was cut off'))
					})
					if (overLimit(Number(response.headers['content-length'] ?? 0))) refuse()
					response.once('end', () => {
						settle()
						try {
							resolve({
								status: response.statusCode ?? 0,
								contentType: response.headers['content-type'] ?? '',
								body: decode(Buffer.concat(chunks), response.headers['content-encoding'], limits.maxBytes),
							})
						} catch (error) {
							const over = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
							reject(new ExchangeFailure('body', over ? 'tooLarge' : 'undecodable', error))
						}
					})
				},
			)
			current = request
			function fail(error: unknown) {
				const stopped = timedOut || limits.signal?.aborted
				if (
					!stopped &&
					!resent &&
					stage === 'request' &&
					request.reusedSocket &&
					(init.idempotent ?? IDEMPOTENT.has(init.method)) &&
					(error as { code?: string }).code === 'ECONNRESET'
				) {
					resent = true
					send()
					return
				}
				settle()
				const why = limits.signal?.aborted ? 'cancelled' : timedOut ? 'timeout' : tooLarge ? 'tooLarge' : 'network'
				reject(new ExchangeFailure(stage, why, error))
			}
			request.once('error', fail)
			request.end(init.body)
		}
		send()
	})
}

/**
 * An upstream is never asked for a compressed body, but one that sends it anyway is still understood;
 * with a limit, a body that decodes to more than it fails (`ERR_BUFFER_TOO_LARGE`) instead of filling memory.
 */
function decode(bytes: Buffer, encoding: string | undefined, maxBytes?: number): Buffer {
	const options = maxBytes === undefined ? {} : { maxOutputLength: maxBytes }
	switch (encoding?.trim().toLowerCase()) {
		case undefined:
		case '':
		case 'identity':
			return bytes
		case 'gzip':
		case 'x-gzip':
			return zlib.gunzipSync(bytes, options)
		case 'deflate':
			return zlib.inflateSync(bytes, options)
		case 'br':
			return zlib.brotliDecompressSync(bytes, options)
		default:
			throw new Error(`unknown Content-Encoding ${encoding}`)
	}
}

function parseBody(answer: Answer): { body: unknown; malformed: boolean } {
	const { contentType } = answer
	const text = answer.body.toString('utf8')
	if (!text) return { body: undefined, malformed: false }
	if (!contentType.includes('json')) return { body: text, malformed: false }
	try {
		return { body: JSON.parse(text), malformed: false }
	} catch {
		return { body: text, malformed: true }
	}
}

/**
 * The body of an error answer: JSON even when the upstream labelled it as
 * text, so its `message`, `error` and `code` still count (spec 2 §8).
 */
function errorBody(body: unknown): unknown {
	if (typeof body !== 'string' || !/^\s*[{[]/.test(body)) return body
	try {
		return JSON.parse(body)
	} catch {
		return body
	}
}

/**
 * Makes one call and returns its parsed answer, or throws an UpstreamError. The call carries the id of the
 * request it is made for (`X-Request-Id`), so an upstream's log line can be matched with ours, and is timed
 * for the metrics when they are on (ADR 0050).
 */
export async function upstreamRequest<S extends z.ZodType>(
	upstream: UpstreamName,
	options: RequestOptions<S>,
): Promise<z.infer<S>> {
	const start = performance.now()
	let outcome: UpstreamOutcome = null
	try {
		return await call(upstream, options)
	} catch (error) {
		outcome = error instanceof UpstreamError ? upstreamOutcome(error) : 'network'
		// An outage becomes the visitor's 503 (or a kept support request) with no other trace: one line names
		// the upstream and the call (no ids: the metrics' name), on the request's id (ADR 0050). Answers the
		// user can act on (4xx) are the flow's business, and a call the visitor gave up on is no outage.
		if (!(error instanceof UpstreamError) || (!error.cancelled && isOutage(error))) {
			const name = options.call ?? upstreamCallName(options.method ?? 'GET', options.path)
			const code = networkCode(error)
			console.warn(
				`upstream call failed: ${upstream} ${name}: ${outcome}${code ? ` (${code})` : ''} after ${Math.round(performance.now() - start)} ms`,
			)
		}
		throw error
	} finally {
		const seconds = (performance.now() - start) / 1000
		observeUpstreamCall(upstream, options.method ?? 'GET', options.path, options.call, seconds, outcome)
	}
}

/** The system's code of a dropped connection (ECONNRESET, ECONNREFUSED…), which tells an operator where to look. */
function networkCode(error: unknown): string | undefined {
	const cause = (error as { cause?: { code?: unknown } }).cause
	return error instanceof UpstreamError && error.kind === 'network' && typeof cause?.code === 'string'
		? cause.code
		: undefined
}

async function call<S extends z.ZodType>(upstream: UpstreamName, options: RequestOptions<S>): Promise<z.infer<S>> {
	const method = options.method ?? 'GET'
	const url = buildUrl(upstream, options.path, options.query)
	// Spec 1 §9: HTTP time-out (both APIs), 60000 ms unless configured. A ceiling for every call: one
	// with a shorter limit of its own (server time, logs) keeps it, none waits longer.
	const ceiling = getEnv().UPSTREAM_TIMEOUT_MS
	const timeoutMs = Math.min(options.timeoutMs ?? ceiling, ceiling)
	const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(options.auth) }
	const requestId = currentRequestId()
	if (requestId) headers[REQUEST_ID_HEADER] = requestId
	let body: string | Uint8Array | undefined
	if (options.bytes) {
		headers['Content-Type'] = options.bytes.contentType
		body = options.bytes.data
	} else if (options.form) {
		headers['Content-Type'] = 'application/x-www-form-urlencoded'
		body = new URLSearchParams(options.form).toString()
	} else if (options.body !== undefined) {
		headers['Content-Type'] = 'application/json'
		body = JSON.stringify(options.body)
	}
	if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body))
	const where = `${method} ${url.pathname}`
	if (options.signal?.aborted) {
		throw new UpstreamError({ upstream, kind: 'cancelled', message: 'Request cancelled', cause: options.signal.reason })
	}

	let answer: Answer
	try {
		// A redirect is not followed: it is an answer like any other status.
		answer = await exchange(
			url,
			{ method, headers, body, idempotent: options.idempotent },
			{ timeoutMs, signal: options.signal },
		)
	} catch (error) {
		if (!(error instanceof ExchangeFailure)) throw error
		if (error.why === 'cancelled') {
			throw new UpstreamError({ upstream, kind: 'cancelled', message: 'Request cancelled', cause: error.cause })
		}
		if (error.why === 'timeout') {
			throw new UpstreamError({
				upstream,
				kind: 'timeout',
				message: `timeout of ${timeoutMs}ms exceeded (${where})`,
				cause: error.cause,
			})
		}
		if (error.why === 'undecodable') {
			throw new UpstreamError({
				upstream,
				kind: 'malformed',
				message: `Malformed answer from the ${upstream} upstream (${where}): ${(error.cause as Error).message}`,
				cause: error.cause,
			})
		}
		const reason = error.cause as { code?: string; message?: string }
		throw new UpstreamError({
			upstream,
			kind: 'network',
			message:
				error.stage === 'body'
					? `Network Error: the answer was cut off (${where})`
					: `Network Error: ${reason.code ?? reason.message} (${where})`,
			cause: error.cause,
		})
	}
	const read = parseBody(answer)

	const status = answer.status
	if (status < 200 || status > 299) {
		const body = errorBody(read.body)
		const code = body && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined
		const error = new UpstreamError({
			upstream,
			kind: 'status',
			status,
			code: typeof code === 'string' ? code : undefined,
			message: messageFromBody(body) ?? `Request failed with status code ${status}`,
			body,
		})
		if (carriesUserCredentials(options.auth)) noteCredentialError(error)
		throw error
	}
	if (read.malformed) {
		throw new UpstreamError({
			upstream,
			kind: 'malformed',
			message: `Malformed answer from the ${upstream} upstream (${where}): not JSON`,
		})
	}
	const parsed = options.schema.safeParse(read.body)
	if (!parsed.success) {
		const first = parsed.error.issues[0]
		throw new UpstreamError({
			upstream,
			kind: 'malformed',
			message: `Malformed answer from the ${upstream} upstream (${where}): ${first ? `${first.path.join('.') || '(body)'} ${first.message}` : 'unexpected shape'}`,
			cause: parsed.error,
		})
	}
	return parsed.data
}

/** A picture an upstream named, as it came: its status, its Content-Type and its bytes. */
export interface PictureAnswer {
	status: number
	contentType: string
	bytes: Buffer
}

/**
 * Fetches a picture an upstream named (the picture route, ADR 0033): a GET of an absolute address the
 * caller has checked, with no cookie or credential of ours, no redirect followed, given up after
 * `timeoutMs` and when the body grows past `maxBytes`. Failures are UpstreamErrors of `picture`:
 * `timeout`, `network`, `malformed` (too large, or undecodable); a status is the caller's to judge.
 */
export async function fetchPicture(
	url: URL,
	limits: { timeoutMs: number; maxBytes: number; accept: string; signal?: AbortSignal },
): Promise<PictureAnswer> {
	const where = `GET ${url.host}${url.pathname}`
	try {
		const answer = await exchange(url, { method: 'GET', headers: { Accept: limits.accept } }, limits)
		return { status: answer.status, contentType: answer.contentType, bytes: answer.body }
	} catch (error) {
		if (!(error instanceof ExchangeFailure)) throw error
		const kind = error.why === 'tooLarge' || error.why === 'undecodable' ? 'malformed' : error.why
		const message =
			error.why === 'tooLarge' ? `longer than ${limits.maxBytes} bytes` : ((error.cause as Error)?.message ?? error.why)
		throw new UpstreamError({ upstream: 'picture', kind, message: `${message} (${where})`, cause: error.cause })
	}
}
