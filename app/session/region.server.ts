/**
 * The China rule of spec 1 §1: a visitor whose address the geo lookup places
 * in China is sent to the notice that offers the Chinese portal. The answer
 * is kept in a cookie for a day, so the lookup runs once per visitor.
 */
import { createCookie, redirect, type MiddlewareFunction } from 'react-router'
import { clientIpContext } from '#app/request-context.server.ts'
import { getGeoipCountry } from '#app/upstream/public.server.ts'

const UNAVAILABLE_COUNTRIES = new Set(['China'])
const NOTICE_PATH = '/unavailable'

const geoCookie = createCookie('geo', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 24 * 60 * 60 })

export const regionMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	let country = (await geoCookie.parse(request.headers.get('Cookie'))) as string | null
	let setCookie: string | undefined
	if (typeof country !== 'string') {
		// A failed lookup answers '' (spec 2 §7): the visitor is let in and asked again tomorrow.
		country = await getGeoipCountry(context.get(clientIpContext))
		setCookie = await geoCookie.serialize(country)
	}
	if (UNAVAILABLE_COUNTRIES.has(country) && url.pathname !== NOTICE_PATH) {
		throw redirect(NOTICE_PATH, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
	}
	const response = await next()
	if (setCookie) response.headers.append('Set-Cookie', setCookie)
	return response
}
