import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

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
