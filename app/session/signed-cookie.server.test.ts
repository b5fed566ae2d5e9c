import { describe, expect, it } from 'vitest'
import { createSignedCookie } from './signed-cookie.server.ts'

const options = { httpOnly: true, sameSite: 'lax' as const, path: '/' }
const pair = (setCookie: string) => setCookie.split(';', 1)[0]!

describe('createSignedCookie', () => {
	it('reads back the value it wrote, with the attributes asked for', async () => {
		const cookie = createSignedCookie('__session', { ...options, secrets: ['first-secret'] })
		const header = await cookie.serialize('session-id-123')
		expect(header).toMatch(/^__session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/)
		expect(await cookie.parse(pair(header))).toBe('session-id-123')
		expect(cookie.isSigned).toBe(true)
	})

	it('refuses a value whose signature does not match, or that carries none', async () => {
		const cookie = createSignedCookie('__session', { ...options, secrets: ['first-secret'] })
		const other = createSignedCookie('__session', { ...options, secrets: ['another-secret'] })
		expect(await cookie.parse(pair(await other.serialize('session-id-123')))).toBeNull()
		const forged = '__session=session-id-123'
		expect(await cookie.parse(forged)).toBeNull()
		expect(await cookie.parse('__session=session-id-123.')).toBeNull()
		expect(await cookie.parse('__session=garbage')).toBeNull()
		expect(await cookie.parse(null)).toBeNull()
	})

	it('accepts the older secrets while signing with the first (rotation)', async () => {
		const before = createSignedCookie('__session', { ...options, secrets: ['old-secret'] })
		const after = createSignedCookie('__session', { ...options, secrets: ['new-secret', 'old-secret'] })
		expect(await after.parse(pair(await before.serialize('id-1')))).toBe('id-1')
		expect(await before.parse(pair(await after.serialize('id-2')))).toBeNull()
	})

	it('deletes with an empty, expired cookie', async () => {
		const cookie = createSignedCookie('__session', { ...options, secrets: ['s'] })
		const header = await cookie.serialize('', { expires: new Date(0) })
		expect(header).toContain('Expires=Thu, 01 Jan 1970')
		expect(await cookie.parse(pair(header))).toBeNull()
	})
})
