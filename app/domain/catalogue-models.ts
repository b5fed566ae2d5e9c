/**
 * A category's models from the product catalogue, as the registration form's
 * category select filters them in the browser. Apart from the 21 categories'
 * table (`product-registration-fields.ts`), which the page gets as loader data.
 */
import { compareNames } from './formats.ts'

export interface CatalogueProduct {
	slug: string
	modelCode: string
	name: string
	categoryId: number
}

/** The catalogue's products of category `categoryId` (a number, or its text from a select), by name. */
export function productsInCategory<T extends CatalogueProduct>(
	catalogue: readonly T[],
	categoryId: number | string,
): T[] {
	const id = typeof categoryId === 'number' ? categoryId : /^\d+$/.test(categoryId.trim()) ? Number(categoryId) : NaN
	const byName = compareNames('en')
	return catalogue.filter((product) => product.categoryId === id).sort((a, b) => byName(a.name, b.name))
}
