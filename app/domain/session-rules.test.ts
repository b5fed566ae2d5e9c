import { describe, expect, it } from 'vitest'
import {
	isMessagingAppBrowser,
	isSessionOverMessage,
	needsRefresh,
	sessionEndFor,
	sessionEndPath,
} from './session-rules.ts'

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

	describe('an upstream that refuses the tokens ends the session (spec 2 §4, §8)', () => {
		const LINE = 'Mozilla/5.0 (iPhone) AppleWebKit Line/13.0.0'
		const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150'

		it('an expired access or id token: the token-expired notice, single sign-on from a messaging app', () => {
			for (const message of ['Access Token has expired', 'Id Token has expired', 'Token has expired'])
				expect(sessionEndFor(message)).toEqual({ notice: 'toast.tokenExpired', viaMessagingApp: true })
			expect(sessionEndFor('Unauthorized', 'TokenExpired')).toEqual({
				notice: 'toast.tokenExpired',
				viaMessagingApp: true,
			})
		})

		it('a refresh token expired or revoked: the token-expired notice', () => {
			for (const message of ['Refresh Token has expired', 'Refresh Token has been revoked', 'Invalid Refresh Token'])
				expect(sessionEndFor(message)).toEqual({ notice: 'toast.tokenExpired', viaMessagingApp: true })
		})

		it("'Access Denied' signs out to /login, never to single sign-on", () => {
			const end = sessionEndFor('Access Denied', 'AccessDeniedException')
			expect(end).toEqual({ notice: null, viaMessagingApp: false })
			expect(sessionEndPath(end!, LINE)).toBe('/login')
			expect(sessionEndFor('Forbidden', 'AccessDeniedException')).toEqual(end)
		})

		it('other errors leave the session as it is', () => {
			for (const message of ['Request failed with status code 503', 'Invalid parameters.', 'Not Found'])
				expect(sessionEndFor(message)).toBeNull()
			expect(sessionEndFor('Incorrect username or password.', 'NotAuthorizedException')).toBeNull()
		})

		it('goes to /login, or to /oauth2/redirect in a messaging-app browser', () => {
			const end = sessionEndFor('Access Token has expired')!
			expect(sessionEndPath(end, DESKTOP)).toBe('/login')
			expect(sessionEndPath(end, null)).toBe('/login')
			expect(sessionEndPath(end, LINE)).toBe('/oauth2/redirect')
		})
	})
})
