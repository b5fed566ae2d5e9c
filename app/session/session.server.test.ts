import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-session-'))

describe('server-side session', () => {
	let mod: typeof import('./session.server.ts')
	beforeAll(async () => {
		vi.stubEnv('DATA_DIR', dataDir)
		vi.stubEnv('NODE_ENV', 'production')
		vi.stubEnv('SESSION_SECRET', 'unit-test-secret-0123456789')
		mod = await import('./session.server.ts')
	})
	afterAll(async () => {
		const { closeStore } = await import('./store.server.ts')
		await closeStore()
		vi.unstubAllEnvs()
	})

	it('sets a signed HttpOnly SameSite=Lax Secure cookie that carries only an id', async () => {
		const session = await mod.getSession(null)
		const idToken = 'eyJ'.padEnd(1500, 'x')
		session.set('credentials', {
			idToken,
			accessToken: idToken,
			refreshToken: idToken,
			expiresAt: 0,
			userId: 'u1',
			email: 'a@example.com',
			via: 'password',
		})
		const cookie = await mod.commitSession(session)
		expect(cookie).toMatch(/^__session=/)
		expect(cookie).toMatch(/HttpOnly/)
		expect(cookie).toMatch(/SameSite=Lax/)
		expect(cookie).toMatch(/Secure/)
		expect(cookie.length).toBeLessThan(300)
		expect(cookie).not.toContain('eyJ')

		const again = await mod.getSession(cookie.split(';')[0]!)
		expect(again.get('credentials')?.idToken).toBe(idToken)
		expect(mod.hasCredentials(again)).toBe(true)
	})

	it('ignores a cookie whose signature does not match', async () => {
		const session = await mod.getSession(null)
		session.set('mdl', 'ABC123')
		const cookie = (await mod.commitSession(session)).split(';')[0]!
		const tampered = cookie.slice(0, -3) + (cookie.endsWith('a') ? 'bbb' : 'aaa')
		const read = await mod.getSession(tampered)
		expect(read.get('mdl')).toBeUndefined()
	})
})

type Sessions = typeof import('./session.server.ts')

/** The session modules afresh, under this environment: each backend gets its own store. */
async function load(env: Record<string, string>) {
	vi.resetModules()
	vi.unstubAllEnvs()
	vi.stubEnv('NODE_ENV', 'production')
	vi.stubEnv('SESSION_SECRET', 'unit-test-secret-0123456789')
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
	return {
		sessions: await import('./session.server.ts'),
		closeStore: (await import('./store.server.ts')).closeStore,
	}
}

let serial = 0
/** An account no other test uses: each starts with an empty index whatever ran before on the same store. */
const account = () => `user-${process.pid}-${++serial}`

/** The index of each account's sessions, which every backend must keep. */
function accountSessionsContract(name: string, open: () => Promise<Awaited<ReturnType<typeof load>>>) {
	describe(`an account's sessions on ${name}`, () => {
		let m: Sessions
		let closeStore: () => Promise<void>
		beforeAll(async () => {
			;({ sessions: m, closeStore } = await open())
		})
		afterAll(async () => {
			await closeStore?.()
			vi.unstubAllEnvs()
		})
		afterEach(() => vi.useRealTimers())

		/** A browser signed in as `userId`: the cookie header its next request sends. */
		async function signedIn(userId: string) {
			const session = await m.getSession(null)
			session.set('credentials', {
				accessToken: 'access',
				idToken: 'id',
				refreshToken: 'refresh',
				expiresAt: Date.now() + 3_600_000,
				userId,
				email: `${userId}@example.com`,
				via: 'password',
			})
			return (await m.commitSession(session)).split(';')[0]!
		}
		const isSignedIn = async (cookie: string) => m.hasCredentials(await m.getSession(cookie))

		it('ends every signed-in session of the account, and only those', async () => {
			const owner = account()
			const someoneElse = account()
			const laptop = await signedIn(owner)
			const phone = await signedIn(owner)
			const theirs = await signedIn(someoneElse)
			const visitor = await m.getSession(null)
			visitor.set('mdl', 'FP-30X')
			const visitorCookie = (await m.commitSession(visitor)).split(';')[0]!

			expect(await m.endAccountSessions(owner)).toBe(2)
			expect(await isSignedIn(laptop)).toBe(false)
			expect(await isSignedIn(phone)).toBe(false)
			expect(await isSignedIn(theirs)).toBe(true)
			expect((await m.getSession(visitorCookie)).get('mdl')).toBe('FP-30X')
			expect(await m.endAccountSessions(owner)).toBe(0)
		})

		it('ends every session signed in with an email, whatever its case, for a password reset (ADR 0054)', async () => {
			const owner = account()
			const laptop = await signedIn(owner)
			const theirs = await signedIn(account())
			expect(await m.endEmailSessions(` ${owner.toUpperCase()}@EXAMPLE.com`)).toBe(1)
			expect(await isSignedIn(laptop)).toBe(false)
			expect(await isSignedIn(theirs)).toBe(true)
		})

		it('forgets a session that signed out, and one whose time has come', async () => {
			const owner = account()
			const signedOut = await m.getSession(await signedIn(owner))
			await m.destroySession(signedOut)
			expect(await m.endAccountSessions(owner)).toBe(0)

			vi.useFakeTimers({ toFake: ['Date'] })
			const kept = await signedIn(owner)
			vi.setSystemTime(Date.now() + 31 * 86_400_000)
			expect(await m.endAccountSessions(owner)).toBe(0)
			vi.useRealTimers()
			expect(await isSignedIn(kept)).toBe(true)
		})

		it('keeps a session saved again in the index until its new expiry', async () => {
			vi.useFakeTimers({ toFake: ['Date'] })
			const owner = account()
			const cookie = await signedIn(owner)
			vi.setSystemTime(Date.now() + 20 * 86_400_000)
			const session = await m.getSession(cookie)
			session.flash('toast', { type: 'success', message: 'toast.updated' })
			await m.commitSession(session)
			vi.setSystemTime(Date.now() + 20 * 86_400_000)
			expect(await m.endAccountSessions(owner)).toBe(1)
		})

		it('does not let a request that read the session before it ended write the credentials back', async () => {
			const owner = account()
			const cookie = await signedIn(owner)
			const inFlight = await m.getSession(cookie)
			await m.endAccountSessions(owner)
			inFlight.flash('toast', { type: 'success', message: 'toast.updated' })
			await m.commitSession(inFlight)

			const next = await m.getSession(cookie)
			expect(m.hasCredentials(next)).toBe(false)
			expect(next.get('toast')?.message).toBe('toast.updated')
		})
	})
}

accountSessionsContract('node:sqlite', () => load({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-index-')) }))

reportRedisSkipped('the Redis session index tests')

describe.skipIf(!redisServerPath)('redis', () => {
	let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined
	beforeAll(async () => {
		redis = await startRedisServer()
	})
	afterAll(() => redis?.stop())

	accountSessionsContract('redis', () => load({ REDIS_URL: redis!.url }))
})
