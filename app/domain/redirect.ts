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
		return url.pathname + url.search + url.hash
	} catch {
		return fallback
	}
}

/** Whether an absolute URL may be redirected to: our own origin or one on the allowed list. */
export function isAllowedRedirect(target: string, ownOrigin: string, allowedOrigins: readonly string[]): boolean {
	try {
		const { origin, protocol } = new URL(target, ownOrigin)
		if (protocol !== 'https:' && protocol !== 'http:') return false
		return origin === ownOrigin || allowedOrigins.includes(origin)
	} catch {
		return false
	}
}

/** The query parameter that carries the remembered target. */
export const REDIRECT_PARAM = 'redirectTo'
