import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let upstreamRequest: typeof import('#app/upstream/http.server.ts').upstreamRequest

beforeAll(async () => {
	emu = await startEmulator()
	;({ upstreamRequest } = await import('#app/upstream/http.server.ts'))
})
afterEach(() => emu.clearFaults())
afterAll(() => emu.stop())

const anything = z.unknown()

describe('the shared upstream HTTP layer against injected faults', () => {
	it('names an HTTP status error by its code when the body has no message', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'malformed', status: 502 })
		const error = await failure(upstreamRequest('account', { path: 'master/genders', schema: anything }))
		expect(error.kind).toBe('status')
		expect(error.status).toBe(502)
		expect(error.message).toBe('Request failed with status code 502')
	})

	it('takes the text of a 5xx from its message', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'status', status: 503 })
		const error = await failure(upstreamRequest('account', { path: 'master/genders', schema: anything }))
		expect(error).toMatchObject({ kind: 'status', status: 503, message: 'Injected fault: HTTP 503' })
	})

	it('gives a timeout error when the upstream never answers', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'timeout' })
		const error = await failure(
			upstreamRequest('account', { path: 'master/genders', schema: anything, timeoutMs: 300 }),
		)
		expect(error.kind).toBe('timeout')
		expect(error.message).toMatch(/^timeout of 300ms exceeded/)
	})

	it('gives a network error when the connection is dropped', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'drop' })
		const error = await failure(upstreamRequest('account', { path: 'master/genders', schema: anything }))
		expect(error.kind).toBe('network')
		expect(error.message).toMatch(/^Network Error/)
	})

	it('sends a GET once more when the kept-alive connection it went out on is closed under it', async () => {
		// A first call leaves a kept-alive connection for the next one to reuse.
		await upstreamRequest('account', { path: 'master/genders', schema: anything })
		await emu.fault({ path: '/account/master/genders', mode: 'drop', times: 1 })
		await expect(upstreamRequest('account', { path: 'master/genders', schema: anything })).resolves.toBeDefined()
	})

	it('does not send a POST again: it may have arrived', async () => {
		await upstreamRequest('account', { path: 'master/genders', schema: anything })
		await emu.fault({ path: '/account/confirm', mode: 'drop', times: 1 })
		const error = await failure(
			upstreamRequest('account', {
				method: 'POST',
				path: 'confirm',
				body: { email: 'nobody@example.com', code: '000000' },
				schema: anything,
			}),
		)
		expect(error.kind).toBe('network')
	})

	it('gives a malformed error for a body that is not JSON', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'malformed' })
		const error = await failure(upstreamRequest('account', { path: 'master/genders', schema: anything }))
		expect(error.kind).toBe('malformed')
	})

	it('gives a malformed error for JSON of the wrong shape', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'status', status: 200 })
		const error = await failure(
			upstreamRequest('account', { path: 'master/genders', schema: z.array(z.object({ id: z.string() })) }),
		)
		expect(error.kind).toBe('malformed')
		expect(error.message).toContain('Malformed answer from the account upstream')
	})

	it('marks a request the caller cancelled, so its message is suppressed', async () => {
		await emu.fault({ path: '/account/master/genders', mode: 'timeout' })
		const controller = new AbortController()
		const pending = upstreamRequest('account', { path: 'master/genders', schema: anything, signal: controller.signal })
		setTimeout(() => controller.abort(), 50)
		const error = await failure(pending)
		expect(error.cancelled).toBe(true)
	})

	it('answers an unknown call with a 404 that says so', async () => {
		const error = await failure(upstreamRequest('account', { path: 'no/such/call', schema: anything }))
		expect(error).toMatchObject({ kind: 'status', status: 404 })
		expect(error.message).toContain('No such emulated call')
	})
})
