/**
 * The signed-in user's record (`GET me`), kept for a few seconds so a page
 * and the next one do not both ask the account API for it: the account home,
 * the profile and the settings tab each show it. Any save forgets it: every
 * form post of a signed-in user (whatever it changed, through whichever
 * client) drops the user's copy once the action has run, so the page after a
 * save shows what was saved. Actions read the record fresh, not from here: a
 * save is diffed against the upstream's record, never a copy.
 */
import { cachified } from '@epic-web/cachified'
import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { sessionContext } from '#app/request-context.server.ts'
import { getCache, type PortalCache } from '#app/upstream/cache.server.ts'
import { getMe, type Me } from '#app/upstream/account-identity.server.ts'
import { requireCredentials } from './auth.server.ts'
import type { SessionCredentials } from './session.server.ts'

/** Long enough for a page and the next, short enough that a change made elsewhere shows soon. */
export const ME_CACHE_MS = 5_000

const key = (userId: string) => `me:${userId}`

let override: PortalCache | undefined
const cache = () => override ?? getCache()

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setMeCache(next: PortalCache | undefined): void {
	override = next
}

/** The user's record, from the cache when it was read in the last few seconds. */
export function cachedMe(credentials: SessionCredentials, options: { signal?: AbortSignal } = {}): Promise<Me> {
	return cachified({
		key: key(credentials.userId),
		cache: cache(),
		ttl: ME_CACHE_MS,
		// Never served stale: a record past its few seconds is read again (an outage answers 503, ADR 0014).
		staleWhileRevalidate: 0,
		getFreshValue: () => getMe(credentials, options),
	})
}

/** The signed-in user's record for a loader: signs in first when needed (see `requireCredentials`). */
export async function loadMe(context: Readonly<RouterContextProvider>, request: Request): Promise<Me> {
	const credentials = await requireCredentials(context, request)
	return cachedMe(credentials, { signal: request.signal })
}

/** Drops the user's kept record (after a save, or when the user clears the portal's cache). */
export async function forgetMe(userId: string): Promise<void> {
	await cache().delete(key(userId))
}

/** After any form post of a signed-in user, their kept record is dropped: any save invalidates it. */
export const forgetMeAfterSaves: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	if (request.method === 'GET' || request.method === 'HEAD') return next()
	const before = context.get(sessionContext).get('credentials')?.userId
	try {
		return await next()
	} finally {
		const after = context.get(sessionContext).get('credentials')?.userId
		for (const userId of new Set([before, after])) if (userId) await forgetMe(userId)
	}
}
