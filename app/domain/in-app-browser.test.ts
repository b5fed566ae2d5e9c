import { describe, expect, it } from 'vitest'
import { IN_APP_USER_AGENTS, OTHER_USER_AGENTS } from '../../tests/fixtures/in-app-user-agents.ts'
import { inAppBrowserLacks, inAppBrowserOf, systemBrowserWays, type InAppBrowserApp } from './in-app-browser.ts'
import { isMessagingAppBrowser, sessionEndFor, sessionEndPath } from './session-rules.ts'

const APPS = Object.keys(IN_APP_USER_AGENTS) as InAppBrowserApp[]
const PAGE = 'https://main.example.com/shop-handoff?target=https%3A%2F%2Fshop.example.com%2Fcart#top'

describe('in-app browsers', () => {
	it.each(APPS.flatMap((app) => (['android', 'ios'] as const).map((os) => [app, os] as const)))(
		'knows %s on %s from its real user agent',
		(app, os) => {
			expect(inAppBrowserOf(IN_APP_USER_AGENTS[app][os])).toEqual({ app, os })
		},
	)

	it.each(Object.entries(OTHER_USER_AGENTS))('leaves %s alone', (_, userAgent) => {
		expect(inAppBrowserOf(userAgent)).toBeNull()
	})

	it('takes no user agent as none', () => {
		expect(inAppBrowserOf(null)).toBeNull()
		expect(inAppBrowserOf(undefined)).toBeNull()
		expect(inAppBrowserOf('')).toBeNull()
	})

	it('agrees with the token-expiry rule: those browsers still go to /oauth2/redirect (spec 1 §2)', () => {
		const end = sessionEndFor('Access Token has expired')!
		for (const app of APPS)
			for (const os of ['android', 'ios'] as const) {
				expect(isMessagingAppBrowser(IN_APP_USER_AGENTS[app][os])).toBe(true)
				expect(sessionEndPath(end, IN_APP_USER_AGENTS[app][os])).toBe('/oauth2/redirect')
			}
		for (const userAgent of Object.values(OTHER_USER_AGENTS)) expect(sessionEndPath(end, userAgent)).toBe('/login')
	})

	it('only iOS in-app browsers lack service workers', () => {
		for (const app of APPS) {
			expect(inAppBrowserLacks(inAppBrowserOf(IN_APP_USER_AGENTS[app].ios), 'serviceWorker')).toBe(true)
			expect(inAppBrowserLacks(inAppBrowserOf(IN_APP_USER_AGENTS[app].android), 'serviceWorker')).toBe(false)
		}
		expect(inAppBrowserLacks(inAppBrowserOf(OTHER_USER_AGENTS.safariIos), 'serviceWorker')).toBe(false)
	})
})

describe('ways to the system browser', () => {
	const address = 'https://main.example.com/shop-handoff?target=https%3A%2F%2Fshop.example.com%2Fcart'

	it('LINE: the same page with openExternalBrowser=1, on both systems', () => {
		for (const os of ['android', 'ios'] as const)
			expect(systemBrowserWays(PAGE, { app: 'line', os })).toEqual({
				open: `${address}&openExternalBrowser=1`,
				address,
			})
	})

	it('KakaoTalk: its openExternal link with the address', () => {
		expect(systemBrowserWays(PAGE, { app: 'kakaotalk', os: 'ios' })).toEqual({
			open: `kakaotalk://web/openExternal?url=${encodeURIComponent(address)}`,
			address,
		})
	})

	it('Android: an intent: link to the default browser, the page as its fallback', () => {
		const { open } = systemBrowserWays(PAGE, { app: 'facebook', os: 'android' })
		expect(open).toBe(
			`intent://main.example.com/shop-handoff?target=https%3A%2F%2Fshop.example.com%2Fcart#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(address)};end`,
		)
		expect(systemBrowserWays('http://localhost:3000/x', { app: 'instagram', os: 'android' }).open).toBe(
			`intent://localhost:3000/x#Intent;scheme=http;action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent('http://localhost:3000/x')};end`,
		)
	})

	it('WeChat, which refuses intent: links, and iOS apps without a way of their own: the address to copy only', () => {
		expect(systemBrowserWays(PAGE, { app: 'wechat', os: 'android' })).toEqual({ open: null, address })
		for (const app of ['facebook', 'instagram', 'wechat'] as const)
			expect(systemBrowserWays(PAGE, { app, os: 'ios' })).toEqual({ open: null, address })
	})

	it('never copies or opens a page with the marker a LINE link added', () => {
		const opened = `${address}&openExternalBrowser=1`
		expect(systemBrowserWays(opened, { app: 'facebook', os: 'ios' }).address).toBe(address)
		expect(systemBrowserWays(opened, { app: 'line', os: 'ios' }).open).toBe(opened)
	})
})
