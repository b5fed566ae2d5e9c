/**
 * What the original app kept in local storage and now lives in cookies read
 * during server rendering: theme, culture, country, sidebar side, analytics
 * opt-in (architecture: "local storage → cookies").
 */
import { createCookie, type Cookie, type MiddlewareFunction } from 'react-router'
import {
	cultureFromAcceptLanguage,
	DEFAULT_CULTURE,
	isSupportedCulture,
	normaliseCultureCode,
	type CultureCode,
} from '#app/domain/culture.ts'
import { asksToSaveData, LITE_COOKIE, liteChoiceOf, liteMode } from '#app/domain/lite-mode.ts'
import { DEFAULT_SIDEBAR_SIDE, type SidebarSide } from '#app/domain/preferences.ts'
import { resolveTheme } from '#app/domain/theme.ts'
import { getEnv } from '#app/env.server.ts'
import { preferencesContext, type Preferences } from '#app/request-context.server.ts'

const YEAR = 365 * 24 * 60 * 60

/**
 * A preference cookie: HttpOnly, SameSite=Lax and, in production, Secure, like the session
 * cookie. Made on first use, so the settings are read then, not when the module loads.
 */
function preferenceCookie(name: string): Pick<Cookie, 'parse' | 'serialize'> {
	let cookie: Cookie | undefined
	const made = () =>
		(cookie ??= createCookie(name, {
			path: '/',
			sameSite: 'lax',
			httpOnly: true,
			secure: getEnv().NODE_ENV === 'production',
			maxAge: YEAR,
		}))
	return {
		parse: (header, options) => made().parse(header, options),
		serialize: (value, options) => made().serialize(value, options),
	}
}

export const themeCookie = preferenceCookie('theme')
export const cultureCookie = preferenceCookie('culture')
export const countryCookie = preferenceCookie('country')
export const sidebarCookie = preferenceCookie('sidebar')
export const analyticsCookie = preferenceCookie('analytics')
export const liteCookie = preferenceCookie(LITE_COOKIE)

const COUNTRY_CODE = /^[A-Za-z]{2}$/

export async function readPreferences(
	request: Request,
): Promise<{ preferences: Preferences; setCookies: Promise<string>[] }> {
	const url = new URL(request.url)
	const query = url.searchParams
	const header = request.headers.get('Cookie')
	const [themeValue, cultureValue, countryValue, sidebarValue, analyticsValue, liteValue] = header
		? await Promise.all(
				[themeCookie, cultureCookie, countryCookie, sidebarCookie, analyticsCookie, liteCookie].map((c) =>
					c.parse(header),
				),
			)
		: []
	const setCookies: Promise<string>[] = []

	const queryTheme = query.get('theme')
	const theme = resolveTheme({
		query: queryTheme,
		cookie: typeof themeValue === 'string' ? themeValue : null,
		host: request.headers.get('Host') ?? url.host,
		themeByHost: getEnv().THEME_BY_HOST,
	})
	if (queryTheme && queryTheme.toLowerCase() === theme) setCookies.push(themeCookie.serialize(theme))

	let culture: CultureCode
	const queryCulture = query.get('culture_code')
	if (queryCulture) {
		culture = normaliseCultureCode(queryCulture)
		setCookies.push(cultureCookie.serialize(culture))
	} else if (typeof cultureValue === 'string' && isSupportedCulture(cultureValue)) {
		culture = cultureValue
	} else {
		culture = cultureFromAcceptLanguage(request.headers.get('Accept-Language')) ?? DEFAULT_CULTURE
	}

	let countryCode = typeof countryValue === 'string' && COUNTRY_CODE.test(countryValue) ? countryValue : null
	const queryCountry = query.get('country_code')
	if (queryCountry && COUNTRY_CODE.test(queryCountry)) {
		countryCode = queryCountry.toUpperCase()
		setCookies.push(countryCookie.serialize(countryCode))
	}

	const sidebar: SidebarSide = sidebarValue === 'left' ? 'left' : DEFAULT_SIDEBAR_SIDE
	const analytics = analyticsValue === 'granted' ? true : analyticsValue === 'denied' ? false : null
	const lite = liteMode({ saveData: asksToSaveData(request.headers.get('Save-Data')), choice: liteChoiceOf(liteValue) })

	return {
		preferences: {
			theme,
			culture,
			countryCode,
			sidebar,
			analytics,
			lite: lite.lite,
			liteReason: lite.reason,
		},
		setCookies,
	}
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('='))

/**
 * Reads the preferences and keeps the ones given in the start-up query in cookies. A cookie the
 * response sets itself is a choice saved just now (the settings tab's language), and a form keeps
 * the page's query in its action, so the query's older word must not be set after it.
 */
export const preferencesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const { preferences, setCookies } = await readPreferences(request)
	context.set(preferencesContext, preferences)
	const response = await next()
	const saved = new Set(response.headers.getSetCookie().map(cookieName))
	for (const cookie of await Promise.all(setCookies))
		if (!saved.has(cookieName(cookie))) response.headers.append('Set-Cookie', cookie)
	return response
}
