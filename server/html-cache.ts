/**
 * The rendered-HTML cache of anonymous pages (ADR 0048): an anonymous page is rendered once per key
 * and then answered from this process's memory, with this response's CSP nonce put in. Whether a
 * request may be answered from it, and under which key, is the app's decision (`decide`, made before
 * the cache from everything of the visitor's); whether a render may enter it is `isStorable`. Every
 * answer the cache is asked about says `X-Cache: HIT` or `MISS`; other answers carry no such header.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import { LRUCache } from 'lru-cache'
import { isCacheablePath, isStorable } from '../app/domain/html-cache.ts'
import { noteMatchedRoute } from '../app/observability/request-scope.server.ts'
import { deflatedParts, gzipJoined } from './gzip-parts.ts'

export interface HtmlCacheDecision {
	key: string
	country: string
	setCookies: string[]
}

export interface HtmlCacheOptions {
	decide: (request: {
		method: string
		url: string
		headers: Headers
		clientIp: string
	}) => Promise<HtmlCacheDecision | null>
	/** Bytes of HTML kept at most; the least recently used page goes first. */
	maxBytes?: number
	/** How long a page is kept: bounds how stale upstream master data on a page (policy links, plans) can be. */
	ttlMs?: number
}

interface CachedPage {
	/** The page cut where its render's nonce stood. */
	parts: Buffer[]
	/** The parts compressed, once (server/gzip-parts.ts): a hit is answered gzipped without compressing. */
	deflated: Buffer[]
	headers: [string, string | number | readonly string[]][]
	bytes: number
}

/** Headers of the render that are the page's, not this response's. */
const PER_RESPONSE = new Set([
	'set-cookie',
	'content-length',
	'x-cache',
	'date',
	'etag',
	'x-request-id',
	'server-timing',
])

export const HTML_CACHE_MAX_BYTES = 32 * 1024 * 1024
export const HTML_CACHE_TTL_MS = 60_000

/** The Express middleware, before the React Router handler. `res.locals.regionCountry` goes to the render. */
export function htmlCache(options: HtmlCacheOptions): RequestHandler {
	const pages = new LRUCache<string, CachedPage>({
		maxSize: options.maxBytes ?? HTML_CACHE_MAX_BYTES,
		sizeCalculation: (page) => Math.max(1, page.bytes),
		ttl: options.ttlMs ?? HTML_CACHE_TTL_MS,
	})
	return (req, res, next) => {
		// Most requests are for no anonymous page: they cost one match here, nothing more.
		if (req.method !== 'GET' || !isCacheablePath(req.path)) return next()
		options
			.decide({
				method: req.method,
				url: fullUrl(req),
				headers: headersOf(req.headers),
				clientIp: req.ip ?? '',
			})
			.then((decision) => {
				if (!decision) return next()
				const nonce = res.locals.cspNonce as string
				const page = pages.get(decision.key)
				if (page) {
					// React Router does not see a hit, so the request's metrics are named here (ADR 0050).
					noteMatchedRoute(req.path)
					for (const [name, value] of page.headers) res.setHeader(name, value)
					for (const cookie of decision.setCookies) res.append('Set-Cookie', cookie)
					// Gzip made from the parts compressed when the page was kept; the compressor leaves an answer
					// already encoded alone. A client that takes no gzip gets the page as the compressor makes it.
					const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip'
					if (gzip) res.setHeader('Content-Encoding', 'gzip')
					const body = gzip ? gzipJoined(page.parts, page.deflated, Buffer.from(nonce)) : joinParts(page.parts, nonce)
					res.status(200).set('X-Cache', 'HIT').set('Content-Length', String(body.length)).end(body)
					return
				}
				res.locals.regionCountry = decision.country
				capture(res, nonce, decision, (stored) => pages.set(decision.key, stored))
				next()
			})
			.catch(next)
	}
}

/**
 * The request's URL as React Router's adapter makes it: behind a trusted proxy, the forwarded scheme and
 * host. A page rendered for one origin is never another's, whichever header named it.
 */
function fullUrl(req: Request): string {
	try {
		return new URL(req.originalUrl, `${req.protocol}://${req.host || 'portal.invalid'}`).href
	} catch {
		return new URL(req.originalUrl, 'http://portal.invalid').href
	}
}

/** Only what the decision reads: the cookies, the host, the visitor's languages, Save-Data (lite mode). */
function headersOf(headers: IncomingHttpHeaders): Headers {
	const out = new Headers()
	for (const name of ['cookie', 'host', 'accept-language', 'save-data'] as const) {
		const value = headers[name]
		if (typeof value === 'string') out.set(name, value)
	}
	return out
}

/**
 * Collects the render's body as it is written (before compression, which wraps the response first),
 * decides at the head whether it may be kept, and keeps it cut at the nonce when it ends. The visitor's
 * own cookies are added at the head too, after that decision, so they never count against it nor enter
 * the cache.
 */
function capture(res: Response, nonce: string, decision: HtmlCacheDecision, store: (page: CachedPage) => void) {
	const before = new Set(Object.keys(res.getHeaders()))
	let storable = false
	let headers: CachedPage['headers'] = []
	const chunks: Buffer[] = []
	const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
	res.writeHead = ((...args: unknown[]) => {
		const status = typeof args[0] === 'number' ? args[0] : res.statusCode
		storable = isStorable({
			status,
			contentType: String(res.getHeader('Content-Type') ?? ''),
			setsCookie: res.hasHeader('Set-Cookie') || headersArgSetsCookie(args),
		})
		headers = Object.entries(res.getHeaders())
			.filter(([name, value]) => !before.has(name) && !PER_RESPONSE.has(name) && value !== undefined)
			.map(([name, value]) => [name, value as string | number | readonly string[]])
		for (const cookie of decision.setCookies) res.append('Set-Cookie', cookie)
		res.setHeader('X-Cache', 'MISS')
		return writeHead(...args)
	}) as Response['writeHead']
	const write = res.write.bind(res) as (...args: unknown[]) => boolean
	const end = res.end.bind(res) as (...args: unknown[]) => Response
	const keep = (chunk: unknown, encoding: unknown) => {
		if (typeof chunk === 'string')
			chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
		else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
	}
	res.write = ((chunk: unknown, ...rest: unknown[]) => {
		keep(chunk, rest[0])
		return write(chunk, ...rest)
	}) as Response['write']
	res.end = ((chunk?: unknown, ...rest: unknown[]) => {
		if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0])
		const result = end(chunk, ...rest)
		if (storable && res.statusCode === 200) {
			const body = Buffer.concat(chunks)
			const parts = splitAt(body, nonce)
			const deflated = deflatedParts(parts)
			store({ parts, deflated, headers, bytes: body.length + deflated.reduce((sum, part) => sum + part.length, 0) })
		}
		return result
	}) as Response['end']
}

function headersArgSetsCookie(args: unknown[]): boolean {
	const headers = args.find((arg) => typeof arg === 'object' && arg !== null)
	if (!headers) return false
	if (Array.isArray(headers))
		return headers.some((entry, i) => i % 2 === 0 && String(entry).toLowerCase() === 'set-cookie')
	return Object.keys(headers).some((name) => name.toLowerCase() === 'set-cookie')
}

/** The page in pieces around each place its render's nonce stood (a base64 of 16 random bytes: never by chance). */
export function splitAt(body: Buffer, nonce: string): Buffer[] {
	const parts: Buffer[] = []
	if (!nonce) return [body]
	let start = 0
	for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, start)) {
		parts.push(body.subarray(start, at))
		start = at + nonce.length
	}
	parts.push(body.subarray(start))
	return parts
}

export function joinParts(parts: readonly Buffer[], nonce: string): Buffer {
	if (parts.length === 1) return parts[0]!
	const glue = Buffer.from(nonce)
	const pieces: Buffer[] = []
	parts.forEach((part, i) => {
		if (i > 0) pieces.push(glue)
		pieces.push(part)
	})
	return Buffer.concat(pieces)
}
