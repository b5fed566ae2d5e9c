import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { failure } from '#tests/mocks/normalisation.ts'
import { PRODUCT_INFO_RESET_SECONDS } from '../domain/master-data.ts'
import { createLruCache } from './cache.server.ts'
import {
	clearProductInfo,
	getCuration,
	getProductInfo,
	getProductInfoOrLastGood,
	setMasterDataCache,
} from './master-data.server.ts'

const updateDate = '2026-11-01T00:00:00.000Z'
const fileUrl = 'https://files.example/fp30x_om_e01_w.pdf'
const productJson = {
	slug: 'fp-30x',
	modelCode: 'FP30X0',
	name: 'FP-30X Digital Piano',
	brand: { id: 'b1', value: 'main', label: 'Main' },
	categoryId: 1,
	image: 'https://img.example/fp-30x.svg',
	cultureCode: 'en-US',
	contentCulture: 'en',
	updateDate,
	summary: 'A piano.',
	features: [],
	specs: [],
	downloads: [],
	support: { warrantyYears: 5, faqs: [] },
	articles: [],
	accessories: [],
	Product_Support_Documents: [
		{
			Document_Id: 'OM',
			Document_Title: "Owner's Manual",
			Document_Type: "Owner's Manual",
			Language: 'en',
			Publish_Date: updateDate,
			Asset_Details: [
				{ Asset_Id: 'a', File_Name: 'om.pdf', File_Url: fileUrl, File_Size: 1000, Mime_Type: 'application/pdf' },
			],
		},
	],
}
const later = () => vi.setSystemTime(Date.now() + PRODUCT_INFO_RESET_SECONDS * 1000 + 1000)

beforeEach(() => {
	setMasterDataCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setMasterDataCache(undefined)
})

describe('product info through the cache (spec 1 §3, §9)', () => {
	it('keeps it per culture and slug with Asset_Details blanked and the files the page links to', async () => {
		const hit = account.get('json', reply.json(productJson))
		const info = await getProductInfo('en-US', 'fp-30x')
		expect(info.Product_Support_Documents[0]).toMatchObject({
			Asset_Details: [],
			files: [{ url: fileUrl, size: 1000, mimeType: 'application/pdf' }],
		})
		await getProductInfo('en-US', 'fp-30x')
		expect(hit.calls).toHaveLength(1)
		later()
		await getProductInfo('en-US', 'fp-30x')
		expect(hit.calls).toHaveLength(2)
	})

	it('shows the last good copy when the json fails after its reset, saying when it was fetched', async () => {
		const fetchedAt = Date.now()
		account.get('json', reply.json(productJson), reply.json({ message: 'Exception', code: 'X', slug: 'fp-30x' }, 502))
		await getProductInfo('en-US', 'fp-30x')
		later()
		const copy = await getProductInfoOrLastGood('en-US', 'fp-30x')
		expect(copy.lastGoodFrom).toBe(new Date(fetchedAt).toISOString())
		expect(copy.info.name).toBe('FP-30X Digital Piano')
	})

	it('keeps the last good copy through a clear cache of the culture', async () => {
		const hit = account.get('json', reply.json(productJson), reply.drop())
		await getProductInfoOrLastGood('en-US', 'fp-30x')
		await clearProductInfo('en-US')
		expect((await getProductInfoOrLastGood('en-US', 'fp-30x')).lastGoodFrom).not.toBeNull()
		expect(hit.calls).toHaveLength(2)
	})

	it('passes an unknown product on, even with a copy kept', async () => {
		account.get(
			'json',
			reply.json(productJson),
			reply.json({ message: 'Product not found.', code: 'ProductNotFound', slug: 'fp-30x' }, 404),
		)
		await getProductInfo('en-US', 'fp-30x')
		later()
		expect(await failure(getProductInfoOrLastGood('en-US', 'fp-30x'))).toMatchObject({ status: 404 })
	})

	it('passes a failure on when no copy was ever kept', async () => {
		account.get('json', reply.text('Bad Gateway', 502))
		expect(await failure(getProductInfoOrLastGood('en-US', 'fp-30x'))).toMatchObject({ status: 502 })
	})

	it('keeps a copy per culture: another culture has none', async () => {
		account.get('json', reply.json(productJson), reply.text('Bad Gateway', 502))
		await getProductInfo('en-US', 'fp-30x')
		expect(await failure(getProductInfoOrLastGood('ja-JP', 'fp-30x'))).toMatchObject({ status: 502 })
	})
})

describe('curation json through the cache', () => {
	it('asks once per culture until the reset, then serves the last one while the upstream fails', async () => {
		const curation = { cultureCode: 'en-US', updateDate, sections: [{ id: 'new', title: 'New', productSlugs: [] }] }
		const hit = account.get('json', reply.json(curation), reply.text('Bad Gateway', 502))
		expect(await getCuration('en-US')).toEqual(curation)
		expect(await getCuration('en-US')).toEqual(curation)
		expect(hit.calls).toHaveLength(1)
		expect(hit.last.url.searchParams.get('key')).toBe('curation/en-US')
		later()
		expect(await getCuration('en-US')).toEqual(curation)
	})
})
