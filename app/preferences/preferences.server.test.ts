import { afterEach, describe, expect, it, vi } from 'vitest'

/** The Set-Cookie headers a request with these query parameters gets, under NODE_ENV. */
async function cookiesFor(nodeEnv: string, query: string): Promise<string[]> {
	vi.resetModules()
	vi.stubEnv('NODE_ENV', nodeEnv)
	const { readPreferences } = await import('./preferences.server.ts')
	const { setCookies } = await readPreferences(new Request(`http://localhost/login?${query}`))
	return Promise.all(setCookies)
}

describe('the preference cookies', () => {
	afterEach(() => {
		vi.unstubAllEnvs()
	})

	it('are HttpOnly, SameSite=Lax and Secure in production, like the session cookie', async () => {
		const cookies = await cookiesFor('production', 'theme=main&culture_code=ja-JP&country_code=JP')
		expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['theme', 'culture', 'country'])
		for (const cookie of cookies) {
			expect(cookie).toMatch(/HttpOnly/)
			expect(cookie).toMatch(/SameSite=Lax/)
			expect(cookie).toMatch(/Secure/)
		}
	})

	it('are not Secure in development, where the portal is plain http on localhost', async () => {
		const cookies = await cookiesFor('development', 'theme=main')
		expect(cookies).toHaveLength(1)
		expect(cookies[0]).not.toMatch(/Secure/)
	})
})

describe('the preferences middleware', () => {
	afterEach(() => {
		vi.unstubAllEnvs()
	})

	/** The Set-Cookie headers of a response to `path` whose own handler set `handlerCookies`. */
	async function middlewareCookies(path: string, handlerCookies: string[]): Promise<string[]> {
		vi.resetModules()
		vi.stubEnv('NODE_ENV', 'development')
		const { preferencesMiddleware } = await import('./preferences.server.ts')
		const { RouterContextProvider } = await import('react-router')
		const headers = new Headers()
		for (const cookie of handlerCookies) headers.append('Set-Cookie', cookie)
		const response = await preferencesMiddleware(
			{
				request: new Request(`http://localhost${path}`, { method: 'POST' }),
				context: new RouterContextProvider(),
				params: {},
				unstable_pattern: '',
			} as unknown as Parameters<typeof preferencesMiddleware>[0],
			async () => new Response(null, { status: 302, headers }),
		)
		return (response as Response).headers.getSetCookie()
	}

	it('lets a culture the response saves win over the older culture_code of the query', async () => {
		const cookies = await middlewareCookies('/settings/settings?culture_code=en-US', [
			'culture=ImphLUpQIg%3D%3D; Path=/',
		])
		expect(cookies.filter((cookie) => cookie.startsWith('culture='))).toEqual(['culture=ImphLUpQIg%3D%3D; Path=/'])
	})

	it('still keeps the query’s choices the response does not set', async () => {
		const cookies = await middlewareCookies('/settings/settings?culture_code=en-US&theme=main', [])
		expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['theme', 'culture'])
	})
})

describe('lite mode among the preferences (ADR 0058)', () => {
	async function liteOf(headers: Record<string, string>) {
		vi.resetModules()
		const { readPreferences, liteCookie } = await import('./preferences.server.ts')
		const cookie = async (value: string) => (await liteCookie.serialize(value)).split(';', 1)[0]!
		const withCookies = { ...headers }
		if (headers.lite) withCookies.Cookie = await cookie(headers.lite)
		delete withCookies.lite
		const { preferences } = await readPreferences(new Request('http://localhost/login', { headers: withCookies }))
		return [preferences.lite, preferences.liteReason]
	}

	it('reads Save-Data and the lite cookie, the cookie winning either way', async () => {
		expect(await liteOf({})).toEqual([false, 'default'])
		expect(await liteOf({ 'Save-Data': 'on' })).toEqual([true, 'save-data'])
		expect(await liteOf({ lite: 'on' })).toEqual([true, 'choice'])
		expect(await liteOf({ 'Save-Data': 'on', lite: 'off' })).toEqual([false, 'choice'])
		expect(await liteOf({ 'Save-Data': 'on', lite: 'junk' })).toEqual([true, 'save-data'])
	})
})
