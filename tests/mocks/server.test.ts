import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { getEnv } from '#app/env.server.ts'
import { upstreamBaseUrl, UPSTREAMS } from '#app/upstream/config.server.ts'
import { upstreamRequest } from '#app/upstream/http.server.ts'
import { account, BASE_URLS, reply } from './handlers.ts'
import { useFakeClock } from './clock.ts'
import { failure } from './normalisation.ts'
import { takeUnhandled } from './server.ts'

describe('the msw harness of the upstream unit tests', () => {
	it('points every upstream at a host only msw answers, not at the emulator', () => {
		expect(getEnv().USE_EMULATOR).toBe(false)
		for (const name of UPSTREAMS) expect(upstreamBaseUrl(name)).toBe(BASE_URLS[name])
	})

	it('answers a call through the real fetch and records what it received', async () => {
		const hit = account.get('me', reply.json({ ok: true }))
		expect(await upstreamRequest('account', { path: 'me', schema: z.object({ ok: z.boolean() }) })).toEqual({
			ok: true,
		})
		expect(hit.last.url.href).toBe(`${BASE_URLS.account}me`)
	})

	it('forgets the handlers of the test before, and reports a request no handler answered', async () => {
		const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
		const error = await failure(upstreamRequest('account', { path: 'me', schema: z.unknown() }))
		expect(String(printed.mock.calls[0]?.[0])).toContain('without a matching request handler')
		printed.mockRestore()
		expect(error.kind).toBe('network')
		// Taken here so this test passes; left alone, the harness fails the test that made it.
		expect(takeUnhandled()).toEqual([`GET ${BASE_URLS.account}me`])
	})

	it('fakes the clock of time-outs for one test only', async () => {
		useFakeClock()
		const signal = AbortSignal.timeout(60_000)
		await vi.advanceTimersByTimeAsync(60_000)
		expect(signal.reason).toBeInstanceOf(DOMException)
		expect((signal.reason as DOMException).name).toBe('TimeoutError')
	})

	it('leaves the real timers to the next test', () => {
		expect(vi.isFakeTimers()).toBe(false)
		expect(vi.isMockFunction(AbortSignal.timeout)).toBe(false)
	})
})
