import { describe, expect, it } from 'vitest'
import { htmlCacheKey, isStorable, type AnonymousRequest } from './html-cache.ts'

const anonymous: AnonymousRequest = {
	method: 'GET',
	pathname: '/login',
	search: '',
	host: 'localhost:3000',
	cookieNames: [],
	preferences: { theme: 'dw', culture: 'en-US', countryCode: null, sidebar: 'right', analytics: null, lite: false },
	setsPreferenceCookies: false,
	region: 'allowed',
	maintenance: false,
	build: 'b1',
}
const keyOf = (change: Partial<AnonymousRequest>) => htmlCacheKey({ ...anonymous, ...change })

describe('which requests the rendered-HTML cache may answer', () => {
	it('answers the anonymous pages', () => {
		for (const pathname of ['/login', '/signup', '/app/signup', '/reset-password'])
			expect(keyOf({ pathname }), pathname).not.toBeNull()
	})

	it('renders every other page, a data request and a path with a trailing part as usual', () => {
		for (const pathname of ['/', '/gear', '/settings', '/login.data', '/login/', '/signup/finish', '/cloud/account'])
			expect(keyOf({ pathname }), pathname).toBeNull()
	})

	it('renders pages that show upstream data as usual: an outage must answer with its 503', () => {
		for (const pathname of ['/privacy', '/cloud/policies', '/cloud/memberships', '/cloud/memberships-embedded'])
			expect(keyOf({ pathname }), pathname).toBeNull()
	})

	it('renders posts and HEAD requests as usual', () => {
		for (const method of ['POST', 'HEAD', 'PUT']) expect(keyOf({ method }), method).toBeNull()
	})

	it('renders a request with a session, a sign-in in progress or any cookie it does not key on as usual', () => {
		for (const name of ['__session', '__sso', 'something-new'])
			expect(keyOf({ cookieNames: ['geo', name] }), name).toBeNull()
	})

	it('keys on the preference cookies rather than refusing them', () => {
		expect(keyOf({ cookieNames: ['theme', 'culture', 'country', 'sidebar', 'analytics', 'geo'] })).not.toBeNull()
	})

	it('renders as usual for a visitor who opted in to analytics (page views logged, the script loaded)', () => {
		expect(keyOf({ preferences: { ...anonymous.preferences, analytics: true } })).toBeNull()
	})

	it('keeps a lite page (no script) apart from a full one, and keys on the lite cookie rather than refusing it', () => {
		const lite = keyOf({ cookieNames: ['lite'], preferences: { ...anonymous.preferences, lite: true } })
		expect(lite).not.toBeNull()
		expect(lite).not.toBe(keyOf({}))
		expect(keyOf({ cookieNames: ['lite'] })).toBe(keyOf({}))
	})

	it('keeps an answered consent banner apart from an unanswered one', () => {
		const declined = keyOf({ preferences: { ...anonymous.preferences, analytics: false } })
		expect(declined).not.toBeNull()
		expect(declined).not.toBe(keyOf({}))
	})

	it('renders as usual a visitor the China rule sends away, a query that sets a preference, and maintenance', () => {
		expect(keyOf({ region: 'blocked' })).toBeNull()
		expect(keyOf({ setsPreferenceCookies: true })).toBeNull()
		expect(keyOf({ maintenance: true })).toBeNull()
	})

	it('renders a query longer than any link of ours as usual', () => {
		expect(keyOf({ search: `?redirectTo=${'a'.repeat(600)}` })).toBeNull()
	})

	it('gives each build, host, path, query and preference a key of its own', () => {
		const keys = [
			keyOf({}),
			keyOf({ build: 'b2' }),
			keyOf({ host: 'main.localhost' }),
			keyOf({ pathname: '/signup' }),
			keyOf({ search: '?redirectTo=%2Fgear' }),
			keyOf({ preferences: { ...anonymous.preferences, theme: 'main' } }),
			keyOf({ preferences: { ...anonymous.preferences, culture: 'ja-JP' } }),
			keyOf({ preferences: { ...anonymous.preferences, countryCode: 'JP' } }),
			keyOf({ preferences: { ...anonymous.preferences, sidebar: 'left' } }),
		]
		expect(new Set(keys).size).toBe(keys.length)
	})

	it('gives the same key whatever the host’s case', () => {
		expect(keyOf({ host: 'LOCALHOST:3000' })).toBe(keyOf({}))
	})
})

describe('which rendered answers the cache keeps', () => {
	it('keeps a plain 200 HTML page', () => {
		expect(isStorable({ status: 200, contentType: 'text/html; charset=utf-8', setsCookie: false })).toBe(true)
	})

	it('never keeps an answer that sets a cookie, is not a 200, or is not HTML', () => {
		expect(isStorable({ status: 200, contentType: 'text/html; charset=utf-8', setsCookie: true })).toBe(false)
		for (const status of [302, 400, 404, 500, 503])
			expect(isStorable({ status, contentType: 'text/html', setsCookie: false }), String(status)).toBe(false)
		expect(isStorable({ status: 200, contentType: 'application/json', setsCookie: false })).toBe(false)
		expect(isStorable({ status: 200, contentType: 'text/htmlx', setsCookie: false })).toBe(false)
		expect(isStorable({ status: 200, contentType: null, setsCookie: false })).toBe(false)
	})
})
