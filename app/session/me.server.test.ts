import { RouterContextProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { createLruCache } from '#app/upstream/cache.server.ts'
import { cachedMe, forgetMe, forgetMeAfterSaves, ME_CACHE_MS, setMeCache } from './me.server.ts'
import type { PortalSession, SessionCredentials } from './session.server.ts'

const credentials: SessionCredentials = {
	accessToken: 'access-token',
	idToken: 'header.e30.signature',
	refreshToken: 'refresh-token',
	expiresAt: Date.now() + 3600_000,
	userId: 'u1',
	email: 'owner@example.com',
	via: 'password',
}

const record = (firstName: string) => ({
	id: 'u1',
	email: 'owner@example.com',
	firstName,
	middleName: null,
	lastName: 'Owner',
	allowEmail: false,
	birthday: null,
	address: null,
	country: 'US',
	cultureCode: null,
	phones: [],
	interests: [],
	gender: null,
	registeredProducts: [],
	shopifyId: null,
})

beforeEach(() => {
	setMeCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setMeCache(undefined)
})

describe('the user record kept for a few seconds', () => {
	it('is read once for the pages of the next few seconds, then read again', async () => {
		const hit = account.get('me', reply.json(record('Alex')), reply.json(record('Sam')))
		expect((await cachedMe(credentials)).firstName).toBe('Alex')
		expect((await cachedMe(credentials)).firstName).toBe('Alex')
		expect(hit.calls).toHaveLength(1)
		vi.setSystemTime(Date.now() + ME_CACHE_MS + 1)
		expect((await cachedMe(credentials)).firstName).toBe('Sam')
		expect(hit.calls).toHaveLength(2)
	})

	it('keeps no failure: the next page asks again', async () => {
		const hit = account.get('me', reply.json({ message: 'down' }, 502), reply.json(record('Alex')))
		await expect(cachedMe(credentials)).rejects.toMatchObject({ upstream: 'account' })
		expect((await cachedMe(credentials)).firstName).toBe('Alex')
		expect(hit.calls).toHaveLength(2)
	})

	it('is forgotten on request (a save, clearing the cache)', async () => {
		const hit = account.get('me', reply.json(record('Alex')), reply.json(record('Sam')))
		await cachedMe(credentials)
		await forgetMe('u1')
		expect((await cachedMe(credentials)).firstName).toBe('Sam')
		expect(hit.calls).toHaveLength(2)
	})
})

describe('any save forgets it', () => {
	function contextOf(userId: string | undefined) {
		const context = new RouterContextProvider()
		const session = { get: (name: string) => (name === 'credentials' && userId ? { userId } : undefined) }
		context.set(sessionContext, session as unknown as PortalSession)
		return context
	}
	const run = (method: string, userId: string | undefined) =>
		forgetMeAfterSaves(
			{ request: new Request('http://portal.test/settings/profile', { method }), context: contextOf(userId) } as never,
			async () => new Response(null, { status: 204 }),
		)

	it('a post by the signed-in user drops their record; a page view keeps it', async () => {
		const hit = account.get('me', reply.json(record('Alex')), reply.json(record('Sam')))
		await cachedMe(credentials)
		await run('GET', 'u1')
		expect((await cachedMe(credentials)).firstName).toBe('Alex')
		await run('POST', 'u1')
		expect((await cachedMe(credentials)).firstName).toBe('Sam')
		expect(hit.calls).toHaveLength(2)
	})

	it("another user's post keeps it", async () => {
		const hit = account.get('me', reply.json(record('Alex')))
		await cachedMe(credentials)
		await run('POST', 'u2')
		await run('POST', undefined)
		expect((await cachedMe(credentials)).firstName).toBe('Alex')
		expect(hit.calls).toHaveLength(1)
	})
})
