import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { parseEventCode, PASS_LIFETIME_SECONDS, passTokenOf, passVerifyPath } from '#app/domain/event-pass.ts'
import { checkPass, issuePass } from './event-pass-token.server.ts'

const SECRET = 'a-session-secret-of-some-length'
const NOW = Date.UTC(2026, 10, 26, 9, 0, 0)
const USER = '6f1c2d3e-0000-4000-8000-123456789abc'

describe('event pass', () => {
	it('a pass the portal issued is valid: whose, which event, when issued and until when', async () => {
		const token = await issuePass({ userId: USER, event: 'tokyo-2026' }, SECRET, NOW)
		expect(await checkPass(token, [SECRET], NOW + 60_000)).toEqual({
			kind: 'valid',
			pass: {
				userId: USER,
				event: 'tokyo-2026',
				issuedAt: new Date(NOW),
				expiresAt: new Date(NOW + PASS_LIFETIME_SECONDS * 1000),
			},
		})
	})

	it('is expired after its lifetime, still telling whose it was', async () => {
		const token = await issuePass({ userId: USER, event: 'tokyo-2026' }, SECRET, NOW)
		const check = await checkPass(token, [SECRET], NOW + PASS_LIFETIME_SECONDS * 1000 + 1000)
		expect(check.kind).toBe('expired')
		expect(check.kind === 'expired' && check.pass.userId).toBe(USER)
	})

	it('is forged when edited, signed with another key, unsigned or not a token', async () => {
		const token = await issuePass({ userId: USER, event: 'tokyo-2026' }, SECRET, NOW)
		const [header, , signature] = token.split('.')
		const otherPayload = Buffer.from(
			JSON.stringify({ evt: 'tokyo-2026', sub: 'someone-else', iat: NOW / 1000, exp: NOW / 1000 + 3600 }),
		).toString('base64url')
		expect((await checkPass(`${header}.${otherPayload}.${signature}`, [SECRET], NOW)).kind).toBe('forged')
		expect((await checkPass(token, ['another-secret-entirely'], NOW)).kind).toBe('forged')
		const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`
		expect((await checkPass(unsigned, [SECRET], NOW)).kind).toBe('forged')
		expect((await checkPass('not a pass', [SECRET], NOW)).kind).toBe('forged')
		// Signed with the session secret itself (as another of the portal's tokens might be): not a pass.
		const raw = await new SignJWT({ evt: 'tokyo-2026' })
			.setProtectedHeader({ alg: 'HS256' })
			.setSubject(USER)
			.setIssuedAt(NOW / 1000)
			.setExpirationTime(NOW / 1000 + 60)
			.sign(new TextEncoder().encode(SECRET))
		expect((await checkPass(raw, [SECRET], NOW)).kind).toBe('forged')
	})

	it('accepts a pass signed with an older secret still in rotation', async () => {
		const token = await issuePass({ userId: USER, event: 'fair' }, 'the-old-secret-in-rotation', NOW)
		expect((await checkPass(token, [SECRET, 'the-old-secret-in-rotation'], NOW)).kind).toBe('valid')
	})

	it('event codes are short slugs; staff may enter the token or the address the QR code holds', () => {
		expect(parseEventCode(' tokyo-2026 ')).toBe('tokyo-2026')
		for (const bad of ['', '-x', 'a b', '<script>', 'x'.repeat(65), null]) expect(parseEventCode(bad)).toBeNull()
		expect(passTokenOf(`https://portal.example${passVerifyPath('aaa.bbb.ccc')}`)).toBe('aaa.bbb.ccc')
		expect(passTokenOf('  aaa.bbb.ccc \n')).toBe('aaa.bbb.ccc')
	})
})
