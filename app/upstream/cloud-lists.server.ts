/**
 * The cloud's rarely-changing lists through the cache (ADR 0023): the
 * configured JSON lists (offers, membership products, lifetime keys, hardware
 * products) and all-products. They are the same for every user, so one entry
 * serves everyone; past its time a list is still served for a day while a
 * fresh one is fetched in the background, so an upstream outage serves the
 * last list instead of failing. A user's own data (subscriptions, the offers
 * get-customers-offers picks for them, billing) never comes through here.
 */
import { cachified } from '@epic-web/cachified'
import type { z } from 'zod'
import { checkShared, getCache, type PortalCache } from './cache.server.ts'
import {
	getAllProducts,
	getHardwareProducts,
	getLifetimeKeys,
	getMembershipProducts,
	getOffers,
} from './cloud.server.ts'
import {
	CloudProductsSchema,
	HardwareProductsSchema,
	LifetimeKeysSchema,
	MembershipProductsSchema,
	OffersSchema,
	type CloudProduct,
	type HardwareProduct,
	type LifetimeKey,
	type MembershipProduct,
	type Offer,
} from './contract/cloud.ts'

const PREFIX = 'cloud-lists:'
const MINUTE = 60_000

/**
 * How long each list is fresh. Offers have start and end dates: ten minutes,
 * so a promotion shows or goes soon after its date. Tiers, prices, keys,
 * hardware and instruments change with a release of the catalogue: an hour.
 */
export const CLOUD_LIST_TTL_MS = {
	offers: 10 * MINUTE,
	membershipProducts: 60 * MINUTE,
	lifetimeKeys: 60 * MINUTE,
	hardwareProducts: 60 * MINUTE,
	allProducts: 60 * MINUTE,
} as const
/** How long a list past its time is still served while a fresh one is fetched. */
export const CLOUD_LIST_STALE_MS = 24 * 60 * MINUTE

let override: PortalCache | undefined
const cache = () => override ?? getCache()

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setCloudListsCache(next: PortalCache | undefined): void {
	override = next
}

export async function clearCloudListsCache(): Promise<void> {
	await cache().clear(PREFIX)
}

function cachedList<T>(
	name: keyof typeof CLOUD_LIST_TTL_MS,
	schema: z.ZodType<T[]>,
	fetch: () => Promise<T[]>,
): Promise<T[]> {
	return cachified({
		key: `${PREFIX}${name}`,
		cache: cache(),
		ttl: CLOUD_LIST_TTL_MS[name],
		staleWhileRevalidate: CLOUD_LIST_STALE_MS,
		checkValue: checkShared(cache(), (value: unknown) => schema.safeParse(value).success),
		getFreshValue: fetch,
	})
}

/** Every offer configured (`content/offers.json`), whoever may use it. */
export function cloudOffers(): Promise<Offer[]> {
	return cachedList('offers', OffersSchema, () => getOffers())
}

/** The membership tiers with their plans, lowest tier first (`content/membership-products.json`). */
export async function membershipProducts(): Promise<MembershipProduct[]> {
	const tiers = await cachedList('membershipProducts', MembershipProductsSchema, () => getMembershipProducts())
	return [...tiers].sort((a, b) => a.rank - b.rank)
}

/** The lifetime keys on sale (`content/lifetime-keys.json`). */
export function lifetimeKeys(): Promise<LifetimeKey[]> {
	return cachedList('lifetimeKeys', LifetimeKeysSchema, () => getLifetimeKeys())
}

/** Hardware whose serial number unlocks cloud products (`content/hardware-products.json`). */
export function hardwareProducts(): Promise<HardwareProduct[]> {
	return cachedList('hardwareProducts', HardwareProductsSchema, () => getHardwareProducts())
}

/**
 * Every cloud instrument and app (`api/account-details/all-products`). The call needs a signed-in
 * user's id token, but the answer is the catalogue, the same for everyone: one entry for all.
 */
export function cloudProducts(idToken: string): Promise<CloudProduct[]> {
	return cachedList('allProducts', CloudProductsSchema, () => getAllProducts(idToken))
}
