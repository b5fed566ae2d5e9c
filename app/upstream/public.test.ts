import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { publicApi, reply, type Reply } from '#tests/mocks/handlers.ts'
import { useFakeClock } from '#tests/mocks/clock.ts'
import { describeNormalisation, SPEC_HTTP_TIMEOUT_MS, watch } from '#tests/mocks/normalisation.ts'
import { getGeoipCountry, getPrivacyPolicyUrl, getProductImages } from './public.server.ts'

describeNormalisation('getProductImages (GET productImages)', {
	upstream: 'public',
	method: 'get',
	path: 'productImages',
	call: (signal) => getProductImages({ slug: 'td-17', brand: 'dw', cultureCode: 'ja-JP' }, signal),
	wrongShape: { slug: 'td-17', images: [{ url: 'not a url' }] },
	received: (request) => {
		expect(Object.fromEntries(request.url.searchParams)).toEqual({ slug: 'td-17', brand: 'dw', culture_code: 'ja-JP' })
		expect(request.headers.has('authorization')).toBe(false)
	},
})

describeNormalisation('getPrivacyPolicyUrl (GET url/privacy_policy/)', {
	upstream: 'public',
	method: 'get',
	path: 'url/privacy_policy/',
	call: (signal) => getPrivacyPolicyUrl({ brand: 'main', cultureCode: 'de-DE', country: 'DE' }, signal),
	wrongShape: { url: 'privacy' },
	received: (request) => expect(request.url.searchParams.get('country')).toBe('DE'),
})

describe('GET geoip: a failure logs and yields an empty country (spec 2 §7)', () => {
	let warn: MockInstance<typeof console.warn>
	beforeEach(() => {
		warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		return () => warn.mockRestore()
	})

	const cases: [string, Reply, string][] = [
		['message', reply.json({ message: 'No country for 198.51.100.7' }, 404), 'No country for [address]'],
		['status', reply.text('Service Unavailable', 503, 'text/plain'), 'Request failed with status code 503'],
		['body that is not JSON', reply.notJson(), 'not JSON'],
		['wrong shape', reply.json({ country: 'CN' }), 'Malformed answer from the public upstream'],
		['dropped connection', reply.drop(), 'Network Error'],
	]
	for (const [what, answer, text] of cases) {
		it(`'' and a log line without the address on ${what}`, async () => {
			const hit = publicApi.get('geoip', answer)
			expect(await getGeoipCountry('198.51.100.7')).toBe('')
			expect(hit.last.url.searchParams.get('ip')).toBe('198.51.100.7')
			// Its own line (an outage also has the HTTP client's line, ADR 0050): neither names the address.
			const lines = warn.mock.calls.map((call) => String(call[0]))
			expect(lines.filter((line) => line.startsWith('[geoip]'))).toHaveLength(1)
			expect(lines.find((line) => line.startsWith('[geoip]'))).toContain(text)
			for (const line of lines) expect(line).not.toContain('198.51.100.7')
		})
	}

	it(`'' after the ${SPEC_HTTP_TIMEOUT_MS} ms time-out`, async () => {
		useFakeClock()
		const hit = publicApi.get('geoip', reply.never())
		const country = watch(getGeoipCountry('198.51.100.7'))
		await hit.arrived()
		await vi.advanceTimersByTimeAsync(SPEC_HTTP_TIMEOUT_MS)
		expect(await country.promise).toBe('')
		const geoip = warn.mock.calls.map((call) => String(call[0])).find((line) => line.startsWith('[geoip]'))
		expect(geoip).toContain(`timeout of ${SPEC_HTTP_TIMEOUT_MS}ms exceeded`)
	})

	it("'' when the browser went away, and the lookup is given up", async () => {
		const hit = publicApi.get('geoip', reply.never())
		const controller = new AbortController()
		const country = getGeoipCountry('198.51.100.7', controller.signal)
		const request = await hit.arrived()
		controller.abort()
		expect(await country).toBe('')
		expect(request.signal.aborted).toBe(true)
	})

	it("the country's English name when there is one", async () => {
		publicApi.get('geoip', reply.json({ country: { iso_code: 'CN', names: { en: 'China' } } }))
		expect(await getGeoipCountry('198.51.100.7')).toBe('China')
		expect(warn).not.toHaveBeenCalled()
	})
})
