import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let api: typeof import('#app/upstream/account-catalogue.server.ts')
let contract: typeof import('#app/upstream/contract/account-catalogue.ts')
let upstreamRequest: typeof import('#app/upstream/http.server.ts').upstreamRequest

beforeAll(async () => {
	emu = await startEmulator()
	api = await import('#app/upstream/account-catalogue.server.ts')
	contract = await import('#app/upstream/contract/account-catalogue.ts')
	;({ upstreamRequest } = await import('#app/upstream/http.server.ts'))
})
afterEach(() => emu.clearFaults())
afterAll(() => emu.stop())

/** The culture id of a culture code, from the cultureCodes list. */
async function cultureId(value: string): Promise<string> {
	const { items } = await api.getMasterList('cultureCodes')
	return items.find((c) => c.value === value)!.id
}

describe('master lists', () => {
	it('answers every list whole with perPage=-1, every item with its culture and update date', async () => {
		for (const name of [
			'genders',
			'cultureCodes',
			'interests',
			'phoneTypes',
			'purchasingMethods',
			'questionnaireLabels',
			'brands',
			'stateProvinces',
			'products',
			'stores',
		] as const) {
			const page = await api.getMasterList(name)
			expect(page.perPage).toBe(-1)
			expect(page.items.length, name).toBe(page.total)
			expect(page.total, name).toBeGreaterThan(0)
			for (const item of page.items) {
				expect(item).toHaveProperty('cultureCode')
				expect(Date.parse(item.updateDate)).not.toBeNaN()
			}
		}
	})

	it('holds the values of spec 1 §3', async () => {
		const values = async (name: Parameters<typeof api.getMasterList>[0]) =>
			(await api.getMasterList(name)).items.map((i) => i.value)
		expect(await values('genders')).toEqual(['male', 'female', 'prefer_not_to_say'])
		expect(await values('phoneTypes')).toEqual(['mobile', 'home', 'work'])
		expect(await values('purchasingMethods')).toEqual(['in_store', 'online', 'catalog_phone_order', 'secondhand'])
		expect(await values('interests')).toHaveLength(12)
		expect(await values('questionnaireLabels')).toHaveLength(3)

		const cultures = (await api.getMasterList('cultureCodes')).items
		expect(cultures).toHaveLength(43)
		expect(cultures.find((c) => c.value === 'ja-JP')).toMatchObject({
			regions: ['Japan'],
			country: 'JP',
			labels: { 'ja-JP': '日本語（日本）' },
		})
		expect(cultures.find((c) => c.value === 'Lt-sr-SP')).toMatchObject({ regions: ['Europe'], language: 'sr' })
		expect(cultures.find((c) => c.value === 'es-CR')).toMatchObject({ regions: ['US', 'LatinAmerica'] })

		const brands = (await api.getMasterList('brands')).items
		expect(brands.map((b) => b.value)).toEqual([
			'main',
			'effects',
			'proav',
			'cloud',
			'dw',
			'pdp',
			'dwe',
			'drumshop',
			'slingerland',
		])
		expect(brands.find((b) => b.value === 'cloud')).toMatchObject({ code: 'RVS', group: 'cloud' })
		expect(brands.filter((b) => b.group === 'drums').map((b) => b.code)).toEqual([
			'DW',
			'PDP',
			'DWE',
			'DRUMSHOP',
			'SLINGERLAND',
		])

		const states = (await api.getMasterList('stateProvinces')).items
		const countries = new Set(states.map((s) => s.country))
		for (const country of ['US', 'CA', 'JP', 'AU', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'IE', 'PT', 'PL', 'SE'])
			expect(countries).toContain(country)
		expect(states.find((s) => s.value === 'JP-13')).toMatchObject({ label: 'Tokyo', labels: { 'ja-JP': '東京都' } })
	})

	it('holds a catalogue of at least 60 products across every registration category and several brands', async () => {
		const products = (await api.getMasterList('products')).items
		expect(products.length).toBeGreaterThanOrEqual(60)
		expect(new Set(products.map((p) => p.categoryId))).toEqual(
			new Set([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23]),
		)
		expect(new Set(products.map((p) => p.brand.value)).size).toBeGreaterThanOrEqual(6)
		for (const product of products) expect(product.modelCode).toMatch(/^[A-Z0-9]{6}$/)
		expect(products.find((p) => p.slug === 'kf-10')).toMatchObject({
			modelCode: 'KF1000',
			registrableCountries: ['JP'],
		})
		expect(products.find((p) => p.slug === 'fp-30x')).toMatchObject({
			modelCode: 'FP30X0',
			registrableCountries: null,
			category: { id: 1, brand: 'main' },
		})
	})

	it('pages a list', async () => {
		const all = (await api.getMasterList('interests')).items.map((i) => i.id)
		const first = await api.getMasterList('interests', { page: 1, perPage: 5 })
		const third = await api.getMasterList('interests', { page: 3, perPage: 5 })
		expect(first).toMatchObject({ page: 1, perPage: 5, total: 12 })
		expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 5))
		expect(third.items.map((i) => i.id)).toEqual(all.slice(10))
	})

	it('filters rows by culture id, keeping the rows for every culture', async () => {
		const ja = await cultureId('ja-JP')
		const stores = (await api.getMasterList('stores', { cultureCodeIds: [ja] })).items
		expect(stores.length).toBeGreaterThan(0)
		expect(stores.every((s) => s.country === 'JP' && s.cultureCode?.value === 'ja-JP')).toBe(true)
		const both = (await api.getMasterList('stores', { cultureCodeIds: [ja, await cultureId('de-DE')] })).items
		expect(new Set(both.map((s) => s.country))).toEqual(new Set(['JP', 'DE']))
		expect((await api.getMasterList('genders', { cultureCodeIds: [ja] })).total).toBe(3)
	})

	it('answers only the items updated after updateDate', async () => {
		const { upsertMasterItem } = await import('#server/emulator/account/catalogue/master-items.ts')
		const stores = (await api.getMasterList('stores')).items
		const newest = stores
			.map((s) => s.updateDate)
			.sort()
			.at(-1)!
		expect((await api.getMasterList('stores', { updateDate: newest })).total).toBe(0)

		await emu.advanceClock(60_000)
		const tokyo = stores.find((s) => s.country === 'JP')!
		upsertMasterItem(emu.emulator.context(), 'stores', {
			id: tokyo.id,
			value: tokyo.value,
			label: 'Shibuya Gakki (renamed)',
			cultureCode: 'ja-JP',
			fields: { ...tokyo, name: 'Shibuya Gakki (renamed)' },
		})
		const changed = await api.getMasterList('stores', { updateDate: newest })
		expect(changed.items.map((s) => [s.id, s.name])).toEqual([[tokyo.id, 'Shibuya Gakki (renamed)']])
	})

	it('refuses bad parameters', async () => {
		for (const options of [
			{ perPage: 0 },
			{ page: 0, perPage: 5 },
			{ updateDate: 'yesterday' },
			{ cultureCodeIds: ['ja-JP'] },
		]) {
			const error = await failure(api.getMasterList('stores', options))
			expect(error).toMatchObject({ status: 400, message: 'Invalid parameters.', code: 'InvalidParameterException' })
		}
	})

	it('surfaces an upstream failure', async () => {
		await emu.fault({ path: '/account/master/brands', mode: 'status', status: 503 })
		expect(await failure(api.getMasterList('brands'))).toMatchObject({ status: 503 })
	})
})

describe('cache downloads', () => {
	it('hands out a signed download of the whole list with its cache time', async () => {
		const cache = await api.getMasterListCache('products')
		expect(cache.cacheTime).toBe(3600)
		expect(cache.signedUrl).toContain('/account/cache-files/')
		const file = await api.downloadMasterListFile('products', cache.signedUrl)
		const list = await api.getMasterList('products')
		expect(file.name).toBe('products')
		expect(file.items.map((p) => p.slug)).toEqual(list.items.map((p) => p.slug))
		expect((await api.getMasterListCache('stores')).cacheTime).toBe(86400)
	})

	it('hands out the same file while it is fresh and a new one once the list changed', async () => {
		const path = (url: string) => new URL(url).pathname
		const first = await api.getMasterListCache('stores')
		const again = await api.getMasterListCache('stores')
		expect(path(again.signedUrl)).toBe(path(first.signedUrl))

		const { upsertMasterItem } = await import('#server/emulator/account/catalogue/master-items.ts')
		upsertMasterItem(emu.emulator.context(), 'stores', {
			id: '9001',
			value: 'store-9001',
			label: 'Reykjavik Music',
			cultureCode: 'en-GB',
			fields: {
				name: 'Reykjavik Music',
				city: 'Reykjavik',
				country: 'IS',
				postalCode: '101',
				addressLine1: 'Laugavegur 1',
				phone: '+354 555 0100',
				brands: ['main'],
			},
		})
		const changed = await api.getMasterListCache('stores')
		expect(path(changed.signedUrl)).not.toBe(path(first.signedUrl))
		const file = await api.downloadMasterListFile('stores', changed.signedUrl)
		expect(file.items.find((s) => s.id === '9001')).toMatchObject({ city: 'Reykjavik', country: 'IS' })
		// The old file stays downloadable while its URL is valid.
		expect((await api.downloadMasterListFile('stores', first.signedUrl)).items.some((s) => s.id === '9001')).toBe(false)
	})

	it('answers one file per culture with /caches', async () => {
		const caches = await api.getMasterListCaches('stores')
		expect(caches.cacheTime).toBe(86400)
		const total = (await api.getMasterList('stores')).total
		expect(caches.caches.reduce((n, c) => n + c.count, 0)).toBe(total)
		const japan = caches.caches.find((c) => c.cultureCode?.value === 'ja-JP')!
		const file = await api.downloadMasterListFile('stores', japan.signedUrl)
		expect(file.cultureCode).toEqual(japan.cultureCode)
		expect(file.items).toHaveLength(japan.count)
		expect(file.items.every((s) => s.country === 'JP')).toBe(true)

		const genders = await api.getMasterListCaches('genders')
		expect(genders.caches).toEqual([expect.objectContaining({ cultureCode: null, count: 3 })])
	})

	it('refuses a tampered signature', async () => {
		const { signedUrl } = await api.getMasterListCache('products')
		const url = new URL(signedUrl)
		const signature = url.searchParams.get('Signature')!
		url.searchParams.set('Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`)
		expect(await failure(api.downloadCacheFile(url.href))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })

		const longer = new URL(signedUrl)
		longer.searchParams.set('Expires', String(Number(longer.searchParams.get('Expires')) + 86400))
		expect(await failure(api.downloadCacheFile(longer.href))).toMatchObject({
			status: 403,
			code: 'SignatureDoesNotMatch',
		})

		const unsigned = new URL(signedUrl)
		unsigned.search = ''
		expect(await failure(api.downloadCacheFile(unsigned.href))).toMatchObject({ status: 403, code: 'AccessDenied' })
	})

	it('refuses an expired signed URL', async () => {
		const { signedUrl } = await api.getMasterListCache('stores')
		await api.downloadCacheFile(signedUrl)
		await emu.advanceClock(16 * 60 * 1000)
		expect(await failure(api.downloadCacheFile(signedUrl))).toMatchObject({
			status: 403,
			message: 'Request has expired.',
		})
	})

	it('refuses a URL outside the account API without calling it', async () => {
		const error = await failure(api.downloadCacheFile('https://files.example.com/products.json?Expires=1&Signature=ab'))
		expect(error.kind).toBe('malformed')
		expect(error.message).toContain('not under the account API')
	})

	it('refuses the file of another list', async () => {
		const { signedUrl } = await api.getMasterListCache('genders')
		expect(await failure(api.downloadMasterListFile('stores', signedUrl))).toMatchObject({ kind: 'malformed' })
	})

	it('surfaces a failure of the cache call', async () => {
		await emu.fault({ path: '/account/stores/caches', mode: 'status', status: 500 })
		expect(await failure(api.getMasterListCaches('stores'))).toMatchObject({ status: 500 })
		await emu.fault({ path: '/account/products/cache', mode: 'status', status: 502 })
		expect(await failure(api.getMasterListCache('products'))).toMatchObject({ status: 502 })
	})
})

describe('searchProducts', () => {
	it('finds a product by its model code, in any case', async () => {
		expect(await api.searchProducts('FP30X0')).toMatchObject({
			slug: 'fp-30x',
			name: 'FP-30X Digital Piano',
			brand: { value: 'main' },
		})
		expect((await api.searchProducts(' td27kv ')).slug).toBe('td-27kv2')
	})

	it('requires a model code', async () => {
		await expect(api.searchProducts('')).rejects.toThrow('Failed: Invalid ModelCode')
		// The API checks it too.
		const missing = await failure(
			upstreamRequest('account', { path: 'searchProducts', schema: contract.ProductSchema }),
		)
		expect(missing).toMatchObject({ status: 400, message: 'Failed: Invalid ModelCode' })
		expect(await failure(api.searchProducts('FP30'))).toMatchObject({
			status: 400,
			message: 'Failed: Invalid ModelCode',
		})
	})

	it('says when no product has the model code', async () => {
		expect(await failure(api.searchProducts('ZZZZZZ'))).toMatchObject({ status: 404, message: 'Product not found.' })
	})

	it('hands out a signed download of the searchable product index', async () => {
		const cache = await api.getSearchProductsCache()
		expect(cache.cacheTime).toBe(3600)
		const index = await api.downloadProductIndex(cache.signedUrl)
		expect(index.items.find((p) => p.modelCode === 'KF1000')).toMatchObject({
			slug: 'kf-10',
			brand: 'main',
			categoryId: 1,
		})
		expect(index.items.length).toBe((await api.getMasterList('products')).total)
		await emu.advanceClock(16 * 60 * 1000)
		expect(await failure(api.downloadProductIndex(cache.signedUrl))).toMatchObject({ status: 403 })
	})

	it('surfaces a failure of the index call', async () => {
		await emu.fault({ path: '/account/searchProducts/cache', mode: 'status', status: 503 })
		expect(await failure(api.getSearchProductsCache())).toMatchObject({ status: 503 })
	})
})

describe('json documents', () => {
	it('answers the product json in Japanese for ja-JP and in English for the other cultures', async () => {
		const ja = await api.getProductJson('ja-JP', 'fp-30x')
		expect(ja).toMatchObject({ slug: 'fp-30x', cultureCode: 'ja-JP', contentCulture: 'ja-JP' })
		expect(ja.features[0]!.title).toBe('表現力豊かな音源')
		const de = await api.getProductJson('de-DE', 'fp-30x')
		expect(de).toMatchObject({ cultureCode: 'de-DE', contentCulture: 'en' })
		expect(de.features[0]!.title).toBe('Expressive sound engine')
		for (const section of [
			'features',
			'specs',
			'downloads',
			'articles',
			'accessories',
			'Product_Support_Documents',
		] as const) {
			expect(de[section].length, section).toBeGreaterThan(0)
		}
		expect(de.support.faqs.length).toBeGreaterThan(0)
		expect(de.Product_Support_Documents[0]!.Asset_Details[0]).toMatchObject({ Mime_Type: 'application/pdf' })
	})

	it('serves the files and pictures the product json points at', async () => {
		const info = await api.getProductJson('en-US', 'juno-x')
		const pdf = await fetch(info.Product_Support_Documents[0]!.Asset_Details[0]!.File_Url)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true)
		const image = await fetch(info.image)
		expect(image.headers.get('content-type')).toContain('image/svg+xml')
		expect(await image.text()).toContain('JUNO-X')
		expect((await fetch(info.downloads[0]!.url)).headers.get('content-type')).toBe('application/zip')
		expect((await fetch(`${emu.url}/account/documents/juno-x/not-a-file.pdf`)).status).toBe(404)
	})

	it('answers a product json failure with the slug', async () => {
		const error = await failure(api.getProductJson('en-US', 'no-such-product'))
		expect(error).toMatchObject({ status: 404, message: 'Product not found.', code: 'ProductNotFound' })
		expect(contract.ProductJsonErrorSchema.parse(error.body).slug).toBe('no-such-product')
		expect(((await failure(api.getProductJson('xx-XX', 'fp-30x'))).body as { slug: string }).slug).toBe('fp-30x')
	})

	it('answers the curation json per culture, with only what the culture may register', async () => {
		const ja = await api.getCurationJson('ja-JP')
		expect(ja.sections.map((s) => s.id)).toEqual(['new', 'pianos', 'drums', 'effects'])
		expect(ja.sections.find((s) => s.id === 'pianos')).toMatchObject({ title: 'ご家庭のためのピアノ' })
		expect(ja.sections.flatMap((s) => s.productSlugs)).toContain('kf-10')
		expect((await api.getCurationJson('en-US')).sections.flatMap((s) => s.productSlugs)).not.toContain('kf-10')
		expect(await failure(api.getCurationJson('xx-XX'))).toMatchObject({ status: 404, code: 'NoSuchKey' })
	})

	it('answers the localisation json per culture, falling back to English', async () => {
		const ja = await api.getLocalizationJson('ja-JP')
		expect(ja).toMatchObject({ cultureCode: 'ja-JP', contentCulture: 'ja-JP', version: '1.0.0' })
		expect(ja.translations['productCategory.pianos']).toBe('ピアノ')
		const fr = await api.getLocalizationJson('fr-FR')
		expect(fr).toMatchObject({ cultureCode: 'fr-FR', contentCulture: 'en' })
		expect(fr.translations['product.notFound']).toBe('Product not found.')
		expect(await failure(api.getLocalizationJson('xx-XX'))).toMatchObject({ status: 404 })
	})

	it('answers the 21 product-registration categories', async () => {
		const categories = await api.getProductRegistrationCategories()
		expect(categories.map((c) => c.id)).toEqual([
			1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23,
		])
		expect(categories.find((c) => c.id === 12)).toMatchObject({
			name: 'stompboxes',
			brand: 'effects',
			translationKey: 'productCategory.compactPedals',
		})
		expect(new Set(categories.map((c) => c.guid)).size).toBe(21)
		await emu.fault({ path: '/account/json/static', mode: 'status', status: 503 })
		expect(await failure(api.getProductRegistrationCategories())).toMatchObject({ status: 503 })
	})

	it('answers where the terms of use are, per brand and culture', async () => {
		expect(await api.getTermsOfUseUrl({ brand: 'main', cultureCode: 'de-AT' })).toBe(
			'https://www.main-instruments.example/de-at/terms-of-use/',
		)
		expect(await api.getTermsOfUseUrl({ brand: 'RVS', cultureCode: 'ja-JP' })).toBe(
			'https://cloud.main-instruments.example/ja-jp/terms-of-use/',
		)
		expect(await failure(api.getTermsOfUseUrl({ brand: 'nobody', cultureCode: 'ja-JP' }))).toMatchObject({
			status: 404,
		})
		expect(await failure(api.getTermsOfUseUrl({ brand: 'main', cultureCode: 'xx-XX' }))).toMatchObject({
			status: 404,
		})
	})

	it('reads any document with json, and only the static ones with json/static', async () => {
		const product = (await api.getJson(contract.productJsonKey('ja-JP', 'kf-10'))) as {
			slug: string
			contentCulture: string
		}
		expect(product).toMatchObject({ slug: 'kf-10', contentCulture: 'ja-JP' })
		expect(await api.getJson(contract.localizationJsonKey('en-US'))).toMatchObject({ cultureCode: 'en-US' })
		expect(await api.getStaticJson(contract.localizationJsonKey('ja-JP'))).toMatchObject({ contentCulture: 'ja-JP' })
		expect(await failure(api.getStaticJson(contract.productJsonKey('ja-JP', 'kf-10')))).toMatchObject({
			status: 404,
			code: 'NoSuchKey',
		})
		expect(await failure(api.getJson('no/such/document'))).toMatchObject({ status: 404, code: 'NoSuchKey' })
		expect(await failure(api.getJson(''))).toMatchObject({ status: 400, message: 'Invalid parameters.' })
		expect(await failure(api.getStaticJson('../secrets'))).toMatchObject({ status: 400 })
	})
})

describe('fixtures other services rely on', () => {
	it('has products registrable only in some countries and products whose registration sits pending', async () => {
		const { findProductBySlug } = await import('#server/emulator/account/products.ts')
		const db = emu.emulator.context().db
		expect(findProductBySlug(db, 'kf-10')?.registrableCountries).toEqual(['JP'])
		expect(findProductBySlug(db, 'drumshop-custom-snare')?.registrableCountries).toEqual(['US'])
		expect(findProductBySlug(db, 'fr-4x')?.registrableCountries).toContain('DE')
		expect(findProductBySlug(db, 'fantom-8')?.data.registrationDelaySeconds).toBe(20)
		expect(findProductBySlug(db, 'td-27kv2')?.data.registrationDelaySeconds).toBe(45)
	})
})
