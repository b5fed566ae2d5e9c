import { describe, expect, test } from 'vitest'
import { isOutage, UpstreamError, type UpstreamErrorKind } from './errors.ts'

const failure = (kind: UpstreamErrorKind, status?: number) =>
	new UpstreamError({ upstream: 'cloud', kind, message: 'failed', status })

describe('isOutage: an upstream failure is an outage or a refusal', () => {
	test.each([
		['no answer in time', failure('timeout'), true],
		['no connection', failure('network'), true],
		['an answer the contract refused', failure('malformed'), true],
		['cancelled by the caller', failure('cancelled'), true],
		['500', failure('status', 500), true],
		['503', failure('status', 503), true],
		['400', failure('status', 400), false],
		['404', failure('status', 404), false],
		['409', failure('status', 409), false],
		['499', failure('status', 499), false],
	])('%s', (_name, error, outage) => {
		expect(isOutage(error)).toBe(outage)
	})
})
