import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { account, BASE_URLS, cloud, log, reply } from '#tests/mocks/handlers.ts'
import { useFakeClock } from '#tests/mocks/clock.ts'
import { describeNormalisation, failure, watch } from '#tests/mocks/normalisation.ts'
import { disableMetrics, enableMetrics } from '../observability/metrics.server.ts'
import { runInRequestScope } from '../observability/request-scope.server.ts'
import { userMessageKey } from './errors.ts'
import { upstreamRequest } from './http.server.ts'

const Genders = z.object({ items: z.array(z.object({ id: z.string() })) })

describeNormalisation('upstreamRequest', {
	upstream: 'account',
	method: 'get',
	path: 'master/genders',
	call: (signal) => upstreamRequest('account', { path: 'master/genders', schema: Genders, signal }),
	wrongShape: { items: [{ id: 7 }] },
})

describe('upstreamRequest: what the upstream receives', () => {
	it('sends the path under the base URL, a leading slash ignored, with the query', async () => {
		const hit = account.get('users/u1/phones', reply.json({ items: [] }))
		await upstreamRequest('account', {
			path: '/users/u1/phones',
			query: { perPage: -1, 'cultureCodeIds[]': ['1', 30], skipped: undefined, none: null, flag: false },
			schema: z.unknown(),
		})
		expect(hit.last.url.href.startsWith(BASE_URLS.account)).toBe(true)
		expect(hit.last.url.pathname).toBe('/api/v1/users/u1/phones')
		expect([...hit.last.url.searchParams]).toEqual([
			['perPage', '-1'],
			['cultureCodeIds[]', '1'],
			['cultureCodeIds[]', '30'],
			['flag', 'false'],
		])
		expect(hit.last.headers.get('accept')).toBe('application/json')
	})

	it('sends each kind of auth as spec 2 §7 says', async () => {
		const hit = cloud.post('api/service', reply.json({}))
		const call = (auth: Parameters<typeof upstreamRequest>[1]['auth']) =>
			upstreamRequest('cloud', {
				method: 'POST',
				path: 'api/service',
				body: { action: 'x' },
				auth,
				schema: z.unknown(),
			})
		await call({ kind: 'access', token: 'access-token' })
		await call({ kind: 'bearer', token: 'id-token' })
		await call({ kind: 'raw', token: 'id-token' })
		await call([
			{ kind: 'access', token: 'access-token' },
			{ kind: 'header', name: 'X-RCP-Security-Token', value: 'signed' },
		])
		await call(undefined)
		expect(hit.calls.map((r) => r.headers.get('authorization'))).toEqual([
			'access-token',
			'Bearer id-token',
			'id-token',
			'access-token',
			null,
		])
		expect(hit.calls[3]!.headers.get('x-rcp-security-token')).toBe('signed')
		expect(hit.last.headers.get('content-type')).toBe('application/json')
		expect(hit.last.json).toEqual({ action: 'x' })
	})

	it('sends a form as application/x-www-form-urlencoded', async () => {
		const hit = account.post('oauth/form', reply.json({}))
		await upstreamRequest('account', {
			method: 'POST',
			path: 'oauth/form',
			form: { a: '1 2', b: 'é' },
			schema: z.unknown(),
		})
		expect(hit.last.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
		expect(hit.last.text).toBe('a=1+2&b=%C3%A9')
	})

	it('asks for no compression, and still reads an answer compressed anyway', async () => {
		const json = JSON.stringify({ items: [{ id: 'ja' }] })
		const compressed = { gzip: gzipSync(json), deflate: deflateSync(json), br: brotliCompressSync(json) }
		for (const [encoding, bytes] of Object.entries(compressed)) {
			const hit = account.get(
				`master/${encoding}`,
				() => new Response(bytes, { headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding } }),
			)
			expect(await upstreamRequest('account', { path: `master/${encoding}`, schema: Genders })).toEqual({
				items: [{ id: 'ja' }],
			})
			expect(hit.last.headers.get('accept-encoding')).toBeNull()
		}
	})

	it('calls a body it cannot decode malformed', async () => {
		account.get(
			'master/garbled',
			() =>
				new Response('not gzip at all', {
					headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
				}),
		)
		const error = await failure(upstreamRequest('account', { path: 'master/garbled', schema: Genders }))
		expect(error).toMatchObject({ kind: 'malformed' })
		expect(error.message).toMatch(/^Malformed answer from the account upstream \(GET \/api\/v1\/master\/garbled\)/)
	})

	it('does not follow a redirect: it is a status error named by its code', async () => {
		account.get('moved', () => new Response(null, { status: 302, headers: { Location: 'http://elsewhere.test/' } }))
		const error = await failure(upstreamRequest('account', { path: 'moved', schema: z.unknown() }))
		expect(error).toMatchObject({ kind: 'status', status: 302, message: 'Request failed with status code 302' })
	})
})

describe('upstreamRequest: the error text (spec 2 §8)', () => {
	const cases: [string, unknown, string][] = [
		['message before error', { error: 'Bad Request', message: 'Invalid Credentials' }, 'Invalid Credentials'],
		['the API gateway spelling, Message', { Message: 'User is not authorized' }, 'User is not authorized'],
		['a message nested in error', { error: { message: 'Failed: No UserId' } }, 'Failed: No UserId'],
		['an OAuth 2 error_description', { error_description: 'Session is invalid' }, 'Session is invalid'],
		['a blank message skipped for error', { message: '  ', error: 'Access Denied' }, 'Access Denied'],
		['surrounding space trimmed', { message: ' Failed to refresh token \n' }, 'Failed to refresh token'],
		['a message that is not text skipped', { message: 42, error: 'No credentials' }, 'No credentials'],
		['a body without either', { detail: 'nothing usable' }, 'Request failed with status code 400'],
		['a JSON body that is only text', 'Access Denied', 'Request failed with status code 400'],
	]
	for (const [what, body, message] of cases) {
		it(`${what}: ${message}`, async () => {
			account.get('me', reply.json(body, 400))
			const error = await failure(upstreamRequest('account', { path: 'me', schema: z.unknown() }))
			expect(error).toMatchObject({ kind: 'status', status: 400, message })
		})
	}

	it('names a status by its code when its JSON body is broken', async () => {
		account.get('me', reply.notJson(500))
		const error = await failure(upstreamRequest('account', { path: 'me', schema: z.unknown() }))
		expect(error).toMatchObject({ kind: 'status', status: 500, message: 'Request failed with status code 500' })
		expect(error.body).toBe('{"items": [')
	})

	it('takes the message from a JSON error body the upstream labelled as text', async () => {
		account.post(
			'signin',
			reply.text('{"message":"Invalid Credentials","code":"NotAuthorizedException"}', 400, 'text/plain'),
		)
		const error = await failure(upstreamRequest('account', { method: 'POST', path: 'signin', schema: z.unknown() }))
		expect(error).toMatchObject({
			kind: 'status',
			status: 400,
			code: 'NotAuthorizedException',
			message: 'Invalid Credentials',
		})
	})

	it("keeps the upstream's own code beside its text", async () => {
		account.get('me', reply.json({ message: 'Token has expired.', code: 'TokenExpired' }, 401))
		const error = await failure(upstreamRequest('account', { path: 'me', schema: z.unknown() }))
		expect(error).toMatchObject({ status: 401, code: 'TokenExpired', message: 'Token has expired.' })
		expect(userMessageKey(error)).toBe('toast.tokenExpired')
	})

	it('gives a user the catalogue message the failure calls for', async () => {
		const keyOf = async (status: number, body: unknown) => {
			account.get('me', reply.json(body, status))
			return userMessageKey(await failure(upstreamRequest('account', { path: 'me', schema: z.unknown() })))
		}
		expect(await keyOf(401, { message: 'Refresh Token has been revoked' })).toBe('toast.tokenExpired')
		expect(await keyOf(401, { error: 'Token has expired.' })).toBe('toast.tokenExpired')
		expect(await keyOf(409, { message: 'TransactionAlreadyStartedError' })).toBe('toast.tryAgain')
		expect(await keyOf(503, { message: 'Service Unavailable' })).toBe('toast.tryAgain')
		expect(await keyOf(400, { message: 'Invalid parameters.' })).toBe('toast.exception')
		// A malformed answer is an outage (a 503), worded as one.
		account.get('me', reply.json({ id: 42 }))
		const malformed = await failure(upstreamRequest('account', { path: 'me', schema: z.object({ id: z.string() }) }))
		expect(malformed.kind).toBe('malformed')
		expect(userMessageKey(malformed)).toBe('toast.tryAgain')
		expect(userMessageKey(new Error('not from an upstream'))).toBe('toast.exception')
	})

	it('marks a call whose caller had already given up as cancelled, without calling the upstream', async () => {
		const hit = log.post('log/portal', reply.json({}))
		const controller = new AbortController()
		controller.abort()
		const error = await failure(
			upstreamRequest('log', { method: 'POST', path: 'log/portal', schema: z.unknown(), signal: controller.signal }),
		)
		expect(error).toMatchObject({ kind: 'cancelled', cancelled: true })
		expect(userMessageKey(error)).toBeNull()
		expect(hit.calls).toHaveLength(0)
	})
})

describe('upstreamRequest: an answer that stops coming', () => {
	it('times out when the body stalls after the headers', async () => {
		useFakeClock()
		const hit = account.get('master/genders', reply.stall())
		const call = watch(upstreamRequest('account', { path: 'master/genders', schema: z.unknown(), timeoutMs: 5000 }))
		await hit.arrived()
		await vi.advanceTimersByTimeAsync(4999)
		expect(call.settled).toBe(false)
		await vi.advanceTimersByTimeAsync(1)
		const error = await failure(call.promise)
		expect(error).toMatchObject({ kind: 'timeout', message: 'timeout of 5000ms exceeded (GET /api/v1/master/genders)' })
	})

	it('marks a call the caller gave up on while the body was coming as cancelled', async () => {
		let bodyRead!: () => void
		const reading = new Promise<void>((resolve) => (bodyRead = resolve))
		account.get('master/genders', reply.stall(bodyRead))
		const controller = new AbortController()
		const call = upstreamRequest('account', { path: 'master/genders', schema: z.unknown(), signal: controller.signal })
		// Past the headers: the client is reading the body when it gives up.
		await reading
		controller.abort()
		const error = await failure(call)
		expect(error).toMatchObject({ kind: 'cancelled', cancelled: true })
	})
})

describe('upstreamRequest: the request id and the metrics (ADR 0050)', () => {
	afterEach(() => disableMetrics())

	it('sends the id of the request it is made for, and none outside a request', async () => {
		const hit = account.get('users/u1/phones', reply.json({ items: [] }))
		await runInRequestScope({ id: 'abc123', route: null, start: 0 }, () =>
			upstreamRequest('account', { path: 'users/u1/phones', schema: z.unknown() }),
		)
		await upstreamRequest('account', { path: 'users/u1/phones', schema: z.unknown() })
		expect(hit.calls.map((r) => r.headers.get('x-request-id'))).toEqual(['abc123', null])
	})

	it('times each call and counts its failure, by upstream and a call name without ids', async () => {
		const registry = enableMetrics()
		account.get('users/7b2c1a2e-9f4d-4a8e-b8a1-3c5d7e9f0a1b/phones', reply.json({ items: [] }))
		account.get('users/u2/phones', reply.json({ message: 'down' }, 503))
		cloud.post('api/notifications/key/ABCDEFGH/register', reply.notJson())
		await upstreamRequest('account', { path: 'users/7b2c1a2e-9f4d-4a8e-b8a1-3c5d7e9f0a1b/phones', schema: z.unknown() })
		await expect(upstreamRequest('account', { path: 'users/u2/phones', schema: z.unknown() })).rejects.toThrow()
		await expect(
			upstreamRequest('cloud', {
				method: 'POST',
				path: 'api/notifications/key/ABCDEFGH/register',
				call: 'POST /api/notifications/key/:key/register',
				schema: z.unknown(),
			}),
		).rejects.toThrow()
		const text = await registry.metrics()
		expect(text).toContain(
			'portal_upstream_request_duration_seconds_count{upstream="account",call="GET /users/:id/phones"} 2',
		)
		expect(text).toContain(
			'portal_upstream_errors_total{upstream="account",call="GET /users/:id/phones",kind="status_5xx"} 1',
		)
		expect(text).toContain(
			'portal_upstream_errors_total{upstream="cloud",call="POST /api/notifications/key/:key/register",kind="malformed"} 1',
		)
		expect(text).not.toMatch(/7b2c1a2e|u2|ABCDEFGH/)
	})

	it('logs an outage once, by upstream and call name without ids; an answer the user can act on is not logged', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
		try {
			account.get('users/u3/phones', reply.json({ message: 'down' }, 503))
			account.get('users/u4/phones', reply.json({ message: 'Invalid password' }, 400))
			await expect(upstreamRequest('account', { path: 'users/u3/phones', schema: z.unknown() })).rejects.toThrow()
			await expect(upstreamRequest('account', { path: 'users/u4/phones', schema: z.unknown() })).rejects.toThrow()
			expect(warn).toHaveBeenCalledTimes(1)
			expect(String(warn.mock.calls[0]![0])).toMatch(
				/^upstream call failed: account GET \/users\/:id\/phones: status_5xx after \d+ ms$/,
			)
		} finally {
			warn.mockRestore()
		}
	})
})
