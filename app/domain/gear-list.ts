/**
 * The gear list (spec 1 §2 MyGear `my_gear`, §9): the user's registered products twelve to a
 * page, in one of the spec's four sorts, chosen in the query (`?sort=`, `?page=`) so that sorting
 * and paging are plain links and a GET form, with or without JavaScript.
 */
import { compareNames } from './formats.ts'

/** Spec 1 §9: products per page. */
export const GEAR_PAGE_SIZE = 12

/** Spec 1 §9: gear sort methods. */
export const GEAR_SORTS = ['purchaseDateAsc', 'purchaseDateDesc', 'productNameAsc', 'productNameDesc'] as const
export type GearSort = (typeof GEAR_SORTS)[number]

/** The spec names no default: the latest purchases first. */
export const DEFAULT_GEAR_SORT: GearSort = 'purchaseDateDesc'

export const GEAR_LIST_PATH = '/gear/my_gear'

export function isGearSort(value: unknown): value is GearSort {
	return typeof value === 'string' && (GEAR_SORTS as readonly string[]).includes(value)
}

export interface GearListQuery {
	sort: GearSort
	/** 1-based; may be past the last page until `gearPage` says which page there is. */
	page: number
}

/** The sort and page a query asks for; anything unknown is the default. */
export function gearListQuery(search: URLSearchParams): GearListQuery {
	const sort = search.get('sort')
	const page = Number(search.get('page') ?? '1')
	return {
		sort: isGearSort(sort) ? sort : DEFAULT_GEAR_SORT,
		page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
	}
}

/** The list's address for a sort and page; the defaults are left out, so the plain list is `/gear/my_gear`. */
export function gearListHref(query: Partial<GearListQuery> = {}): string {
	const search = new URLSearchParams()
	if (query.sort && query.sort !== DEFAULT_GEAR_SORT) search.set('sort', query.sort)
	if (query.page && query.page > 1) search.set('page', String(query.page))
	const text = search.toString()
	return text ? `${GEAR_LIST_PATH}?${text}` : GEAR_LIST_PATH
}

/** What the sorts read of a registered product. */
export interface SortableGear {
	id: string
	/** The product's name in the user's culture. */
	name: string
	/** YYYY-MM-DD, or null when not given. */
	purchaseDate: string | null
	/** When it was registered (ISO), the last tie-breaker before the id. */
	createDate?: string
}

/**
 * The products in a sort. Names compare as the culture sorts them (numbers by value, `TD-07` before
 * `TD-27`); products without a purchase date come last in both date orders; ties go by name, then
 * by when they were registered.
 */
export function sortGear<T extends SortableGear>(items: readonly T[], sort: GearSort, cultureCode: string): T[] {
	const compare = compareNames(cultureCode)
	const byName = (a: T, b: T) => compare(a.name, b.name)
	const byRest = (a: T, b: T) =>
		(a.createDate ?? '').localeCompare(b.createDate ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
	const byDate = (direction: 1 | -1) => (a: T, b: T) => {
		if (a.purchaseDate === b.purchaseDate) return 0
		if (a.purchaseDate === null) return 1
		if (b.purchaseDate === null) return -1
		return a.purchaseDate < b.purchaseDate ? -direction : direction
	}
	const order: Record<GearSort, (a: T, b: T) => number> = {
		purchaseDateAsc: (a, b) => byDate(1)(a, b) || byName(a, b) || byRest(a, b),
		purchaseDateDesc: (a, b) => byDate(-1)(a, b) || byName(a, b) || byRest(a, b),
		productNameAsc: (a, b) => byName(a, b) || byRest(a, b),
		productNameDesc: (a, b) => byName(b, a) || byRest(a, b),
	}
	return [...items].sort(order[sort])
}

export interface GearPage<T> {
	items: T[]
	/** The page shown: the one asked for, or the last one when it asked past the end. */
	page: number
	pageCount: number
	total: number
	/** 1-based positions of the first and last product shown (0 and 0 for an empty list). */
	from: number
	to: number
}

/** One page of the list; a page past the end shows the last page. */
export function gearPage<T>(items: readonly T[], page: number, size: number = GEAR_PAGE_SIZE): GearPage<T> {
	const total = items.length
	const pageCount = Math.max(1, Math.ceil(total / size))
	const shown = Math.min(Math.max(1, Math.floor(page)), pageCount)
	const start = (shown - 1) * size
	const pageItems = items.slice(start, start + size)
	return {
		items: pageItems,
		page: shown,
		pageCount,
		total,
		from: pageItems.length ? start + 1 : 0,
		to: start + pageItems.length,
	}
}

/** A registration as the account API lists it: what the list reads of it. */
export interface RegistrationRecord {
	id: string
	product: { slug: string; brand: { value: string }; modelCode?: string | null; name?: string | null }
	serialCode: string
	purchaseDate: string | null
	status: 'pending' | 'completed' | 'failed'
	createDate: string
}

/** A product of the products master list, labelled in the user's culture: what the list reads of it. */
export interface CatalogueProduct {
	slug: string
	label: string
	modelCode: string
	brand: { value: string; label: string }
}

/** A registered product as the gear screens show it. */
export interface GearEntry extends SortableGear {
	slug: string
	brandValue: string
	/** The brand's name (`BOSS`), or its value when the catalogue does not know the product. */
	brand: string
	modelCode: string | null
	serialCode: string
	status: RegistrationRecord['status']
	createDate: string
}

/**
 * A registration with the names the products master list gives it in the user's culture; a product
 * the list no longer has keeps the name the registration carries (else its slug).
 */
export function gearEntryOf(record: RegistrationRecord, catalogue: ReadonlyMap<string, CatalogueProduct>): GearEntry {
	const product = catalogue.get(record.product.slug)
	return {
		id: record.id,
		slug: record.product.slug,
		name: product?.label ?? record.product.name ?? record.product.slug,
		brandValue: record.product.brand.value,
		brand: product?.brand.label ?? record.product.brand.value,
		modelCode: product?.modelCode ?? record.product.modelCode ?? null,
		serialCode: record.serialCode,
		purchaseDate: record.purchaseDate,
		status: record.status,
		createDate: record.createDate,
	}
}

/**
 * Whether an id from an address or a form names one of the user's own registrations: only those
 * may be unregistered. Anything else (forged, another user's, already gone) is not found here,
 * whatever the upstream would make of it.
 */
export function isOwnRegistration(registrations: readonly { id: string }[], id: string): boolean {
	return registrations.some((registration) => registration.id === id)
}

/** The user's own registration an id names, or undefined (see `isOwnRegistration`). */
export function ownRegistration<R extends { id: string }>(registrations: readonly R[], id: string): R | undefined {
	return registrations.find((registration) => registration.id === id)
}
