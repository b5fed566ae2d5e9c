/**
 * The data of a product's page (ProductsDirect): the product json of the user's culture (cached per
 * culture and slug, its last good copy through an outage), its picture and, for the tabs that need
 * them, the curation json and the products master list, all asked for at once.
 */
import { data } from 'react-router'
import type { Route } from './+types/product-info'
import {
	accessoryRows,
	articleRows,
	curatedSections,
	downloadRows,
	formatInfoDate,
	isEnglishFallback,
	productInfoTab,
	specTables,
	supportDocumentRows,
	type ProductInfoTab,
} from '#app/domain/product-info.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { notFound } from '#app/responses.server.ts'
import { productCatalogue } from '#app/upstream/product-catalogue.server.ts'
import type { CatalogueKey } from '#app/ui/i18n.tsx'
import { JsonKeyQuerySchema } from '#app/upstream/contract/account-catalogue.ts'
import { isUpstreamError, userMessageKey, type UpstreamError } from '#app/upstream/errors.ts'
import { getCuration, getProductInfoOrLastGood, type StoredProductInfo } from '#app/upstream/master-data.server.ts'
import { pictureSrc } from '#app/upstream/pictures.server.ts'
import { productImageUrl } from '#app/upstream/product-images.server.ts'

/** The picture's box (the product images are square): set, so the page does not move as it loads. */
const IMAGE_SIZE = 240

/** A slug the json key can carry; anything else is no product, without asking the upstream. */
function isSlug(slug: string): boolean {
	return /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(slug) && JsonKeyQuerySchema.safeParse({ key: slug }).success
}

/** The product's main picture from productImages, cached like the gear list's; null when there is none. */
async function mainImage(slug: string, brand: string | undefined, culture: string): Promise<string | null> {
	return brand ? productImageUrl({ slug, brand, cultureCode: culture }, 'main', null) : null
}

/** The curation json, best effort: the articles tab shows the product's own articles without it. */
async function curationOrNull(culture: string) {
	try {
		return await getCuration(culture)
	} catch (error) {
		if (isUpstreamError(error) && !error.cancelled) return null
		throw error
	}
}

function tabContent(
	tab: ProductInfoTab,
	info: StoredProductInfo,
	culture: string,
	catalogue: ReadonlyMap<string, { label: string }>,
	curation: Awaited<ReturnType<typeof curationOrNull>> | undefined,
) {
	switch (tab) {
		case 'features':
			return { tab, features: info.features }
		case 'specs':
			return { tab, specs: specTables(info.specs, culture) }
		case 'downloads':
			return { tab, downloads: downloadRows(info.downloads, culture) }
		case 'support':
			return {
				tab,
				warrantyYears: info.support.warrantyYears,
				faqs: info.support.faqs,
				documents: supportDocumentRows(info.Product_Support_Documents, culture),
			}
		case 'articles': {
			const names = new Map([...catalogue].map(([slug, product]) => [slug, product.label]))
			return {
				tab,
				articles: articleRows(info.articles, culture),
				curated: curation ? curatedSections(curation.sections, info.slug, names) : [],
				curationMissing: !curation,
			}
		}
		case 'accessories':
			return { tab, accessories: accessoryRows(info.accessories, new Set(catalogue.keys())) }
	}
}

export type ProductTabContent = ReturnType<typeof tabContent>

function failure(error: UpstreamError) {
	if (error.kind === 'status' && error.status === 404) notFound('register.productNotFound')
	const errorKey: CatalogueKey = userMessageKey(error) ?? 'toast.tryAgain'
	return data({ state: 'unavailable' as const, errorKey }, { status: 503 })
}

export async function loadProductInfo({ context, params }: Pick<Route.LoaderArgs, 'context' | 'params'>) {
	const { culture } = context.get(preferencesContext)
	const slug = params.slug
	const tab = productInfoTab(params.tab)
	if (!isSlug(slug)) notFound('register.productNotFound')

	// The master list (cached, best effort) names the brand the picture is asked by, and the accessories' pages.
	const catalogue = productCatalogue(culture)
	try {
		const [copy, products, image, curation] = await Promise.all([
			getProductInfoOrLastGood(culture, slug),
			catalogue,
			catalogue.then((products) => mainImage(slug, products.get(slug)?.brand.value, culture)),
			tab === 'articles' ? curationOrNull(culture) : undefined,
		])
		const { info, lastGoodFrom } = copy
		const picture = pictureSrc(image ?? info.image)
		return data({
			state: 'found' as const,
			slug: info.slug,
			name: info.name,
			brand: info.brand.label,
			modelCode: info.modelCode,
			summary: info.summary,
			image: picture ? { url: picture, width: IMAGE_SIZE, height: IMAGE_SIZE } : null,
			englishFallback: isEnglishFallback(culture, info.contentCulture),
			contentLanguage: info.contentCulture.slice(0, 2).toLowerCase(),
			lastGoodFrom: lastGoodFrom ? formatInfoDate(lastGoodFrom, culture) : null,
			content: tabContent(tab, info, culture, products, curation),
		})
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return failure(error)
	}
}
