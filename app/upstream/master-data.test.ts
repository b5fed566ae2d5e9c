import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { account, BASE_URLS, reply, type Reply } from '#tests/mocks/handlers.ts'
import { failure } from '#tests/mocks/normalisation.ts'
import { MASTER_REFRESH_SECONDS } from '../domain/master-data.ts'
import { createLruCache } from './cache.server.ts'
import { getMasterData, getProductInfo, getProducts, setMasterDataCache } from './master-data.server.ts'

const updateDate = '2026-11-01T00:00:00.000Z'
const gender = { id: 'g1', value: 'female', label: 'Female', cultureCode: null, updateDate }
const genders = { items: [gender], page: 1, perPage: -1, total: 1 }
const product = {
	id: 'p1',
	value: 'td-17',
	label: 'TD-17',
	cultureCode: null,
	updateDate,
	slug: 'td-17',
	modelCode: 'TD17A1',
	name: 'TD-17',
	brand: { id: 'b1', value: 'main', label: 'Main' },
	categoryId: 1,
	category: null,
	image: 'https://img.example/td-17.png',
	registrableCountries: null,
}
const productsFile = { name: 'products', cultureCode: null, updateDate, items: [product] }
const download = (url = `${BASE_URLS.account}cache-files/products.json?sig=1`) =>
	reply.json({ signedUrl: url, cacheTime: 3600, updateDate })

beforeEach(() => {
	// A cache of its own per test: nothing one test fetched is served to the next.
	setMasterDataCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setMasterDataCache(undefined)
})

const failures: [string, Reply, Partial<Record<'kind' | 'message', string>>][] = [
	['its message', reply.json({ message: 'Exception error occurred.' }, 500), { message: 'Exception error occurred.' }],
	['its status', reply.text('Bad Gateway', 502), { message: 'Request failed with status code 502' }],
	['a body that is not JSON', reply.notJson(), { kind: 'malformed' }],
	['a dropped connection', reply.drop(), { kind: 'network' }],
]

describe('master data through the cache: upstream failures (spec 2 §8)', () => {
	for (const [what, answer, seen] of failures) {
		it(`passes a first fetch's failure on with ${what}, and keeps nothing`, async () => {
			const hit = account.get('master/genders', answer)
			expect(await failure(getMasterData('genders'))).toMatchObject({ upstream: 'account', ...seen })
			account.get('master/genders', reply.json(genders))
			expect(await getMasterData('genders')).toEqual([gender])
			expect(hit.calls).toHaveLength(1)
		})

		it(`serves the last list past its refresh time when the refresh fails with ${what}`, async () => {
			const hit = account.get('master/genders', reply.json(genders), answer)
			expect(await getMasterData('genders')).toEqual([gender])
			vi.setSystemTime(Date.now() + MASTER_REFRESH_SECONDS.genders * 1000 + 1000)
			expect(await getMasterData('genders')).toEqual([gender])
			await hit.arrived(2)
			// The failed background refresh kept the list.
			expect(await getMasterData('genders')).toEqual([gender])
		})
	}

	it('serves from the cache without a request until the refresh time', async () => {
		const hit = account.get('master/genders', reply.json(genders))
		await getMasterData('genders')
		vi.setSystemTime(Date.now() + MASTER_REFRESH_SECONDS.genders * 1000 - 1000)
		await getMasterData('genders')
		expect(hit.calls).toHaveLength(1)
	})

	it("passes on a failure of the products' cache download, at either step", async () => {
		account.get('products/cache', reply.json({ message: 'Failed to initialize ULA.' }, 503))
		expect(await failure(getProducts())).toMatchObject({ status: 503, message: 'Failed to initialize ULA.' })

		account.get('products/cache', download())
		const file = account.get('cache-files/products.json', reply.cutOff())
		expect((await failure(getProducts())).message).toMatch(/^Network Error: the answer was cut off/)
		expect(file.last.url.searchParams.get('sig')).toBe('1')

		account.get('cache-files/products.json', reply.json(productsFile))
		expect(await getProducts()).toMatchObject([{ slug: 'td-17' }])
	})

	it('refuses a signed download that is not under the account API, without fetching it', async () => {
		account.get('products/cache', download('http://files.elsewhere.test/products.json'))
		expect(await failure(getProducts())).toMatchObject({ kind: 'malformed' })
	})

	it('passes a product info failure on, and asks again next time', async () => {
		const hit = account.get('json', reply.json({ message: 'Product not found.', code: 'ProductNotFound' }, 404))
		expect(await failure(getProductInfo('en-US', 'td-99'))).toMatchObject({
			status: 404,
			message: 'Product not found.',
		})
		await failure(getProductInfo('en-US', 'td-99'))
		expect(hit.calls).toHaveLength(2)
		expect(hit.last.url.searchParams.get('key')).toBe('products/en-US/td-99')
	})
})
