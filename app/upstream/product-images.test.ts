import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { publicApi, reply } from '#tests/mocks/handlers.ts'
import { MASTER_REFRESH_SECONDS } from '../domain/master-data.ts'
import { createLruCache } from './cache.server.ts'
import { getCachedProductPictures, productImageUrl, setProductImagesCache } from './product-images.server.ts'

const image = (kind: 'main' | 'thumbnail' | 'gallery') => ({
	kind,
	url: `https://images.example/fp-30x/${kind}.png`,
	width: 200,
	height: 150,
	alt: 'FP-30X',
})
const images = { slug: 'fp-30x', brand: 'main', cultureCode: 'en-US', images: [image('main'), image('thumbnail')] }
const query = { slug: 'fp-30x', brand: 'main', cultureCode: 'en-US' }
const pictures = {
	main: 'https://images.example/fp-30x/main.png',
	thumbnail: 'https://images.example/fp-30x/thumbnail.png',
}

beforeEach(() => {
	setProductImagesCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setProductImagesCache(undefined)
})

describe('product images through the cache', () => {
	it('asks the public API once, then serves the kept answer until the products refresh time', async () => {
		const hit = publicApi.get('productImages', reply.json(images))
		expect(await getCachedProductPictures(query)).toEqual(pictures)
		expect(await getCachedProductPictures(query)).toEqual(pictures)
		expect(hit.calls).toHaveLength(1)
		expect(Object.fromEntries(hit.last.url.searchParams)).toEqual({
			slug: 'fp-30x',
			brand: 'main',
			culture_code: 'en-US',
		})

		vi.setSystemTime(Date.now() + MASTER_REFRESH_SECONDS.products * 1000 + 1000)
		// Past its time: the kept answer at once, a fresh one fetched behind it.
		expect(await getCachedProductPictures(query)).toEqual(pictures)
		await hit.arrived(2)
	})

	it('keeps each culture apart', async () => {
		const hit = publicApi.get('productImages', reply.json(images))
		await getCachedProductPictures(query)
		await getCachedProductPictures({ ...query, cultureCode: 'ja-JP' })
		expect(hit.calls.map((call) => call.url.searchParams.get('culture_code'))).toEqual(['en-US', 'ja-JP'])
	})

	it('keeps "no images" for a product the API does not know, and nothing after a failure', async () => {
		const unknown = publicApi.get('productImages', reply.json({ message: 'Product not found.' }, 404))
		expect(await getCachedProductPictures(query)).toBeNull()
		expect(await getCachedProductPictures(query)).toBeNull()
		expect(unknown.calls).toHaveLength(1)

		const other = { ...query, slug: 'fp-10' }
		const failing = publicApi.get('productImages', reply.json({ message: 'down' }, 503), reply.json(images))
		expect(await productImageUrl(other, 'thumbnail', 'https://fallback.example/fp-10.png')).toBe(
			'https://fallback.example/fp-10.png',
		)
		expect(await productImageUrl(other, 'thumbnail', null)).toBe('https://images.example/fp-30x/thumbnail.png')
		expect(failing.calls).toHaveLength(2)
	})

	it('picks the kind asked for, else the first picture, else the fallback', async () => {
		publicApi.get('productImages', reply.json(images))
		expect(await productImageUrl(query, 'main', null)).toBe('https://images.example/fp-30x/main.png')
		expect(await productImageUrl(query, 'gallery', null)).toBe('https://images.example/fp-30x/main.png')
		publicApi.get('productImages', reply.json({ ...images, images: [] }))
		expect(await productImageUrl({ ...query, slug: 'fp-10' }, 'main', 'https://fallback.example/x.png')).toBe(
			'https://fallback.example/x.png',
		)
	})
})
