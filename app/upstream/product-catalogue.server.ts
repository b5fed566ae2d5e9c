import type { CatalogueProduct } from '#app/domain/gear-list.ts'
import { itemsForCulture } from '#app/domain/master-data.ts'
import { isUpstreamError } from './errors.ts'
import { getProducts } from './master-data.server.ts'

// The products master list by slug per culture, made once per list the cache holds (a refresh is a new list).
const catalogues = new WeakMap<object, Map<string, ReadonlyMap<string, CatalogueProduct>>>()

/**
 * The products master list by slug, labelled in the culture. Best effort: without it the gear
 * screens name products as their registrations do, rather than failing.
 */
export async function productCatalogue(culture: string): Promise<ReadonlyMap<string, CatalogueProduct>> {
	let products: Awaited<ReturnType<typeof getProducts>>
	try {
		products = await getProducts()
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return new Map()
	}
	let byCulture = catalogues.get(products)
	if (!byCulture) catalogues.set(products, (byCulture = new Map()))
	let catalogue = byCulture.get(culture)
	if (!catalogue) {
		catalogue = new Map(itemsForCulture(products, culture).map((product) => [product.slug, product]))
		byCulture.set(culture, catalogue)
	}
	return catalogue
}
