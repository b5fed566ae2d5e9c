/**
 * What the server asks before its rendered-HTML cache of anonymous pages (ADR 0048): everything
 * per visitor (preferences, the region rule, maintenance, which cookies came) is read here, the same
 * way the root middleware reads it, and `app/domain/html-cache.ts` decides from it.
 */
import { parse } from 'cookie-es'
import { BUILD } from './build-info.server.ts'
import { htmlCacheKey, isCacheablePath } from './domain/html-cache.ts'
import { currentMaintenance } from './maintenance/maintenance.server.ts'
import { readPreferences } from './preferences/preferences.server.ts'
import { visitorRegion } from './preferences/region.server.ts'

export interface AnonymousPage {
	key: string
	/** The region rule's country, handed to the render so that it neither looks it up nor sets its cookie. */
	country: string
	/** Cookies this visitor's answer sets whichever way it is made (the geo cookie of a first visit). */
	setCookies: string[]
}

/**
 * The cache key of an anonymous page request and what goes with it, or null when the request must be
 * rendered as usual. `build` is the server's id of the build it serves.
 */
export async function anonymousPage(
	request: { method: string; url: string; headers: Headers; clientIp: string },
	build: string,
): Promise<AnonymousPage | null> {
	const url = new URL(request.url)
	// Most requests are not for an anonymous page: they cost one match, nothing is read.
	if (request.method !== 'GET' || !isCacheablePath(url.pathname)) return null
	const cookieHeader = request.headers.get('Cookie')
	const { preferences, setCookies } = await readPreferences(new Request(url, { headers: request.headers }))
	const region = await visitorRegion(cookieHeader, request.clientIp)
	const key = htmlCacheKey({
		method: request.method,
		pathname: url.pathname,
		search: url.search,
		// The theme reads the Host header; the render's URL is the forwarded origin behind a trusted proxy.
		host: `${request.headers.get('Host') ?? ''} ${url.origin}`,
		cookieNames: cookieHeader ? Object.keys(parse(cookieHeader)) : [],
		preferences,
		setsPreferenceCookies: setCookies.length > 0,
		region: region.blocked ? 'blocked' : 'allowed',
		maintenance: currentMaintenance().kind !== 'none',
		build: `${build} ${BUILD.version} ${BUILD.number} ${BUILD.commit ?? ''}`,
	})
	if (key === null) return null
	return { key, country: region.country, setCookies: region.setCookie ? [region.setCookie] : [] }
}
