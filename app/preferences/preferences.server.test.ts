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
