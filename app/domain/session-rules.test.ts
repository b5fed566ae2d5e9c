import { describe, expect, it } from 'vitest'
import { isMessagingAppBrowser, isSessionOverMessage, needsRefresh } from './session-rules.ts'

describe('session rules', () => {
	it('refreshes an id token that expires within 600 s', () => {
		const now = 1_000_000
		expect(needsRefresh(now + 599_000, now)).toBe(true)
		expect(needsRefresh(now + 600_000, now)).toBe(true)
		expect(needsRefresh(now + 601_000, now)).toBe(false)
		expect(needsRefresh(now - 1, now)).toBe(true)
	})

	it('knows the messages that end a session', () => {
		expect(isSessionOverMessage('Refresh Token has expired')).toBe(true)
		expect(isSessionOverMessage('Refresh Token has been revoked')).toBe(true)
		expect(isSessionOverMessage('Access Denied')).toBe(true)
		expect(isSessionOverMessage('Request failed with status code 503')).toBe(false)
	})

	it('recognises messaging-app in-app browsers', () => {
		expect(isMessagingAppBrowser('Mozilla/5.0 (iPhone) AppleWebKit Line/13.1.0')).toBe(true)
		expect(isMessagingAppBrowser('Mozilla/5.0 [FBAN/FBIOS;FBAV/400.0]')).toBe(true)
		expect(isMessagingAppBrowser('Mozilla/5.0 Instagram 300.0')).toBe(true)
		expect(isMessagingAppBrowser('Mozilla/5.0 MicroMessenger/8.0')).toBe(true)
		expect(isMessagingAppBrowser('Mozilla/5.0 KAKAOTALK 10.1')).toBe(true)
		expect(isMessagingAppBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/150')).toBe(false)
	})
})
