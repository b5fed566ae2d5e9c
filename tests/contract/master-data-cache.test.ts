import http from 'node:http'
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { freePort, redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'
import { startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let masterData: typeof import('#app/upstream/master-data.server.ts')
let caches: typeof import('#app/upstream/cache.server.ts')
let UpstreamError: typeof import('#app/upstream/errors.ts').UpstreamError
let upsertMasterItem: typeof import('#server/emulator/account/catalogue/master-items.ts').upsertMasterItem
/** The portal's upstream calls go out through node:http (app/upstream/http.server.ts). */
let requestSpy: MockInstance<typeof http.request>

beforeAll(async () => {
	emu = await startEmulator()
	masterData = await import('#app/upstream/master-data.server.ts')
	caches = await import('#app/upstream/cache.server.ts')
	;({ UpstreamError } = await import('#app/upstream/errors.ts'))
	;({ upsertMasterItem } = await import('#server/emulator/account/catalogue/master-items.ts'))
	requestSpy = vi.spyOn(http, 'request')
})
beforeEach(async () => {
	await masterData.clearMasterDataCache()
	vi.useFakeTimers({ toFake: ['Date'] })
	requestSpy.mockClear()
})
afterEach(async () => {
	vi.useRealTimers()
	await emu.clearFaults()
})
afterAll(async () => {
	requestSpy.mockRestore()
	await emu.stop()
})

/** The account API calls made since the last mockClear (the emulator's admin calls are not counted). */
function upstreamCalls(): string[] {
	return requestSpy.mock.calls
		.map(([input]) => String(input))
		.filter((url) => url.includes('/_emulator/account/'))
		.map((url) => new URL(url).pathname.replace(/^\/_emulator\/account\//, ''))
}

/** Moves the clock of the portal (and of the emulator, which runs in this process) forward. */
function advance(seconds: number) {
	vi.setSystemTime(Date.now() + seconds * 1000)
}

/** Waits (in real time) until the background refreshes a stale read started are over, failed or not. */
async function settled(ms = 5000) {
	const { getPendingValuesCache } = await import('@epic-web/cachified')
	const pending = getPendingValuesCache(caches.getCache())
	const end = performance.now() + ms
	while (pending.size > 0) {
		if (performance.now() > end)
			throw new Error(`background refreshes still running: ${[...pending.keys()].join(', ')}`)
		await new Promise((resolve) => setTimeout(resolve, 5))
	}
}

function renameGender(value: 'male' | 'female', label: string) {
	const id = value === 'male' ? '1' : '2'
	upsertMasterItem(emu.emulator.context(), 'genders', { id, value, label, labelJa: value === 'male' ? '男性' : '女性' })
}

describe('master data through the cache', () => {
	it('makes one upstream call for repeated reads within the refresh time', async () => {
		const first = await masterData.getMasterData('genders')
		expect(first.map((g) => g.value)).toEqual(['male', 'female', 'prefer_not_to_say'])
		advance(60)
		await masterData.getMasterData('genders')
		advance(604_000)
		const ja = await masterData.getMasterData('genders', 'ja-JP')
		expect(ja.map((g) => g.label)).toEqual(['男性', '女性', '回答しない'])
		expect(upstreamCalls()).toEqual(['master/genders'])
	})

	it('merges each item’s meta into it', async () => {
		const cultures = await masterData.getMasterData('cultureCodes')
		const german = cultures.find((c) => c.value === 'de-AT')!
		expect(german).toMatchObject({ regions: ['Europe'], htmlLang: 'en' })
		expect(german).not.toHaveProperty('meta')
		expect(cultures.find((c) => c.value === 'ja-JP')).toMatchObject({ htmlLang: 'ja' })
		const brands = await masterData.getMasterData('brands')
		expect(brands.find((b) => b.value === 'cloud')).toMatchObject({ code: 'RVS', logName: 'RCS' })
	})

	it('refreshes a list read after its refresh time', async () => {
		await masterData.getMasterData('genders')
		renameGender('male', 'Man')
		advance(604_801)
		// Past its refresh time the list is served at once and fetched again behind it.
		expect((await masterData.getMasterData('genders'))[0]!.label).toBe('Male')
		await settled()
		expect((await masterData.getMasterData('genders'))[0]!.label).toBe('Man')
		expect(upstreamCalls()).toEqual(['master/genders', 'master/genders'])
		renameGender('male', 'Male')
	})

	it('refreshes each list after its own time', async () => {
		await masterData.getMasterData('questionnaireLabels')
		await masterData.getMasterData('cultureCodes')
		advance(86_401)
		await masterData.getMasterData('questionnaireLabels')
		await masterData.getMasterData('cultureCodes')
		await settled()
		expect(upstreamCalls()).toEqual(['master/questionnaireLabels', 'master/cultureCodes', 'master/cultureCodes'])
		advance(259_200 - 86_401 + 1)
		await masterData.getMasterData('questionnaireLabels')
		await settled()
		expect(upstreamCalls()).toHaveLength(4)
		expect(upstreamCalls()[3]).toBe('master/questionnaireLabels')
	})

	it('reads products through the cache download and downloads a file only once per cache time', async () => {
		const products = await masterData.getProducts()
		expect(products.length).toBeGreaterThanOrEqual(60)
		expect(products.find((p) => p.slug === 'fp-30x')).toMatchObject({ modelCode: 'FP30X0', releaseYear: 2019 })
		expect(upstreamCalls()).toEqual(['products/cache', expect.stringMatching(/^cache-files\/products-.+\.json$/)])

		advance(599)
		await masterData.getProducts()
		expect(upstreamCalls()).toHaveLength(2)

		// After 600 s the list is asked for again; the same file is handed out, so it is not downloaded again.
		advance(2)
		await masterData.getProducts()
		await settled()
		expect(upstreamCalls()).toHaveLength(3)
		expect(upstreamCalls()[2]).toBe('products/cache')

		// After the cache time (3600 s) a new file is built and downloaded.
		advance(3600)
		await masterData.getProducts()
		await settled()
		expect(upstreamCalls().slice(3)).toEqual(['products/cache', expect.stringMatching(/^cache-files\/products-/)])
	})

	it('downloads a changed list as soon as the refresh asks for it', async () => {
		await masterData.getStores('ja-JP')
		expect(upstreamCalls()).toEqual(['stores/cache', expect.stringMatching(/^cache-files\/stores-/)])
		upsertMasterItem(emu.emulator.context(), 'stores', {
			id: '9100',
			value: 'store-9100',
			label: 'Kyoto Oto',
			cultureCode: 'ja-JP',
			fields: {
				name: 'Kyoto Oto',
				city: 'Kyoto',
				country: 'JP',
				postalCode: '600-8001',
				addressLine1: 'Shijo 1',
				phone: '+81 75 555 0100',
				brands: ['main'],
			},
		})
		advance(3601)
		await masterData.getStores('ja-JP')
		await settled()
		expect((await masterData.getStores('ja-JP')).some((s) => s.name === 'Kyoto Oto')).toBe(true)
		expect(upstreamCalls()).toHaveLength(4)
		expect((await masterData.getStores('ja-JP')).every((s) => s.country === 'JP')).toBe(true)
	})

	it('serves the last list during an upstream outage and refreshes it once the outage is over', async () => {
		const before = await masterData.getMasterData('genders')
		renameGender('female', 'Woman')
		advance(604_801)

		await emu.fault({ path: '/account/master/genders', mode: 'status', status: 503 })
		expect(await masterData.getMasterData('genders')).toEqual(before)
		await settled()
		expect(upstreamCalls()).toHaveLength(2)

		await emu.clearFaults()
		await emu.fault({ path: '/account/master/genders', mode: 'drop' })
		advance(30 * 86400 - 604_801)
		expect(await masterData.getMasterData('genders')).toEqual(before)
		await settled()
		// One refresh, sent a second time when the dropped connection was a kept-alive one (ADR 0029).
		const afterDrop = upstreamCalls().length
		expect(afterDrop === 3 || afterDrop === 4).toBe(true)

		await emu.clearFaults()
		expect(await masterData.getMasterData('genders')).toEqual(before)
		await settled()
		expect((await masterData.getMasterData('genders'))[1]!.label).toBe('Woman')
		expect(upstreamCalls()).toHaveLength(afterDrop + 1)
		renameGender('female', 'Female')
	})

	it('serves the last products during an outage of the cache call or of the download', async () => {
		const before = await masterData.getProducts()
		advance(601)
		await emu.fault({ path: '/account/products/cache', mode: 'status', status: 503 })
		expect(await masterData.getProducts()).toEqual(before)
		await settled()
		expect(upstreamCalls()).toHaveLength(3)
		await emu.clearFaults()

		advance(3600)
		await emu.fault({ path: '/account/cache-files/', mode: 'status', status: 500 })
		expect(await masterData.getProducts()).toEqual(before)
		await settled()
		expect(await masterData.getProducts()).toEqual(before)
		expect(upstreamCalls().slice(3)).toEqual(['products/cache', expect.stringMatching(/^cache-files\//)])
	})

	it('fails when there is no list to fall back on', async () => {
		await emu.fault({ path: '/account/master/interests', mode: 'status', status: 503 })
		const error = await masterData.getMasterData('interests').catch((e: unknown) => e)
		expect(error).toBeInstanceOf(UpstreamError)
		expect(error).toMatchObject({ status: 503 })
	})
})

describe('product info through the cache', () => {
	it('keeps product info for a day, with the Asset_Details blanked', async () => {
		const info = await masterData.getProductInfo('ja-JP', 'fp-30x')
		expect(info.features[0]!.title).toBe('表現力豊かな音源')
		expect(info.Product_Support_Documents.length).toBeGreaterThan(0)
		expect(info.Product_Support_Documents.every((d) => d.Asset_Details.length === 0)).toBe(true)
		advance(86_399)
		await masterData.getProductInfo('ja-JP', 'fp-30x')
		expect(upstreamCalls()).toEqual(['json'])
		// Reset after 86400 s: the next read fetches it again before answering.
		advance(2)
		await emu.fault({ path: '/account/json', mode: 'status', status: 503 })
		expect(await masterData.getProductInfo('ja-JP', 'fp-30x').catch((e: unknown) => e)).toMatchObject({ status: 503 })
		await emu.clearFaults()
		expect((await masterData.getProductInfo('ja-JP', 'fp-30x')).slug).toBe('fp-30x')
		expect(upstreamCalls()).toEqual(['json', 'json', 'json'])
	})

	it('clearing the product info of a culture fetches it again, other cultures kept (clear cache)', async () => {
		await masterData.getProductInfo('ja-JP', 'fp-30x')
		await masterData.getProductInfo('en-GB', 'fp-30x')
		await masterData.clearProductInfo('ja-JP')
		await masterData.getProductInfo('ja-JP', 'fp-30x')
		await masterData.getProductInfo('en-GB', 'fp-30x')
		expect(upstreamCalls()).toEqual(['json', 'json', 'json'])
	})

	it('keeps product info per culture and slug, and does not keep a failure', async () => {
		expect((await masterData.getProductInfo('en-GB', 'fp-30x')).contentCulture).toBe('en')
		expect((await masterData.getProductInfo('ja-JP', 'fp-30x')).contentCulture).toBe('ja-JP')
		const error = await masterData.getProductInfo('en-GB', 'no-such-product').catch((e: unknown) => e)
		expect(error).toMatchObject({ status: 404, message: 'Product not found.', body: { slug: 'no-such-product' } })
		await masterData.getProductInfo('en-GB', 'no-such-product').catch(() => undefined)
		expect(upstreamCalls()).toHaveLength(4)
	})

	it('keeps the translations bundle per culture', async () => {
		expect((await masterData.getLocalization('ja-JP')).translations['gender.male']).toBe('男性')
		await masterData.getLocalization('ja-JP')
		expect(upstreamCalls()).toEqual(['json/static'])
	})
})

reportRedisSkipped('redis cache tests')

describe.skipIf(!redisServerPath)('the Redis cache', () => {
	let redis: Awaited<ReturnType<typeof startRedisServer>>
	let cache: import('#app/upstream/cache.server.ts').PortalCache

	beforeAll(async () => {
		redis = await startRedisServer()
		cache = caches.createRedisCache(redis.url, { prefix: 'test:' })
	})
	afterAll(async () => {
		masterData?.setMasterDataCache(undefined)
		await cache?.close()
		redis?.stop()
	})

	it('keeps cachified entries and expires them with their ttl and stale time', async () => {
		vi.useRealTimers()
		const { cachified } = await import('@epic-web/cachified')
		let calls = 0
		const read = () =>
			cachified({ key: 'short', cache, ttl: 60_000, staleWhileRevalidate: 30_000, getFreshValue: () => ++calls })
		expect(await read()).toBe(1)
		expect(await read()).toBe(1)
		const entry = await cache.get('short')
		expect(entry).toMatchObject({ value: 1, metadata: { ttl: 60_000, swr: 30_000 } })
		// Redis forgets by its own clock, which a test cannot move: the entry carries the time it is to go.
		const raw = createClient({ url: redis.url })
		await raw.connect()
		try {
			expect(await raw.pExpireTime('test:short')).toBe(entry!.metadata.createdTime + 90_000)
			// That time come, Redis drops it, and the next read fetches afresh.
			await raw.pExpireAt('test:short', Date.now() - 1)
		} finally {
			await raw.close()
		}
		expect(await cache.get('short')).toBeNull()
		expect(await read()).toBe(2)
	})

	it('serves master data from Redis', async () => {
		masterData.setMasterDataCache(cache)
		await masterData.clearMasterDataCache()
		await masterData.getMasterData('phoneTypes')
		const again = await masterData.getMasterData('phoneTypes', 'ja-JP')
		expect(again.map((p) => p.label)).toEqual(['携帯電話', '自宅', '勤務先'])
		expect(upstreamCalls()).toEqual(['master/phoneTypes'])
		expect(await cache.get('master-data:list:phoneTypes')).toMatchObject({ metadata: { ttl: 604_800_000 } })
		await masterData.clearMasterDataCache()
		expect(await cache.get('master-data:list:phoneTypes')).toBeNull()
		masterData.setMasterDataCache(undefined)
	})

	it('treats a Redis that is away as a miss, not a failure', async () => {
		vi.useRealTimers()
		const away = caches.createRedisCache(`redis://127.0.0.1:${await freePort()}`, { log: () => {} })
		const { cachified } = await import('@epic-web/cachified')
		let calls = 0
		const started = performance.now()
		expect(await cachified({ key: 'k', cache: away, ttl: 60_000, getFreshValue: () => ++calls })).toBe(1)
		expect(await cachified({ key: 'k', cache: away, ttl: 60_000, getFreshValue: () => ++calls })).toBe(2)
		expect(performance.now() - started).toBeLessThan(3000)
		await away.close()
	})
})
