import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertProduct } from '#server/emulator/account/products.ts'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let client: typeof import('#app/upstream/public.server.ts')

/** A product of our own, so these tests do not depend on the catalogue's seed. */
const PRODUCT = {
	slug: 'contract-test-piano',
	modelCode: 'ZZCTP1',
	brand: 'main',
	categoryId: 1,
	name: 'CT-1 <Test> Piano',
	image: '',
	registrableCountries: null,
	data: {},
}

beforeAll(async () => {
	emu = await startEmulator()
	client = await import('#app/upstream/public.server.ts')
	insertProduct(emu.emulator.context().db, PRODUCT)
})
afterEach(async () => {
	vi.restoreAllMocks()
	await emu.clearFaults()
})
afterAll(() => emu.stop())

describe('getGeoipCountry: GET geoip', () => {
	it.each([
		['198.51.100.23', 'China'],
		['198.51.100.255', 'China'],
		['::ffff:198.51.100.7', 'China'],
		['203.0.113.5', 'Japan'],
		['192.0.2.1', 'Germany'],
		['198.51.101.1', 'United States'],
		['127.0.0.1', 'United States'],
		['10.1.2.3', 'United States'],
		['2001:db8::1', 'United States'],
	])('answers %s with %s', async (ip, country) => {
		expect(await client.getGeoipCountry(ip)).toBe(country)
	})

	it('returns an empty country and logs, without the address, when the upstream fails', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		await emu.fault({ path: '/public/geoip', mode: 'status', status: 503 })
		expect(await client.getGeoipCountry('198.51.100.23')).toBe('')
		// Its own line, beside the HTTP client's line of the outage (ADR 0050): neither names the address.
		const lines = warn.mock.calls.map((call) => String(call[0]))
		expect(lines.filter((line) => line.startsWith('[geoip]'))).toEqual([
			expect.stringContaining('Injected fault: HTTP 503'),
		])
		for (const line of lines) expect(line).not.toContain('198.51.100.23')
	})

	it('returns an empty country for something that is not an address', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		expect(await client.getGeoipCountry('not-an-address')).toBe('')
		expect(String(warn.mock.calls[0]![0])).toContain('Invalid parameters.')
		expect(String(warn.mock.calls[0]![0])).not.toContain('not-an-address')
	})

	it('returns an empty country on a malformed answer', async () => {
		vi.spyOn(console, 'warn').mockImplementation(() => {})
		await emu.fault({ path: '/public/geoip', mode: 'malformed' })
		expect(await client.getGeoipCountry('203.0.113.5')).toBe('')
	})
})

describe('getProductImages: GET productImages', () => {
	it('lists the main, thumbnail and gallery images of a product, which the API serves', async () => {
		const answer = await client.getProductImages({ slug: PRODUCT.slug, brand: 'MAIN', cultureCode: 'ja-jp' })
		expect(answer).toMatchObject({ slug: PRODUCT.slug, brand: 'main', cultureCode: 'ja-JP' })
		expect(answer.images.map((i) => [i.kind, i.width, i.height])).toEqual([
			['main', 800, 600],
			['thumbnail', 200, 150],
			['gallery', 1200, 800],
		])
		expect(answer.images[0]!.alt).toBe(PRODUCT.name)
		const image = await fetch(answer.images[0]!.url)
		expect(image.status).toBe(200)
		expect(image.headers.get('content-type')).toContain('image/svg+xml')
		const svg = await image.text()
		expect(svg).toContain('<svg')
		expect(svg).toContain('CT-1 &#60;Test&#62; Piano')
		expect(svg).not.toContain('<Test>')
	})

	it('answers Product not found for an unknown slug or another brand', async () => {
		expect(await failure(client.getProductImages({ slug: 'no-such-product', brand: 'main' }))).toMatchObject({
			status: 404,
			message: 'Product not found.',
		})
		expect(await failure(client.getProductImages({ slug: PRODUCT.slug, brand: 'effects' }))).toMatchObject({
			status: 404,
		})
		expect((await fetch(`${emu.url}/public/productImages/no-such-product/main.svg`)).status).toBe(404)
		expect((await fetch(`${emu.url}/public/productImages/${PRODUCT.slug}/poster.svg`)).status).toBe(404)
	})

	it('refuses an unknown brand or a malformed slug as invalid parameters', async () => {
		expect(await failure(client.getProductImages({ slug: PRODUCT.slug, brand: 'acme' }))).toMatchObject({
			status: 400,
			message: 'Invalid parameters.',
		})
		expect(await failure(client.getProductImages({ slug: '../etc', brand: 'main' }))).toMatchObject({ status: 400 })
	})
})

describe('getPrivacyPolicyUrl: GET url/privacy_policy/', () => {
	it.each([
		[
			{ brand: 'main', cultureCode: 'de-AT', country: 'AT' },
			'https://www.main-instruments.example/de-at/privacy-policy/eu/',
		],
		[
			{ brand: 'main', cultureCode: 'en-US', country: 'US' },
			'https://www.main-instruments.example/en-us/privacy-policy/us/',
		],
		[
			{ brand: 'effects', cultureCode: 'ja-JP', country: 'JP' },
			'https://www.effects-pedals.example/ja-jp/privacy-policy/jp/',
		],
		[{ brand: 'RVS', cultureCode: 'en-GB' }, 'https://cloud.main-instruments.example/en-gb/privacy-policy/eu/'],
		[{ brand: 'DW', cultureCode: 'en-us', country: 'gb' }, 'https://www.dw-drums.example/en-us/privacy-policy/eu/'],
		[{ brand: 'slingerland', cultureCode: 'xx' }, 'https://www.slingerland.example/en-jm/privacy-policy/global/'],
		[{ brand: 'pdp' }, 'https://www.pdp-drums.example/en-jm/privacy-policy/global/'],
		[{ brand: 'main', cultureCode: 'sr-SP' }, 'https://www.main-instruments.example/lt-sr-sp/privacy-policy/eu/'],
	])('answers %o with %s', async (params, url) => {
		expect(await client.getPrivacyPolicyUrl(params)).toBe(url)
	})

	it('refuses an unknown brand or a malformed country', async () => {
		expect(await failure(client.getPrivacyPolicyUrl({ brand: 'acme', cultureCode: 'en-US' }))).toMatchObject({
			status: 400,
			message: 'Invalid parameters.',
		})
		expect(await failure(client.getPrivacyPolicyUrl({ brand: 'main', country: 'USA' }))).toMatchObject({ status: 400 })
	})

	it('gives a status error when the upstream fails', async () => {
		await emu.fault({ path: '/public/url/privacy_policy', mode: 'status', status: 502 })
		expect(await failure(client.getPrivacyPolicyUrl({ brand: 'main' }))).toMatchObject({ status: 502 })
	})
})
