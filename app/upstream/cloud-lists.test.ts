import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cloud, reply } from '#tests/mocks/handlers.ts'
import { failure } from '#tests/mocks/normalisation.ts'
import { createLruCache } from './cache.server.ts'
import {
	CLOUD_LIST_STALE_MS,
	CLOUD_LIST_TTL_MS,
	cloudOffers,
	cloudProducts,
	membershipProducts,
	setCloudListsCache,
} from './cloud-lists.server.ts'

const offer = {
	id: 'annual-10',
	name: 'Annual plans: 10% off',
	description: 'Everyone saves 10%.',
	planIds: ['pro-annual'],
	discountPercent: 10,
	audience: 'all',
	validFrom: '2026-01-01T00:00:00.000Z',
	validUntil: '2027-01-01T00:00:00.000Z',
}
const usd = (amount: number) => ({ amount, currency: 'USD' })
const tier = (id: string, rank: number) => ({
	id,
	name: id,
	rank,
	description: '',
	features: [],
	productIds: [],
	freeTrialDays: 0,
	maxRewardInstruments: 0,
	plans: [
		{
			id: `${id}-monthly`,
			membershipProductId: id,
			interval: 'Monthly',
			price: usd(9.99),
			monthlyEquivalent: usd(9.99),
			savingPercent: 0,
		},
	],
})
const product = {
	id: 'tr-808',
	productCode: 'TR-808',
	name: 'TR-808',
	category: 'Rhythm composer',
	description: '',
	image: 'https://cdn.example/tr-808.svg',
	membershipProductIds: ['pro'],
}

beforeEach(() => {
	setCloudListsCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setCloudListsCache(undefined)
})

describe('the cloud lists through the cache (ADR 0023)', () => {
	it('asks the upstream once while a list is fresh, then again past its time', async () => {
		const hit = cloud.get('content/offers.json', reply.json([offer]), reply.json([]))
		expect(await cloudOffers()).toEqual([offer])
		vi.setSystemTime(Date.now() + CLOUD_LIST_TTL_MS.offers - 1000)
		expect(await cloudOffers()).toEqual([offer])
		expect(hit.calls).toHaveLength(1)
		vi.setSystemTime(Date.now() + 2000)
		// Past its time: served once more while the fresh list is fetched, then the fresh one.
		expect(await cloudOffers()).toEqual([offer])
		await vi.waitFor(() => expect(hit.calls).toHaveLength(2))
		await vi.waitFor(async () => expect(await cloudOffers()).toEqual([]))
	})

	it('serves the last list through an outage, within the stale time', async () => {
		const hit = cloud.get('content/offers.json', reply.json([offer]), reply.text('Bad Gateway', 502))
		expect(await cloudOffers()).toEqual([offer])
		vi.setSystemTime(Date.now() + CLOUD_LIST_TTL_MS.offers + CLOUD_LIST_STALE_MS - 60_000)
		expect(await cloudOffers()).toEqual([offer])
		await vi.waitFor(() => expect(hit.calls).toHaveLength(2))
		expect(await cloudOffers()).toEqual([offer])
	})

	it('passes a first fetch’s failure on and keeps nothing', async () => {
		cloud.get('content/membership-products.json', reply.text('Bad Gateway', 502))
		expect(await failure(membershipProducts())).toMatchObject({ upstream: 'cloud', status: 502 })
		cloud.get('content/membership-products.json', reply.json([tier('pro', 2), tier('core', 1)]))
		expect((await membershipProducts()).map((t) => t.id)).toEqual(['core', 'pro'])
	})

	it('keeps one all-products list for every user: it is the catalogue, not theirs', async () => {
		const hit = cloud.get('api/account-details/all-products', reply.json([product]))
		expect(await cloudProducts('id-token-of-a')).toEqual([product])
		expect(await cloudProducts('id-token-of-b')).toEqual([product])
		expect(hit.calls).toHaveLength(1)
		expect(hit.last.headers.get('authorization')).toBe('Bearer id-token-of-a')
	})
})
