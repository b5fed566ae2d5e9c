/**
 * Master data (spec 1 §3, §4, §9; spec 2 §4, §7): the lists the portal reads
 * from the account API, how long each stays fresh, and the rules applied to
 * their items (the JSON meta merge, labels per culture, rows per culture).
 */

/** The master lists by the names the portal uses; spec 2 §7 gives their paths (`master/genders`…). */
export const MASTER_LIST_NAMES = [
	'genders',
	'cultureCodes',
	'interests',
	'phoneTypes',
	'purchasingMethods',
	'questionnaireLabels',
	'brands',
	'stateProvinces',
	'products',
	'stores',
] as const

export type MasterListName = (typeof MASTER_LIST_NAMES)[number]

export function isMasterListName(value: unknown): value is MasterListName {
	return typeof value === 'string' && (MASTER_LIST_NAMES as readonly string[]).includes(value)
}

/** Spec 1 §9: a list is refreshed when older than this. */
export const MASTER_REFRESH_SECONDS: Readonly<Record<MasterListName, number>> = {
	genders: 604800,
	cultureCodes: 86400,
	interests: 604800,
	phoneTypes: 604800,
	purchasingMethods: 604800,
	questionnaireLabels: 259200,
	brands: 604800,
	stateProvinces: 604800,
	products: 600,
	stores: 3600,
}

/** The lists read through the cache download, and how long a downloaded file is kept (spec 1 §9 cache times). */
export const MASTER_CACHE_SECONDS = {
	products: 3600,
	stores: 86400,
} as const satisfies Partial<Record<MasterListName, number>>

export type CachedMasterListName = keyof typeof MASTER_CACHE_SECONDS

export function isCachedMasterList(name: MasterListName): name is CachedMasterListName {
	return Object.hasOwn(MASTER_CACHE_SECONDS, name)
}

/** Spec 1 §9: product info is reset when older than this. */
export const PRODUCT_INFO_RESET_SECONDS = 86400

/**
 * How long past its refresh time a list is still served while a fresh one is
 * fetched. Long, so an upstream outage serves the last lists instead of failing.
 */
export const MASTER_STALE_SECONDS = 30 * 86400

/** A culture reference as the account API sends it (`{ id, value }`). */
export interface CultureCodeRef {
	id: string
	value: string
}

type WithMeta = { meta?: unknown }

/** Keys an item's meta may not replace: they say which row it is. */
const IDENTITY_KEYS = new Set(['id', 'cultureCode', 'updateDate'])

/**
 * Spec 1 §3: "an item may carry a JSON meta field whose keys merge into the
 * item". The meta (a JSON object in a string) is parsed and its keys laid
 * over the item's, except the row's identity; `meta` itself is dropped. A meta
 * that is not a JSON object is ignored.
 */
export function mergeMeta<T extends WithMeta>(item: T): Omit<T, 'meta'> & Record<string, unknown> {
	const { meta, ...rest } = item
	const parsed = parseMeta(meta)
	if (!parsed) return rest
	const merged: Record<string, unknown> = { ...rest }
	for (const [key, value] of Object.entries(parsed)) {
		if (!IDENTITY_KEYS.has(key)) merged[key] = value
	}
	return merged as Omit<T, 'meta'> & Record<string, unknown>
}

function parseMeta(meta: unknown): Record<string, unknown> | undefined {
	let value = meta
	if (typeof meta === 'string') {
		if (!meta.trim()) return undefined
		try {
			value = JSON.parse(meta)
		} catch {
			return undefined
		}
	}
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

type Labelled = { label: string; labels?: Readonly<Record<string, string>> | undefined }

/**
 * The label of an item in a culture: the item's label for that culture, else
 * for its language (`ja`), else the default (English) label.
 */
export function labelFor(item: Labelled, cultureCode: string | undefined): string {
	if (!cultureCode || !item.labels) return item.label
	const language = cultureCode.split('-').length === 3 ? cultureCode.split('-')[1]! : cultureCode.split('-')[0]!
	return item.labels[cultureCode] ?? item.labels[language] ?? item.label
}

type CultureScoped = { cultureCode?: CultureCodeRef | null }

/**
 * The rows of a list that serve a culture: rows for that culture and rows for
 * every culture (`cultureCode: null`), with their labels in that culture.
 */
export function itemsForCulture<T extends CultureScoped & Labelled>(items: readonly T[], cultureCode: string): T[] {
	return items
		.filter((item) => !item.cultureCode || item.cultureCode.value === cultureCode)
		.map((item) => ({ ...item, label: labelFor(item, cultureCode) }))
}

/** Rows of a list for one country (stores, state/provinces), by ISO 3166 alpha-2 code. */
export function itemsForCountry<T extends { country?: unknown }>(items: readonly T[], country: string): T[] {
	const wanted = country.trim().toUpperCase()
	return items.filter((item) => typeof item.country === 'string' && item.country.toUpperCase() === wanted)
}

type WithSupportDocuments = { Product_Support_Documents?: ReadonlyArray<{ Asset_Details?: unknown }> }

/**
 * Spec 1 §3: product info is stored with the Asset_Details of its
 * Product_Support_Documents blanked (they hold download addresses that are not
 * meant to be kept).
 */
export function blankAssetDetails<T extends WithSupportDocuments>(info: T): T {
	if (!info.Product_Support_Documents) return info
	return {
		...info,
		Product_Support_Documents: info.Product_Support_Documents.map((document) => ({ ...document, Asset_Details: [] })),
	}
}
