/**
 * Page tokens: opaque to the caller, bound to the query they were handed out
 * for (its call and filters, not its page size), so a token from another
 * query, a made-up one or one past the end is refused.
 */
import { createHash } from 'node:crypto'

export interface Page<T> {
	items: T[]
	nextPageToken?: string
	prevPageToken?: string
	pageInfo: { totalResults: number; resultsPerPage: number }
}

function fingerprint(scope: unknown): string {
	return createHash('sha256').update(JSON.stringify(scope)).digest('hex').slice(0, 12)
}

function token(scope: string, offset: number): string {
	return Buffer.from(`${scope}.${offset}`).toString('base64url')
}

/** The offset a token points at for this query, or null when it is not one of its tokens. */
function offsetOf(pageToken: string, scope: string, total: number): number | null {
	const match = /^([0-9a-f]{12})\.(\d{1,9})$/.exec(Buffer.from(pageToken, 'base64url').toString())
	if (!match || match[1] !== scope) return null
	const offset = Number(match[2])
	return offset === 0 || offset < total ? offset : null
}

/** One page of `all`; null when the page token is not valid for this query. */
export function paginate<T>(
	all: readonly T[],
	options: { scope: unknown; size: number; pageToken?: string },
): Page<T> | null {
	const scope = fingerprint(options.scope)
	const offset = options.pageToken === undefined ? 0 : offsetOf(options.pageToken, scope, all.length)
	if (offset === null) return null
	const end = offset + options.size
	return {
		items: all.slice(offset, end),
		...(end < all.length ? { nextPageToken: token(scope, end) } : {}),
		...(offset > 0 ? { prevPageToken: token(scope, Math.max(0, offset - options.size)) } : {}),
		pageInfo: { totalResults: all.length, resultsPerPage: options.size },
	}
}
