/**
 * The FAQ search's rules (spec 2 §2 FAQ search, §7 `zendesk/articles`): what a search address
 * means, the addresses of its pages, and which article ids are worth asking for. The search is a
 * GET form and its pages are plain links (`?q=&label=&page=`), so it works without JavaScript.
 */

export const FAQ_PATH = '/cloud/faq'
/** Articles per page of results. */
export const FAQ_PER_PAGE = 8
/** Longer queries are cut: no help article needs more words than this to be found. */
export const FAQ_QUERY_MAX = 200
/** Past this, a page number is a typo or a crawler: page 1 is shown instead. */
export const FAQ_MAX_PAGE = 500

/** The help centre's labels a customer may narrow the search to. */
export const FAQ_LABELS = [
	'cloud',
	'subscription',
	'billing',
	'trial',
	'loyalty',
	'entitlement_key',
	'installation',
	'account',
	'zenbeats',
	'zentracker',
	'btx',
] as const
export type FaqLabel = (typeof FAQ_LABELS)[number]

export interface FaqQuery {
	/** The words, trimmed and with single spaces; '' for none. */
	q: string
	/** One of FAQ_LABELS, or '' for every article. */
	label: FaqLabel | ''
	page: number
}

function isFaqLabel(value: string): value is FaqLabel {
	return (FAQ_LABELS as readonly string[]).includes(value)
}

/** The search an address asks for; anything it cannot use is read as its default. */
export function parseFaqQuery(params: URLSearchParams): FaqQuery {
	const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, FAQ_QUERY_MAX).trim()
	const label = (params.get('label') ?? '').trim().toLowerCase()
	const pageText = params.get('page') ?? ''
	const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : 1
	return {
		q,
		label: isFaqLabel(label) ? label : '',
		page: page >= 1 && page <= FAQ_MAX_PAGE ? page : 1,
	}
}

/** The address of a search page: empty parts and page 1 left out. */
export function faqSearchHref(query: FaqQuery): string {
	const params = new URLSearchParams()
	if (query.q) params.set('q', query.q)
	if (query.label) params.set('label', query.label)
	if (query.page > 1) params.set('page', String(query.page))
	const search = params.toString()
	return search ? `${FAQ_PATH}?${search}` : FAQ_PATH
}

export interface FaqPaging {
	page: number
	pages: number
	previous: string | null
	next: string | null
}

/** The links to the pages around this one, from the upstream's count and next page. */
export function faqPaging(
	query: FaqQuery,
	result: { count: number; perPage: number; nextPage: number | null },
): FaqPaging {
	const pages = Math.max(1, Math.ceil(result.count / Math.max(1, result.perPage)))
	const page = query.page
	return {
		page,
		pages,
		previous: page > 1 ? faqSearchHref({ ...query, page: Math.min(page - 1, pages) }) : null,
		next: result.nextPage !== null && page < pages ? faqSearchHref({ ...query, page: page + 1 }) : null,
	}
}

/** Help-centre article ids are numbers: anything else is not found without asking. */
export function isArticleId(id: string | undefined): id is string {
	return typeof id === 'string' && /^\d{1,20}$/.test(id)
}

export function faqArticlePath(id: string): string {
	return `${FAQ_PATH}/${encodeURIComponent(id)}`
}
