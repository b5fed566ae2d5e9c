/**
 * The China rule of spec 1 §1: a visitor whose address the geo lookup places
 * in China is sent to the notice that offers the Chinese portal. The answer
 * is kept in a cookie for a day, so the lookup runs once per visitor; the
 * cookie is signed with the session secrets, so a visitor cannot place
 * themselves in or out of China by writing it: a cookie that does not carry
 * our signature counts as none and the lookup runs again (ADR 0032).
 */
import { createHmac } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { redirect, type Cookie, type MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/env.server.ts'
import { clientIpContext, regionDecidedContext } from '#app/request-context.server.ts'
import { createSignedCookie } from '#app/session/signed-cookie.server.ts'
import { getGeoipCountry } from '#app/upstream/public.server.ts'

const UNAVAILABLE_COUNTRIES = new Set(['China'])
const NOTICE_PATH = '/unavailable'

const DAY_SECONDS = 24 * 60 * 60
let geo: Cookie | undefined
/**
 * Made on first use: the settings are read then, not when the module loads. Its keys are derived
 * from the session secrets, not the secrets themselves, so a signed session cookie's value moved
 * into this cookie does not pass for a country.
 */
const geoCookie = () =>
	(geo ??= createSignedCookie('geo', {
		secrets: getEnv().SESSION_SECRETS.map((secret) =>
			createHmac('sha256', secret).update('geo cookie').digest('base64url'),
		),
		path: '/',
		sameSite: 'lax',
		httpOnly: true,
		secure: getEnv().NODE_ENV === 'production',
		maxAge: DAY_SECONDS,
	}))
/** Visitors that keep no cookies (crawlers, apps) are looked up once a day per address, not per request. */
const countryByAddress = new LRUCache<string, string>({ max: 10_000, ttl: DAY_SECONDS * 1000 })

/** The lookup is on the way to every first page: an outage may not hold pages up. */
const LOOKUP_TIMEOUT_MS = 1500
const RETRY_AFTER_FAILURE_MS = 60_000

async function countryOf(address: string): Promise<string> {
	const known = countryByAddress.get(address)
	if (known !== undefined) return known
	const country = await getGeoipCountry(address, AbortSignal.timeout(LOOKUP_TIMEOUT_MS))
	// A failed lookup answers '' (spec 2 §7): the visitor is let in and the address asked again a minute later.
	countryByAddress.set(address, country, country ? undefined : { ttl: RETRY_AFTER_FAILURE_MS })
	return country
}

/**
 * The visitor's country and, when it was looked up just now, the cookie that keeps it: from our signed
 * cookie, else from the geo lookup. The rendered-HTML cache asks this before the cache (ADR 0048).
 */
export async function visitorRegion(
	cookieHeader: string | null,
	clientIp: string,
): Promise<{ country: string; blocked: boolean; setCookie?: string }> {
	const kept = (await geoCookie().parse(cookieHeader)) as string | null
	if (typeof kept === 'string') return { country: kept, blocked: UNAVAILABLE_COUNTRIES.has(kept) }
	const country = await countryOf(clientIp)
	return {
		country,
		blocked: UNAVAILABLE_COUNTRIES.has(country),
		setCookie: country ? await geoCookie().serialize(country) : undefined,
	}
}

export const regionMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	// Decided before the rendered-HTML cache: the server sets the cookie on the answer itself.
	const decided = context.get(regionDecidedContext)
	const { country, setCookie } =
		decided === null
			? await visitorRegion(request.headers.get('Cookie'), context.get(clientIpContext))
			: { country: decided, setCookie: undefined }
	if (UNAVAILABLE_COUNTRIES.has(country) && url.pathname !== NOTICE_PATH) {
		throw redirect(NOTICE_PATH, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
	}
	const response = await next()
	if (setCookie) response.headers.append('Set-Cookie', setCookie)
	return response
}
