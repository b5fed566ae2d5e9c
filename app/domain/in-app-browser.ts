/**
 * Messaging apps' in-app browsers (spec 1 §2, spec 2 §2; ADR 0059): which app and system a user
 * agent is, what those browsers cannot do, and the ways out to the phone's own browser.
 */
import { isMessagingAppBrowser } from './session-rules.ts'

export type InAppBrowserApp = 'line' | 'facebook' | 'instagram' | 'wechat' | 'kakaotalk'

export interface InAppBrowser {
	app: InAppBrowserApp
	/** Android's in-app browsers are a WebView, iOS's a WKWebView. */
	os: 'android' | 'ios' | 'other'
}

// Instagram before Facebook: Meta's apps share parts of their user agents.
const APPS: readonly [InAppBrowserApp, RegExp][] = [
	['line', /\bLine\//i],
	['instagram', /Instagram/i],
	['facebook', /FBAN|FBAV|FB_IAB/i],
	['wechat', /MicroMessenger/i],
	['kakaotalk', /KAKAOTALK/i],
]

/**
 * The in-app browser a user agent names, or null. The set of browsers is the one the token-expiry
 * rule already uses (`isMessagingAppBrowser`), so the two can never disagree.
 */
export function inAppBrowserOf(userAgent: string | null | undefined): InAppBrowser | null {
	if (!userAgent || !isMessagingAppBrowser(userAgent)) return null
	const app = APPS.find(([, pattern]) => pattern.test(userAgent))?.[0]
	if (!app) return null
	const os = /Android/i.test(userAgent)
		? 'android'
		: /iPhone|iPad|iPod|like Mac OS X/i.test(userAgent)
			? 'ios'
			: 'other'
	return { app, os }
}

/** What a flow needs that a browser may lack. */
export type FlowNeed = 'serviceWorker'

/**
 * Whether an in-app browser cannot finish a flow with this need. iOS gives apps' web views (WKWebView)
 * service workers only on the few domains an app declares as its own, so the shops' handoff (a
 * service worker, ADR 0028) never runs in a messaging app on iOS; Android's WebView has them.
 */
export function inAppBrowserLacks(browser: InAppBrowser | null, need: FlowNeed): boolean {
	if (!browser) return false
	switch (need) {
		case 'serviceWorker':
			return browser.os === 'ios'
	}
}

/** A page's ways out of an in-app browser into the phone's own browser. */
export interface SystemBrowserWays {
	/**
	 * A link that opens the page in the phone's browser, or null where there is none: the app's own
	 * (LINE's `openExternalBrowser=1`, KakaoTalk's `openExternal`), else on Android an `intent:` link.
	 * WeChat refuses `intent:` links, and iOS has no link to another browser.
	 */
	open: string | null
	/** The page's address, to copy and paste into the browser: the way that always works. */
	address: string
}

/** The ways to open `pageUrl` (absolute, http or https) in the phone's own browser. */
export function systemBrowserWays(pageUrl: string | URL, browser: InAppBrowser): SystemBrowserWays {
	const page = new URL(pageUrl)
	page.hash = ''
	// Our own marker is never part of the address to copy or to open.
	page.searchParams.delete('openExternalBrowser')
	const address = page.toString()
	if (browser.app === 'line') {
		const line = new URL(address)
		line.searchParams.set('openExternalBrowser', '1')
		return { open: line.toString(), address }
	}
	if (browser.app === 'kakaotalk')
		return { open: `kakaotalk://web/openExternal?url=${encodeURIComponent(address)}`, address }
	if (browser.os === 'android' && browser.app !== 'wechat') return { open: intentLink(page), address }
	return { open: null, address }
}

/** Chrome's `intent:` syntax: the system's default browser opens the page, or the fallback address loads here. */
function intentLink(page: URL): string {
	const scheme = page.protocol.slice(0, -1)
	const rest = page.toString().slice(page.protocol.length + 2)
	return `intent://${rest}#Intent;scheme=${scheme};action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(page.toString())};end`
}
