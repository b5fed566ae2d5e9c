/**
 * The cloud's hardware products list (spec 2 §7: a JSON list read from its configured path), for
 * the entitlement key screen's hardware product choice. It changes with a product launch, so it is
 * kept for an hour and served stale for a day while a fresh one is fetched (an outage of the list
 * does not take the screen down). A failure keeps nothing.
 */
import { cachified } from '@epic-web/cachified'
import { checkShared, getCache } from './cache.server.ts'
import { getHardwareProducts } from './cloud.server.ts'
import { HardwareProductsSchema, type HardwareProduct } from './contract/cloud.ts'

export const HARDWARE_LIST_TTL_MS = 60 * 60_000
export const HARDWARE_LIST_STALE_MS = 24 * 60 * 60_000

export function cachedHardwareProducts(signal?: AbortSignal): Promise<HardwareProduct[]> {
	const cache = getCache()
	return cachified({
		key: 'cloud:hardware-products',
		cache,
		ttl: HARDWARE_LIST_TTL_MS,
		staleWhileRevalidate: HARDWARE_LIST_STALE_MS,
		checkValue: checkShared(cache, HardwareProductsSchema),
		getFreshValue: () => getHardwareProducts({ signal }),
	})
}
