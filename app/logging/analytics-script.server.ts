/**
 * The stage's analytics script (spec 2 §4; ADR 0027): none unless
 * ANALYTICS_SCRIPT_URL is set, and then only for a visitor who allowed
 * analytics. Its origin is added to that visitor's pages' CSP (script-src)
 * and nobody else's; the page adds the script 5 s after load, which takes
 * JavaScript: without it nothing is loaded at all.
 */
import type { RouterContextProvider } from 'react-router'
import { getEnv } from '#app/env.server.ts'
import { analyticsCookie } from '#app/preferences/preferences.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'

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

/** The loader script for the page this request renders (none when its preferences were never read). */
export function analyticsLoaderScriptFor(context: Readonly<RouterContextProvider>): string {
	try {
		return analyticsLoaderScript(context.get(preferencesContext).analytics)
	} catch {
		// A failure before the preferences middleware ran: its error page loads nothing more.
		return ''
	}
}
