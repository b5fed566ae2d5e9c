/**
 * msw handlers for the upstreams, one helper per upstream, and the answers
 * the error tests need: `account.get('me', reply.json(user))` answers the
 * account API's `GET me` for the rest of the test and records every request
 * it answered.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { UpstreamName } from '#app/upstream/config.server.ts'
import { server } from './server.ts'
import { upstreamUrl } from './upstreams.ts'

export { BASE_URLS, TEST_SECURITY_SECRET, upstreamUrl } from './upstreams.ts'
export { server } from './server.ts'

/** A request as the upstream received it. */
export interface Received {
	method: string
	url: URL
	headers: Headers
	/** The body as sent ('' for none). */
	text: string
	/** The body parsed as JSON; undefined when there is none or it is not JSON. */
	json: unknown
	/** Aborted when the client gave up on the request. */
	signal: AbortSignal
}

export interface Hit {
	/** Every request answered, oldest first. */
	readonly calls: readonly Received[]
	/** The latest request (the test fails when there was none). */
	readonly last: Received
	/** Resolves once `count` requests have arrived. */
	arrived(count?: number): Promise<Received>
}

export type Reply = (request: Request) => Response | Promise<Response>

type Method = 'get' | 'post' | 'put' | 'delete'

function parseJson(text: string): unknown {
	try {
		return text ? JSON.parse(text) : undefined
	} catch {
		return undefined
	}
}

/** Answers `method path` with the replies in turn, the last one for every further request. */
function handle(upstream: UpstreamName, method: Method, path: string, replies: Reply[]): Hit {
	if (replies.length === 0) throw new Error(`No reply for ${method} ${path}`)
	const calls: Received[] = []
	const waiting: { count: number; resolve: (received: Received) => void }[] = []
	server.use(
		http[method](upstreamUrl(upstream, path), async ({ request }) => {
			const text = await request.clone().text()
			const received: Received = {
				method: request.method,
				url: new URL(request.url),
				headers: request.headers,
				text,
				json: parseJson(text),
				signal: request.signal,
			}
			calls.push(received)
			for (const waiter of waiting.filter((w) => calls.length >= w.count)) {
				waiting.splice(waiting.indexOf(waiter), 1)
				waiter.resolve(received)
			}
			const next = replies[Math.min(calls.length, replies.length) - 1]!
			return next(request)
		}),
	)
	return {
		calls,
		get last() {
			const received = calls.at(-1)
			if (!received) throw new Error(`${method.toUpperCase()} ${upstreamUrl(upstream, path)} was never called`)
			return received
		},
		arrived(count = 1) {
			if (calls.length >= count) return Promise.resolve(calls[count - 1]!)
			return new Promise((resolve) => waiting.push({ count, resolve }))
		},
	}
}

function on(upstream: UpstreamName) {
	return {
		get: (path: string, ...replies: Reply[]) => handle(upstream, 'get', path, replies),
		post: (path: string, ...replies: Reply[]) => handle(upstream, 'post', path, replies),
		put: (path: string, ...replies: Reply[]) => handle(upstream, 'put', path, replies),
		delete: (path: string, ...replies: Reply[]) => handle(upstream, 'delete', path, replies),
	}
}

export const account = on('account')
export const sso = on('sso')
export const cloud = on('cloud')
export const device = on('device')
export const publicApi = on('public')
export const log = on('log')
export const video = on('video')
export const upstreams = { account, sso, cloud, device, public: publicApi, log, video } as const

/** The text a truncated answer starts with. */
export const NOT_JSON = '{"items": ['

export const reply = {
	json:
		(body: unknown, status = 200): Reply =>
		() =>
			HttpResponse.json(body as JsonBodyType, { status }),
	/** A body that is not JSON and does not say it is (an HTML error page, plain text). */
	text:
		(body: string, status = 200, type = 'text/html'): Reply =>
		() =>
			new HttpResponse(body, { status, headers: { 'Content-Type': type } }),
	empty:
		(status = 204): Reply =>
		() =>
			new HttpResponse(null, { status }),
	/** Says it is JSON and is not. */
	notJson:
		(status = 200): Reply =>
		() =>
			new HttpResponse(NOT_JSON, { status, headers: { 'Content-Type': 'application/json' } }),
	/** The connection drops before any answer. */
	drop: (): Reply => () => HttpResponse.error(),
	/** The connection drops in the middle of the body: its length promised more than came. */
	cutOff: (): Reply => () => {
		let sent = false
		const body = new ReadableStream<Uint8Array>({
			async pull(controller) {
				if (!sent) {
					sent = true
					return controller.enqueue(new TextEncoder().encode(NOT_JSON))
				}
				// Past the headers and the first bytes, which msw writes on the next turn of the event loop.
				await new Promise((resolve) => setImmediate(resolve))
				controller.error(new Error('connection reset'))
			},
		})
		return new HttpResponse(body, {
			headers: { 'Content-Type': 'application/json', 'Content-Length': String(NOT_JSON.length + 100) },
		})
	},
	/** Sends the headers and the first bytes, then nothing more until the client gives up. */
	stall:
		(onRead?: () => void): Reply =>
		(request) => {
			const body = new ReadableStream<Uint8Array>({
				start(controller) {
					controller.enqueue(new TextEncoder().encode(NOT_JSON))
					request.signal.addEventListener('abort', () => controller.error(new Error('client gave up')), { once: true })
				},
				// Asked for more once the first chunk was taken: the answer's head is out, its body is being read.
				pull() {
					onRead?.()
				},
			})
			return new HttpResponse(body, {
				headers: { 'Content-Type': 'application/json', 'Content-Length': String(NOT_JSON.length + 100) },
			})
		},
	/** Never answers; lets the request go once the client gives up on it. */
	never: (): Reply => (request) =>
		new Promise<Response>((resolve) => {
			request.signal.addEventListener('abort', () => resolve(HttpResponse.error()), { once: true })
		}),
}
