/**
 * Label values of the portal's metrics (ADR 0050). Every label has a bounded set of values: a series
 * per raw URL, user id or key would grow Prometheus's memory with every visitor and put ids where
 * anyone who can read the metrics reads them.
 */

/** `2xx`…`5xx`; anything outside 100–599 (a response never sent) is `other`. */
export function statusClass(status: number): string {
	return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other'
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** The method as sent when it is one the portal knows, else `other` (a client may send any token). */
export function methodLabel(method: string): string {
	return METHODS.has(method) ? method : 'other'
}

/** The route label of a request React Router did not answer. */
export const NO_ROUTE = '(none)'

/**
 * A request's route label: the matched route's pattern (`/gear/:tab?`, `/*` for the unknown-path route),
 * never its URL; the hashed assets as one route; anything that no route matched (a public file, a post
 * refused before routing) as `(none)`.
 */
export function routeLabel(pattern: string | null | undefined, path: string): string {
	// React Router joins its routes' paths without the leading slash (`gear/:tab?`); the index route is `/`.
	if (pattern) return pattern.startsWith('/') ? pattern : `/${pattern}`
	if (path.startsWith('/assets/')) return '/assets/*'
	if (path === '/img') return '/img'
	return NO_ROUTE
}

/**
 * A path segment kept in a call's name: a word of letters (with `_`, `-` or `.` inside), as the upstreams'
 * own path words are (`users`, `user-payment-history`, `answerInfos`). Anything with a digit or another
 * character (ids, UUIDs, keys, addresses, encoded values) is a value and becomes `:id`.
 */
const WORD = /^[A-Za-z][A-Za-z_.-]{0,39}$/

/**
 * An upstream call's name: its method and its path with the values taken out, `GET /users/:id/phones`.
 * The query is never part of it. A caller whose path holds a value that looks like a word (an entitlement
 * key of letters) names the call itself.
 */
export function upstreamCallName(method: string, path: string): string {
	const [pathOnly = ''] = path.split('?', 1)
	const segments = pathOnly
		.split('/')
		.filter(Boolean)
		.map((segment) => (WORD.test(segment) ? segment : ':id'))
	return `${methodLabel(method)} /${segments.join('/')}`
}

/**
 * Caps the distinct values a label takes: the first `max` seen are kept, later new ones become `other`.
 * A last guard for names made from paths: should an upstream's words ever carry values, the series stop
 * growing instead of growing with them.
 */
export function boundedLabels(max: number): (value: string) => string {
	const seen = new Set<string>()
	return (value) => {
		if (seen.has(value)) return value
		if (seen.size >= max) return 'other'
		seen.add(value)
		return value
	}
}
