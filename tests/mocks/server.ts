/**
 * The msw server of the upstream layer's unit tests (ADR 0011). Importing it
 * points every upstream setting at a host only msw answers, so a test calls
 * the real clients through the real `fetch` without the emulator, and starts
 * msw for the test file. A request no handler answers fails the test that
 * made it: msw alone would turn it into a network error, which an error test
 * could take for the one it provoked.
 *
 * Settings are read on first use, not on import: importing this module (or
 * `handlers.ts`, which does) anywhere in a test file is enough.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { BASE_URLS, TEST_SECURITY_SECRET, upstreamUrl } from './upstreams.ts'

Object.assign(process.env, {
	ACCOUNT_API_URL: BASE_URLS.account,
	SSO_URL: BASE_URLS.sso,
	CLOUD_API_URL: BASE_URLS.cloud,
	DEVICE_API_URL: BASE_URLS.device,
	PUBLIC_API_URL: BASE_URLS.public,
	LOG_API_URL: BASE_URLS.log,
	VIDEO_API_URL: BASE_URLS.video,
	RCP_SECURITY_SECRET: TEST_SECURITY_SECRET,
	PUBLIC_URL: 'http://portal.test',
	NODE_ENV: 'test',
	// A Redis from the shell would share the master-data cache between test files.
	REDIS_URL: '',
})

/** The account API's clock, which every signed-header call reads first; a test may answer it otherwise. */
const serverTime = http.get(upstreamUrl('account', 'serverTime'), () =>
	HttpResponse.json({ serverTime: new Date().toISOString() }),
)

export const server = setupServer(serverTime)

const unhandled: string[] = []
server.events.on('request:unhandled', ({ request }) => {
	unhandled.push(`${request.method} ${request.url}`)
})

/** The requests no handler answered since the last call (`METHOD url`). */
export function takeUnhandled(): string[] {
	return unhandled.splice(0)
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
	server.resetHandlers()
	expect(takeUnhandled(), 'requests no msw handler answered').toEqual([])
})
afterAll(() => server.close())
