import { sign } from 'cookie-signature'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getEnv } from '#app/env.server.ts'
import { createLoadContext } from '#app/request-context.server.ts'

const lookups = vi.hoisted(() => [] as string[])
vi.mock('#app/upstream/public.server.ts', () => ({
	getGeoipCountry: async (address: string) => {
		lookups.push(address)
		return address.startsWith('198.51.100.') ? 'China' : 'Japan'
	},
}))

/** Where a visit from `address` with `cookie` ends: the page, or the notice; and the geo cookie it is given. */
async function visit(address: string, cookie: string | null) {
	const { regionMiddleware } = await import('./region.server.ts')
	const url = new URL('http://localhost/login')
	const request = new Request(url, cookie === null ? undefined : { headers: { Cookie: cookie } })
	const args = { request, url, context: createLoadContext({ nonce: '', clientIp: address }) }
	let response: Response
	try {
		response = (await regionMiddleware(args as never, async () => new Response('page'))) as Response
	} catch (thrown) {
		response = thrown as Response
	}
	return {
		notice: response.headers.get('Location') === '/unavailable',
		setCookie: response.headers.get('Set-Cookie')?.split(';')[0] ?? null,
	}
}

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

describe('a geo cookie the visitor wrote (ADR 0032)', () => {
	beforeEach(() => {
		lookups.length = 0
	})

	// What the cookie was before it was signed: React Router's unsigned cookie, base64 of the JSON.
	const unsigned = (country: string) => `geo=${encodeURIComponent(btoa(JSON.stringify(country)))}`

	it('does not let a visitor from China in: the lookup runs again', async () => {
		const address = '198.51.100.21'
		expect(await visit(address, unsigned('Japan'))).toEqual({ notice: true, setCookie: expect.stringMatching(/^geo=/) })
		expect(await visit(address, 'geo=Japan')).toMatchObject({ notice: true })
		expect(lookups).toEqual([address])
	})

	it('does not send a visitor from elsewhere to the notice', async () => {
		expect(await visit('203.0.113.21', unsigned('China'))).toMatchObject({ notice: false })
		expect(await visit('203.0.113.22', 'geo=China')).toMatchObject({ notice: false })
	})

	it('is not made from another signed cookie of ours, such as the session cookie', async () => {
		const sessionCookieValue = sign('Japan', getEnv().SESSION_SECRETS[0]!)
		expect(await visit('198.51.100.22', `geo=${encodeURIComponent(sessionCookieValue)}`)).toMatchObject({
			notice: true,
		})
	})

	it('while the one the portal signed is kept for the day, with no lookup', async () => {
		const { setCookie } = await visit('198.51.100.23', null)
		lookups.length = 0
		expect(await visit('203.0.113.23', setCookie)).toEqual({ notice: true, setCookie: null })
		expect(lookups).toEqual([])
	})
})

describe('a region decided before the rendered-HTML cache (ADR 0048)', () => {
	beforeEach(() => {
		lookups.length = 0
	})

	async function visitDecided(address: string, country: string) {
		const { regionMiddleware } = await import('./region.server.ts')
		const url = new URL('http://localhost/login')
		const args = {
			request: new Request(url),
			url,
			context: createLoadContext({ nonce: '', clientIp: address, country }),
		}
		let response: Response
		try {
			response = (await regionMiddleware(args as never, async () => new Response('page'))) as Response
		} catch (thrown) {
			response = thrown as Response
		}
		return {
			notice: response.headers.get('Location') === '/unavailable',
			setCookie: response.headers.get('Set-Cookie'),
		}
	}

	it('is not looked up again, and the render sets no geo cookie: the server sets it on the answer', async () => {
		expect(await visitDecided('203.0.113.44', 'Japan')).toEqual({ notice: false, setCookie: null })
		expect(lookups).toEqual([])
	})

	it('still sends a visitor decided to be in China to the notice', async () => {
		expect(await visitDecided('203.0.113.45', 'China')).toMatchObject({ notice: true })
	})

	it('is told by visitorRegion as the middleware would decide it', async () => {
		const { visitorRegion } = await import('./region.server.ts')
		expect(await visitorRegion(null, '198.51.100.46')).toMatchObject({ country: 'China', blocked: true })
		const japan = await visitorRegion(null, '203.0.113.46')
		expect(japan).toMatchObject({ country: 'Japan', blocked: false, setCookie: expect.stringMatching(/^geo=/) })
		const kept = japan.setCookie!.split(';')[0]!
		expect(await visitorRegion(kept, '198.51.100.46')).toEqual({ country: 'Japan', blocked: false })
	})
})
