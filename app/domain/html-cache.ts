/**
 * Which requests may be answered from the rendered-HTML cache of anonymous pages, under which key,
 * and which rendered responses may enter it (ADR 0048). Pure: the server reads the request's
 * preferences, region and maintenance first and hands them here, so everything per visitor is
 * decided before the cache is asked.
 *
 * The rule fails closed: a page is cached only when it is on the list below, the request carries no
 * cookie but the preference cookies this rule puts in the key, and nothing of the visitor's (a
 * session, a flash, an analytics opt-in that logs page views, a preference chosen in the query,
 * which sets a cookie) would change the page or its headers.
 */

/**
 * The anonymous pages: their render depends only on path, query, theme, language, the preference
 * cookies in the key and the build. Sign-in, sign-up, password reset. Pages that also show upstream
 * data (the privacy and policy links, the memberships as visitors see them) are not among them: a
 * kept copy would answer 200 through an upstream outage whose designed answer is a 503 and the spec's
 * message, and their master data is cached already (ADR 0048).
 */
const CACHEABLE_PATHS: readonly RegExp[] = [/^\/login$/, /^\/(?:app\/)?signup$/, /^\/reset-password$/]

/**
 * Cookies whose whole effect on a page is in the key (the preferences) or decided before the cache
 * (`geo`, the region rule). Any other cookie, the session's above all, sends the request to a
 * normal render: a cookie the portal starts reading later is safe without anyone remembering this list.
 */
const KEYED_COOKIES: ReadonlySet<string> = new Set([
	'theme',
	'culture',
	'country',
	'sidebar',
	'analytics',
	'lite',
	'geo',
])

/**
 * A longer query is rendered as usual: no link of ours is that long, and a visitor who makes up
 * queries only churns the cache, bounded as it is, with keys no one else asks for.
 */
const MAX_QUERY_CHARS = 512

export function isCacheablePath(pathname: string): boolean {
	return CACHEABLE_PATHS.some((pattern) => pattern.test(pathname))
}

export interface AnonymousRequest {
	method: string
	pathname: string
	/** The query as sent, with its `?` (or ''). */
	search: string
	/** The Host header: the theme may come from it, and nothing rendered for one host is served to another. */
	host: string
	/** Names of the cookies the request carries. */
	cookieNames: readonly string[]
	preferences: {
		theme: string
		culture: string
		countryCode: string | null
		sidebar: string
		/** The consent banner's answer; null while unanswered. */
		analytics: boolean | null
		/** Lite mode, from the lite cookie or Save-Data: a lite page has no script, a full one needs its own (ADR 0058). */
		lite: boolean
	}
	/** The query chose a preference, so the response sets its cookie. */
	setsPreferenceCookies: boolean
	/** The region rule's answer for this visitor: `blocked` is sent to the notice by a normal render. */
	region: 'allowed' | 'blocked'
	/** Maintenance on or planned shows on every page and changes with the clock: no cache meanwhile. */
	maintenance: boolean
	/** The build's id: a new build never serves an older build's pages (their asset names differ). */
	build: string
}

/** The cache key of a request that may be answered from the cache, or null: render it as usual. */
export function htmlCacheKey(request: AnonymousRequest): string | null {
	if (request.method !== 'GET') return null
	if (!isCacheablePath(request.pathname) || request.search.length > MAX_QUERY_CHARS) return null
	if (request.cookieNames.some((name) => !KEYED_COOKIES.has(name))) return null
	if (request.setsPreferenceCookies || request.region !== 'allowed' || request.maintenance) return null
	const { theme, culture, countryCode, sidebar, analytics, lite } = request.preferences
	// An opted-in visitor's page views are logged and their page loads the analytics script: theirs alone.
	if (analytics === true) return null
	const consent = analytics === false ? 'denied' : 'unanswered'
	return JSON.stringify([
		request.build,
		request.host.toLowerCase(),
		request.pathname,
		request.search,
		theme,
		culture,
		countryCode ?? '',
		sidebar,
		consent,
		lite ? 'lite' : 'full',
	])
}

export interface RenderedResponse {
	status: number
	contentType: string | null
	setsCookie: boolean
}

/** Only a plain 200 HTML page that sets no cookie is kept: a redirect, an error or a new session never is. */
export function isStorable(response: RenderedResponse): boolean {
	return response.status === 200 && !response.setsCookie && /^text\/html(?:;|$)/i.test(response.contentType ?? '')
}
