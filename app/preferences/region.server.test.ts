import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLoadContext } from '#app/request-context.server.ts'

vi.mock('#app/upstream/public.server.ts', () => ({
	getGeoipCountry: async (address: string) => (address.startsWith('198.51.100.') ? 'China' : 'Japan'),
}))

/** The Set-Cookie of the geo cookie a first visit from `address` gets, as the middleware answers it. */
async function geoCookieFor(address: string, path = '/login'): Promise<string> {
	const { regionMiddleware } = await import('./region.server.ts')
	const url = new URL(`http://localhost${path}`)
	const args = { request: new Request(url), url, context: createLoadContext({ nonce: '', clientIp: address }) }
	let response: Response
	try {
		response = (await regionMiddleware(args as never, async () => new Response('page'))) as Response
	} catch (thrown) {
		response = thrown as Response
	}
	return response.headers.get('Set-Cookie') ?? ''
}

describe('the geo cookie', () => {
	beforeAll(() => {
		vi.stubEnv('NODE_ENV', 'production')
	})
	afterAll(() => {
		vi.unstubAllEnvs()
	})

	it('is HttpOnly, SameSite=Lax and Secure in production, like the session cookie', async () => {
		const cookie = await geoCookieFor('203.0.113.5')
		expect(cookie).toMatch(/^geo=/)
		expect(cookie).toMatch(/HttpOnly/)
		expect(cookie).toMatch(/SameSite=Lax/)
		expect(cookie).toMatch(/Secure/)
	})

	it('is Secure also on the redirect to the notice', async () => {
		const cookie = await geoCookieFor('198.51.100.7')
		expect(cookie).toMatch(/^geo=/)
		expect(cookie).toMatch(/Secure/)
	})
})
