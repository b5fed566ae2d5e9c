/** Where each upstream lives in the msw unit tests: hosts only msw answers (ADR 0011). */
import type { UpstreamName } from '#app/upstream/config.server.ts'

/** Shared with nothing real: signs the X-RCP-Security-Token header in these tests. */
export const TEST_SECURITY_SECRET = 'msw-unit-test-security-secret'

/** The account and video APIs sit under a path, as real ones do, so a client that dropped it would miss. */
export const BASE_URLS = {
	account: 'http://account.upstream.test/api/v1/',
	sso: 'http://sso.upstream.test/',
	cloud: 'http://cloud.upstream.test/',
	device: 'http://device.upstream.test/',
	public: 'http://public.upstream.test/',
	log: 'http://log.upstream.test/',
	video: 'http://video.upstream.test/youtube/v3/',
} as const satisfies Record<UpstreamName, string>

/** The absolute URL of a call, as msw matches it (`path` may hold msw parameters such as `:id`). */
export function upstreamUrl(upstream: UpstreamName, path: string): string {
	return `${BASE_URLS[upstream]}${path.replace(/^\/+/, '')}`
}
