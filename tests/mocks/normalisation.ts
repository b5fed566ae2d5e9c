/**
 * Spec 2 §8 for one client call, against msw: what a caller sees when the
 * upstream answers an error with a `message`, with only an `error`, with
 * neither; answers something that is not JSON or not the contract's shape;
 * drops the connection before or during the answer; never answers; or when
 * the caller gives up. Every client module runs it for its calls, so a client
 * that swallowed, rewrote or mislabelled an upstream failure fails here.
 */
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { UpstreamName } from '#app/upstream/config.server.ts'
import { UpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { useFakeClock } from './clock.ts'
import { reply, upstreams, type Received, type Reply } from './handlers.ts'
import { upstreamUrl } from './upstreams.ts'

/** The UpstreamError a call failed with (the test fails when it did not fail so). */
export async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
	const error = await promise.then(
		(value: unknown) => ({ resolved: value }),
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(UpstreamError)
	return error as UpstreamError
}

/** A promise and whether it has settled yet, for waiting on a clock. */
export function watch<T>(promise: Promise<T>): { promise: Promise<T>; readonly settled: boolean } {
	let settled = false
	const watched = promise.finally(() => {
		settled = true
	})
	// The outcome is read later; an early rejection is not unhandled.
	watched.catch(() => {})
	return {
		promise: watched,
		get settled() {
			return settled
		},
	}
}

/** Spec 1 §9: the HTTP time-out of both APIs. Written out, so a client that changed it fails. */
export const SPEC_HTTP_TIMEOUT_MS = 60_000

export interface NormalisationCase {
	upstream: UpstreamName
	method: 'get' | 'post' | 'put' | 'delete'
	/** The call's path under the upstream's base, as the client sends it. */
	path: string
	/** The call as a caller makes it, with the caller's signal. */
	call: (signal: AbortSignal) => Promise<unknown>
	/** A successful answer whose shape the call's contract refuses. */
	wrongShape?: unknown
	/** The call's contract takes any JSON answer: there is no wrong shape to try. */
	anyShape?: boolean
	/** What the upstream must have received, checked on every case (auth headers, body). */
	received?: (request: Received) => void
}

export function describeNormalisation(title: string, c: NormalisationCase): void {
	const METHOD = c.method.toUpperCase()
	const where = `${METHOD} ${new URL(upstreamUrl(c.upstream, c.path)).pathname}`
	const answer = (...replies: Reply[]) => upstreams[c.upstream][c.method](c.path, ...replies)

	async function failed(...replies: Reply[]): Promise<UpstreamError> {
		const hit = answer(...replies)
		const error = await failure(c.call(new AbortController().signal))
		expect(hit.calls).toHaveLength(1)
		expect(hit.last.method).toBe(METHOD)
		c.received?.(hit.last)
		return error
	}

	describe(`${title}: spec 2 §8 errors`, () => {
		it("takes the error text from the body's message", async () => {
			const error = await failed(
				reply.json({ message: 'Invalid parameters.', error: 'Bad Request', code: 'InvalidParameters' }, 400),
			)
			expect(error).toMatchObject({
				name: 'UpstreamError',
				upstream: c.upstream,
				kind: 'status',
				status: 400,
				code: 'InvalidParameters',
				message: 'Invalid parameters.',
			})
			expect(error.body).toEqual({ message: 'Invalid parameters.', error: 'Bad Request', code: 'InvalidParameters' })
			expect(error.cancelled).toBe(false)
			expect(userMessageKey(error)).toBe('toast.exception')
		})

		it("takes it from the body's error field when there is no message", async () => {
			const error = await failed(reply.json({ error: 'Access Denied' }, 403))
			expect(error).toMatchObject({ kind: 'status', status: 403, code: undefined, message: 'Access Denied' })
		})

		it('names an HTTP status without either by its code', async () => {
			const error = await failed(reply.text('<html><body>Bad Gateway</body></html>', 502))
			expect(error).toMatchObject({ kind: 'status', status: 502, message: 'Request failed with status code 502' })
			expect(userMessageKey(error)).toBe('toast.tryAgain')
		})

		it('keeps a session error its text, so the session can act on it', async () => {
			const error = await failed(reply.json({ message: 'Refresh Token has expired' }, 401))
			expect(error).toMatchObject({ kind: 'status', status: 401, message: 'Refresh Token has expired' })
			expect(userMessageKey(error)).toBe('toast.tokenExpired')
		})

		it('refuses a success answer that is not JSON', async () => {
			const error = await failed(reply.notJson())
			expect(error).toMatchObject({
				kind: 'malformed',
				status: undefined,
				message: `Malformed answer from the ${c.upstream} upstream (${where}): not JSON`,
			})
			// An outage (the portal answers 503), worded as one (ADR 0052).
			expect(userMessageKey(error)).toBe('toast.tryAgain')
		})

		if (!c.anyShape)
			it("refuses JSON of a shape the call's contract does not allow", async () => {
				const error = await failed(reply.json(c.wrongShape ?? { unexpected: true }))
				expect(error.kind).toBe('malformed')
				expect(error.message).toMatch(`Malformed answer from the ${c.upstream} upstream (${where}): `)
				expect(error.message).not.toMatch(/not JSON$/)
				expect(error.cause).toBeInstanceOf(z.ZodError)
			})

		it('gives a network error when the connection drops before an answer', async () => {
			const error = await failed(reply.drop())
			expect(error.kind).toBe('network')
			expect(error.message).toMatch(/^Network Error: \S.*\(/)
			expect(error.message.endsWith(`(${where})`)).toBe(true)
			expect(userMessageKey(error)).toBe('toast.tryAgain')
		})

		it('gives a network error when the connection drops in the middle of the answer', async () => {
			const error = await failed(reply.cutOff())
			expect(error).toMatchObject({ kind: 'network', message: `Network Error: the answer was cut off (${where})` })
			expect(userMessageKey(error)).toBe('toast.tryAgain')
		})

		it(`times out after ${SPEC_HTTP_TIMEOUT_MS} ms when the upstream never answers`, async () => {
			useFakeClock()
			const hit = answer(reply.never())
			const call = watch(c.call(new AbortController().signal))
			const request = await hit.arrived()
			await vi.advanceTimersByTimeAsync(SPEC_HTTP_TIMEOUT_MS - 1)
			expect(call.settled).toBe(false)
			await vi.advanceTimersByTimeAsync(1)
			const error = await failure(call.promise)
			expect(error).toMatchObject({
				kind: 'timeout',
				message: `timeout of ${SPEC_HTTP_TIMEOUT_MS}ms exceeded (${where})`,
			})
			expect(request.signal.aborted).toBe(true)
			expect(userMessageKey(error)).toBe('toast.tryAgain')
		})

		it('marks a call the caller gave up on as cancelled, so nothing is shown for it', async () => {
			const hit = answer(reply.never())
			const controller = new AbortController()
			const call = c.call(controller.signal)
			const request = await hit.arrived()
			controller.abort()
			const error = await failure(call)
			expect(error).toMatchObject({ kind: 'cancelled', cancelled: true })
			expect(userMessageKey(error)).toBeNull()
			expect(request.signal.aborted).toBe(true)
		})
	})
}
