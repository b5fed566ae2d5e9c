import { describe, expect, it } from 'vitest'
import { account, BASE_URLS, reply } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import {
	downloadCacheFile,
	downloadMasterListFile,
	getMasterList,
	getMasterListCache,
	getProductJson,
	getStaticJson,
	searchProducts,
} from './account-catalogue.server.ts'
import { UpstreamError } from './errors.ts'

const signedUrl = `${BASE_URLS.account}cache-files/products.json?expires=1700000000&signature=abc`
const gender = {
	id: 'g1',
	value: 'female',
	label: 'Female',
	cultureCode: null,
	updateDate: '2026-11-01T00:00:00.000Z',
}

describeNormalisation('getMasterList (GET master/genders)', {
	upstream: 'account',
	method: 'get',
	path: 'master/genders',
	call: (signal) => getMasterList('genders', { signal }),
	wrongShape: { items: [{ id: 1 }], page: 1, perPage: -1, total: 1 },
	received: (request) => {
		expect(request.url.searchParams.get('perPage')).toBe('-1')
		expect(request.headers.has('authorization')).toBe(false)
	},
})

describeNormalisation('getMasterListCache (GET products/cache)', {
	upstream: 'account',
	method: 'get',
	path: 'products/cache',
	call: (signal) => getMasterListCache('products', signal),
	wrongShape: { signedUrl: 'not a url', cacheTime: 3600, updateDate: '2026-11-01T00:00:00.000Z' },
})

describeNormalisation('downloadCacheFile (a signed download under the account API)', {
	upstream: 'account',
	method: 'get',
	path: 'cache-files/products.json',
	call: (signal) => downloadCacheFile(signedUrl, undefined, signal),
	wrongShape: { name: 'products', items: 'all of them' },
	received: (request) => expect(request.url.search).toBe('?expires=1700000000&signature=abc'),
})

describeNormalisation('getProductJson (GET json?key=products/…)', {
	upstream: 'account',
	method: 'get',
	path: 'json',
	call: (signal) => getProductJson('en-US', 'td-17', signal),
	wrongShape: { slug: 'td-17' },
	received: (request) => expect(request.url.searchParams.get('key')).toBe('products/en-US/td-17'),
})

describe('catalogue calls: what they send and refuse', () => {
	it('asks a master list for its cultures and changes since a date', async () => {
		const hit = account.get('stores', reply.json({ items: [], page: 2, perPage: 50, total: 0 }))
		await getMasterList('stores', {
			cultureCodeIds: ['1', '30'],
			updateDate: '2026-11-01T00:00:00.000Z',
			page: 2,
			perPage: 50,
		})
		expect(hit.last.url.searchParams.getAll('cultureCodeIds[]')).toEqual(['1', '30'])
		expect(hit.last.url.searchParams.get('updateDate')).toBe('2026-11-01T00:00:00.000Z')
		expect(hit.last.url.searchParams.get('page')).toBe('2')
	})

	it('answers the items of a list with their fields', async () => {
		account.get('master/genders', reply.json({ items: [gender], page: 1, perPage: -1, total: 1 }))
		expect((await getMasterList('genders')).items).toEqual([gender])
	})

	it('refuses to download from anywhere but the account API, without a request', async () => {
		for (const url of [
			'http://elsewhere.test/api/v1/cache-files/products.json',
			'http://account.upstream.test/other/cache-files/products.json',
			'not a url',
		]) {
			const error = await failure(downloadCacheFile(url))
			expect(error).toMatchObject({ upstream: 'account', kind: 'malformed' })
		}
		// No handler answers those addresses: had a request been made, the harness would fail this test.
	})

	it("refuses another list's file", async () => {
		account.get(
			'cache-files/products.json',
			reply.json({ name: 'stores', cultureCode: null, updateDate: gender.updateDate, items: [] }),
		)
		const error = await failure(downloadMasterListFile('products', signedUrl))
		expect(error).toMatchObject({ kind: 'malformed', message: 'Expected the products cache file, got stores' })
	})

	it("refuses a blank model code with 'Failed: Invalid ModelCode', before any request", async () => {
		const error = await searchProducts('  ').catch((e: unknown) => e)
		expect(error).toBeInstanceOf(Error)
		expect(error).not.toBeInstanceOf(UpstreamError)
		expect((error as Error).message).toBe('Failed: Invalid ModelCode')
	})

	it("passes the product lookup's refusal on with its text", async () => {
		const hit = account.get(
			'searchProducts',
			reply.json({ message: 'Product not found.', code: 'ProductNotFound' }, 404),
		)
		const error = await failure(searchProducts(' TD17 '))
		expect(error).toMatchObject({ status: 404, code: 'ProductNotFound', message: 'Product not found.' })
		expect(hit.last.url.searchParams.get('modelCode')).toBe('TD17')
	})

	it('reads any JSON document a static key names', async () => {
		const hit = account.get('json/static', reply.json({ anything: [1, 'two'] }))
		expect(await getStaticJson('some/key')).toEqual({ anything: [1, 'two'] })
		expect(hit.last.url.searchParams.get('key')).toBe('some/key')
	})
})
