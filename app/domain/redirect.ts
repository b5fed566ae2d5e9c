/**
 * Where the portal may send a browser (spec 2 §4: redirects only to an
 * allowed list of origins; anything else goes to '/').
 */

/** A same-site path to return to after sign-in: a single leading slash, no scheme or host. */
export function safeReturnPath(target: string | null | undefined, fallback = '/'): string {
	if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
	try {
		const url = new URL(target, 'http://portal.invalid')
		if (url.origin !== 'http://portal.invalid') return fallback
		const path = url.pathname + url.search + url.hash
		// Dot segments resolve away only now: `/.//evil.example` is the path `//evil.example`, which a
		// browser reads as another host.
		return path.startsWith('//') ? fallback : path
	} catch {
		return fallback
	}
}

/**
 * A target the portal may send a browser to, as the URL parser read it (our own origin or one on the
 * allowed list, no user info), or null. The parsed form, not the text given: the text may hold what
 * the parser drops (tabs, newlines, spaces) and a header cannot carry.
 */
export function allowedRedirectTarget(
	target: string | null | undefined,
	ownOrigin: string,
	allowedOrigins: readonly string[],
): string | null {
	if (!target) return null
	try {
		const url = new URL(target, ownOrigin)
		if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
		if (url.username || url.password) return null
		if (url.origin === new URL(ownOrigin).origin) {
			// Our own page as a path: the visitor may have come by another of our hosts (a theme's), and a
			// path keeps them on it. Never one a browser reads as another host (`//evil.example`).
			const path = `${url.pathname}${url.search}${url.hash}`
			return path.startsWith('//') ? null : path
		}
		return allowedOrigins.includes(url.origin) ? url.href : null
	} catch {
		return null
	}
}

/** Whether an absolute URL may be redirected to: our own origin or one on the allowed list. */
export function isAllowedRedirect(target: string, ownOrigin: string, allowedOrigins: readonly string[]): boolean {
	return allowedRedirectTarget(target, ownOrigin, allowedOrigins) !== null
}

/** The query parameter that carries the remembered target. */
export const REDIRECT_PARAM = 'redirectTo'
