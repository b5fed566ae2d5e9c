/**
 * The stage's analytics script (spec 2 §4; ADR 0027): none unless
 * ANALYTICS_SCRIPT_URL is set, and then only for a visitor who allowed
 * analytics. Its origin is added to that visitor's pages' CSP (script-src)
 * and nobody else's; the page adds the script 5 s after load, which takes
 * JavaScript: without it nothing is loaded at all. The same visitor's pages
 * also tell the hash they were opened with (the page-hash beacon).
 */
import type { RouterContextProvider } from 'react-router'
import { getEnv } from '#app/env.server.ts'
import { analyticsCookie } from '#app/preferences/preferences.server.ts'
import { preferencesContext, screenContext } from '#app/request-context.server.ts'

/** The script to add for a visitor whose analytics choice is `analytics` (true: allowed). */
export function analyticsScriptUrl(analytics: boolean | null): string | null {
	const url = getEnv().ANALYTICS_SCRIPT_URL
	return url && analytics === true ? url : null
}

/** The script origins a request's page may load (the server's CSP), from its cookies. */
export async function analyticsScriptOrigins(cookieHeader: string | null): Promise<string[]> {
	if (!getEnv().ANALYTICS_SCRIPT_URL) return []
	const allowed = (await analyticsCookie.parse(cookieHeader)) === 'granted'
	const url = analyticsScriptUrl(allowed)
	return url ? [new URL(url).origin] : []
}

/** The inline script that adds the analytics script 5 s after load, or '' when there is none to add. */
export function analyticsLoaderScript(analytics: boolean | null): string {
	const src = analyticsScriptUrl(analytics)
	if (!src) return ''
	return (
		`addEventListener('load',function(){setTimeout(function(){var s=document.createElement('script');` +
		`s.src=${JSON.stringify(src).replace(/</g, '\\u003c')};s.async=true;document.head.appendChild(s)},5000)})`
	)
}

/** Where the page tells the hash it was opened with (only the browser knows it). */
export const PAGE_HASH_PATH = '/usage/page-hash'

/**
 * The beacon that adds the hash to a page view (spec 2 §2: page views carry route name, path and hash):
 * the server logged the view without it; with JavaScript the page sends it once, when it has one.
 */
export function pageHashBeacon(screen: string): string {
	return (
		`if(location.hash.length>1&&navigator.sendBeacon)navigator.sendBeacon(${JSON.stringify(PAGE_HASH_PATH)},` +
		`new URLSearchParams({screen:${JSON.stringify(screen)},path:location.pathname,hash:location.hash}))`
	)
}

/**
 * The inline script at the end of the page this request renders, for a visitor who allowed analytics:
 * the analytics script's loader and the hash beacon. None otherwise, or when the preferences were never
 * read (a failure before their middleware ran: its error page loads nothing more).
 */
export function usageTailScriptFor(context: Readonly<RouterContextProvider>): string {
	let analytics: boolean | null
	try {
		analytics = context.get(preferencesContext).analytics
	} catch {
		return ''
	}
	if (analytics !== true) return ''
	return [analyticsLoaderScript(analytics), pageHashBeacon(context.get(screenContext))].filter(Boolean).join(';')
}
