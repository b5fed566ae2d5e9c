/**
 * The one place the portal makes HTTP calls to its upstreams: base URL per
 * upstream, the spec's auth per base, a 60 s time-out, errors normalised
 * (`errors.ts`) and every answer parsed with its contract schema, so a
 * malformed upstream answer is an error, never a crash.
 */
import type { z } from 'zod'
import { upstreamBaseUrl, type UpstreamName } from './config.server.ts'
import { messageFromBody, UpstreamError } from './errors.ts'

/** Spec 1 §9: HTTP time-out (both APIs) 60000 ms. */
export const HTTP_TIMEOUT_MS = 60_000

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

async function readBody(response: Response): Promise<{ body: unknown; malformed: boolean }> {
	const text = await response.text()
	if (!text) return { body: undefined, malformed: false }
	const type = response.headers.get('Content-Type') ?? ''
	if (!type.includes('json')) return { body: text, malformed: false }
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

/** Makes one call and returns its parsed answer, or throws an UpstreamError. */
export async function upstreamRequest<S extends z.ZodType>(
	upstream: UpstreamName,
	options: RequestOptions<S>,
): Promise<z.infer<S>> {
	const method = options.method ?? 'GET'
	const url = buildUrl(upstream, options.path, options.query)
	const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS
	const timeout = AbortSignal.timeout(timeoutMs)
	const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
	const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(options.auth) }
	let body: BodyInit | undefined
	if (options.bytes) {
		headers['Content-Type'] = options.bytes.contentType
		// Typed over ArrayBufferLike; the portal's files are never in shared memory.
		body = options.bytes.data as Uint8Array<ArrayBuffer>
	} else if (options.form) {
		headers['Content-Type'] = 'application/x-www-form-urlencoded'
		body = new URLSearchParams(options.form).toString()
	} else if (options.body !== undefined) {
		headers['Content-Type'] = 'application/json'
		body = JSON.stringify(options.body)
	}
	const where = `${method} ${url.pathname}`

	let response: Response
	try {
		response = await fetch(url, { method, headers, body, signal, redirect: 'manual' })
	} catch (error) {
		if (options.signal?.aborted) {
			throw new UpstreamError({ upstream, kind: 'cancelled', message: 'Request cancelled', cause: error })
		}
		if (timeout.aborted) {
			throw new UpstreamError({
				upstream,
				kind: 'timeout',
				message: `timeout of ${timeoutMs}ms exceeded (${where})`,
				cause: error,
			})
		}
		const reason = (error as { cause?: { code?: string; message?: string } }).cause
		throw new UpstreamError({
			upstream,
			kind: 'network',
			message: `Network Error: ${reason?.code ?? reason?.message ?? (error as Error).message} (${where})`,
			cause: error,
		})
	}

	let read: { body: unknown; malformed: boolean }
	try {
		read = await readBody(response)
	} catch (error) {
		if (options.signal?.aborted)
			throw new UpstreamError({ upstream, kind: 'cancelled', message: 'Request cancelled', cause: error })
		const kind = timeout.aborted ? 'timeout' : 'network'
		throw new UpstreamError({
			upstream,
			kind,
			message:
				kind === 'timeout'
					? `timeout of ${timeoutMs}ms exceeded (${where})`
					: `Network Error: the answer was cut off (${where})`,
			cause: error,
		})
	}

	if (!response.ok) {
		const body = errorBody(read.body)
		const code = body && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined
		throw new UpstreamError({
			upstream,
			kind: 'status',
			status: response.status,
			code: typeof code === 'string' ? code : undefined,
			message: messageFromBody(body) ?? `Request failed with status code ${response.status}`,
			body,
		})
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
