/**
 * The gear area's lists, shared by the register tab and the purchase-details form of a registered
 * product: all through the master-data cache, labelled in the page's culture.
 */
import type { CatalogueProduct } from '#app/domain/product-registration.ts'
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

/**
 * The lists the form offers, labelled in the page's culture, all through the master-data cache at
 * their spec times (products 600 s, stores 3600 s): the product catalogue, the brands that group
 * the categories, and the purchase details' lists the edit form shares (methods, stores of the culture).
 */
export async function registerLists(culture: string) {
	const [products, brands, purchase] = await Promise.all([
		getMasterData('products', culture),
		getMasterData('brands', culture),
		purchaseLists(culture),
	])
	const catalogue: CatalogueProduct[] = products.map((p) => ({
		slug: p.slug,
		modelCode: p.modelCode,
		name: p.name,
		categoryId: p.categoryId,
	}))
	return {
		catalogue,
		purchaseMethods: purchase.methods,
		stores: purchase.stores,
		brandLabels: {
			main: brands.find((b) => b.value === 'main')?.label ?? 'main',
			effects: brands.find((b) => b.value === 'effects')?.label ?? 'effects',
		},
	}
}
