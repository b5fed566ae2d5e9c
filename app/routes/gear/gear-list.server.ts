import { data } from 'react-router'
import type { Route } from './+types/my-gear'
import {
	GEAR_LIST_PATH,
	GEAR_SORTS,
	gearEntryOf,
	gearListHref,
	gearListQuery,
	gearPage,
	sortGear,
	type GearEntry,
	type RegistrationRecord,
} from '#app/domain/gear-list.ts'
import { formatPurchaseDate } from '#app/domain/purchase-details.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { getRegisteredProducts } from '#app/upstream/account-gear.server.ts'
import type { RegisteredProduct } from '#app/upstream/contract/account-gear.ts'
import { productCatalogue } from '#app/upstream/product-catalogue.server.ts'
import { productImageUrl, type ProductImageKind } from '#app/upstream/product-images.server.ts'
import { pictureSrc } from '#app/upstream/pictures.server.ts'

/** A registered product as the gear screens show it: named, dated in the culture, pictured. */
export interface GearItem extends GearEntry {
	purchaseDateText: string | null
	image: string | null
}

/** What a card of the list shows, with its page's address: the page carries no more than that. */
export type GearListItem = Pick<
	GearItem,
	'id' | 'slug' | 'name' | 'brand' | 'serialCode' | 'purchaseDateText' | 'status' | 'image'
> & { href: string }

const listItem = ({ id, slug, name, brand, serialCode, purchaseDateText, status, image }: GearItem): GearListItem => ({
	id,
	slug,
	name,
	brand,
	serialCode,
	purchaseDateText,
	status,
	image,
	href: `${GEAR_LIST_PATH}/${encodeURIComponent(id)}`,
})

/** The screens' view of registrations; the pictures of all of them are asked for at once, not one after another. */
export async function gearItems(
	registrations: readonly { entry: GearEntry; record: RegisteredProduct }[],
	culture: string,
	imageKind: ProductImageKind,
): Promise<GearItem[]> {
	return Promise.all(
		registrations.map(async ({ entry, record }) => ({
			...entry,
			purchaseDateText: entry.purchaseDate ? formatPurchaseDate(entry.purchaseDate, culture) : null,
			image: pictureSrc(
				await productImageUrl(
					{ slug: entry.slug, brand: entry.brandValue, cultureCode: culture },
					imageKind,
					record.image ?? record.product.image,
				),
			),
		})),
	)
}

const asRecord = (record: RegisteredProduct): RegistrationRecord => record

/**
 * The gear list's data: one call for the user's registrations; the products master list and the
 * pictures come from the portal's cache once seen (spec 1 §9: 12 a page, the sort in the query).
 */
export async function loadGearList({ context, request, url }: Pick<Route.LoaderArgs, 'context' | 'request' | 'url'>) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const query = gearListQuery(url.searchParams)
	const [registrations, catalogue] = await orUpstreamUnavailable(
		Promise.all([
			getRegisteredProducts(credentials.accessToken, credentials.userId, request.signal),
			productCatalogue(culture),
		]),
	)
	const records = new Map(registrations.map((record) => [record.id, record]))
	const entries = sortGear(
		registrations.map((record) => gearEntryOf(asRecord(record), catalogue)),
		query.sort,
		culture,
	)
	const page = gearPage(entries, query.page)
	const items = await gearItems(
		page.items.map((entry) => ({ entry, record: records.get(entry.id)! })),
		culture,
		'thumbnail',
	)
	// The addresses are made here: the browser then needs no code of the list's rules.
	const at = (n: number) => gearListHref({ sort: query.sort, page: n })
	return {
		sort: query.sort,
		sorts: GEAR_SORTS,
		total: page.total,
		from: page.from,
		to: page.to,
		items: items.map(listItem),
		pages:
			page.pageCount > 1
				? Array.from({ length: page.pageCount }, (_, index) => ({
						n: index + 1,
						href: at(index + 1),
						current: index + 1 === page.page,
					}))
				: [],
		previous: page.page > 1 ? at(page.page - 1) : null,
		next: page.page < page.pageCount ? at(page.page + 1) : null,
	}
}

/** The list's sorting and paging are links and a GET form: it has nothing to post. */
export async function gearListAction(_args: Route.ActionArgs): Promise<{ tab: 'my_gear' }> {
	throw data(null, { status: 405 })
}
