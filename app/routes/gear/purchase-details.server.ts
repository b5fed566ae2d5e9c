import type { StoreOption } from '#app/domain/purchase-details.ts'
import { getMasterData, getStores } from '#app/upstream/master-data.server.ts'

const byOrder = (a: { sortOrder?: number }, b: { sortOrder?: number }) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0)

/**
 * The master lists a purchase-details form offers, from the cache: the purchasing methods labelled
 * in the culture, the dealers of the culture (`stores`), and every dealer (`allStores`), which names
 * a store a registration kept in another culture.
 */
export async function purchaseLists(culture: string) {
	const [methods, stores] = await Promise.all([getMasterData('purchasingMethods', culture), getStores()])
	const option = (store: (typeof stores)[number]): StoreOption => ({ id: store.id, name: store.name })
	return {
		methods: [...methods].sort(byOrder).map((method) => ({ value: method.id, label: method.label })),
		stores: stores
			.filter((store) => !store.cultureCode || store.cultureCode.value === culture)
			.sort(byOrder)
			.map(option),
		allStores: stores.map(option),
	}
}
