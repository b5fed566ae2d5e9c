import { jwtVerify } from 'jose'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { account, reply, TEST_SECURITY_SECRET } from '#tests/mocks/handlers.ts'
import { useFakeClock } from '#tests/mocks/clock.ts'
import { failure, watch } from '#tests/mocks/normalisation.ts'
import { signin } from './account-identity.server.ts'
import { SECURITY_TOKEN_AUDIENCE } from './contract/security-token.ts'
import { getServerTime, resetServerTimeOffset, withSecurityToken } from './security-token.server.ts'

const credentials = { accessToken: 'a', idToken: 'i', refreshToken: 'r' }
const secret = new TextEncoder().encode(TEST_SECURITY_SECRET)
const refusal = reply.json({ message: 'Invalid security token', code: 'InvalidSecurityToken' }, 403)

beforeEach(() => resetServerTimeOffset())

async function claimsOf(token: string | null) {
	const { payload } = await jwtVerify(token ?? '', secret, {
		audience: SECURITY_TOKEN_AUDIENCE,
		currentDate: new Date(0),
	})
	return payload
}

describe('the X-RCP-Security-Token header', () => {
	it("is signed over the account API's clock, not ours, and lives 60 s", async () => {
		const serverNow = Date.now() + 3_600_000
		account.get('serverTime', reply.json({ serverTime: new Date(serverNow).toISOString() }))
		const hit = account.post('signin', reply.json(credentials))
		await signin({ email: 'owner@example.com', password: 'Owner1234' })
		const claims = await claimsOf(hit.last.headers.get('x-rcp-security-token'))
		expect(Math.abs(claims.iat! * 1000 - serverNow)).toBeLessThan(5000)
		expect(claims.exp! - claims.iat!).toBe(60)
	})

	it('falls back on our clock when the server time cannot be read', async () => {
		account.get('serverTime', reply.text('Bad Gateway', 502))
		const hit = account.post('signin', reply.json(credentials))
		await signin({ email: 'owner@example.com', password: 'Owner1234' })
		const claims = await claimsOf(hit.last.headers.get('x-rcp-security-token'))
		expect(Math.abs(claims.iat! * 1000 - Date.now())).toBeLessThan(5000)
	})

	it('is refused once when the server clock moved: the clock is read again and the call made again', async () => {
		const clock = account.get('serverTime', reply.json({ serverTime: new Date().toISOString() }))
		const hit = account.post('signin', refusal, reply.json(credentials))
		expect(await signin({ email: 'owner@example.com', password: 'Owner1234' })).toMatchObject({ accessToken: 'a' })
		expect(hit.calls).toHaveLength(2)
		expect(clock.calls).toHaveLength(2)
	})

	it('is not retried twice: a second refusal reaches the caller with its text', async () => {
		const hit = account.post('signin', refusal)
		const error = await failure(signin({ email: 'owner@example.com', password: 'Owner1234' }))
		expect(error).toMatchObject({ status: 403, code: 'InvalidSecurityToken', message: 'Invalid security token' })
		expect(hit.calls).toHaveLength(2)
	})

	it('is not retried for any other refusal', async () => {
		const hit = account.post('signin', reply.json({ message: 'Access Denied' }, 403))
		expect((await failure(signin({ email: 'owner@example.com', password: 'Owner1234' }))).message).toBe('Access Denied')
		expect(hit.calls).toHaveLength(1)
	})

	it('passes a call made with it through unchanged', async () => {
		expect(await withSecurityToken(async (auth) => auth)).toMatchObject({
			kind: 'header',
			name: 'X-RCP-Security-Token',
		})
	})
})

describe('GET serverTime: a failure yields a null time (spec 2 §7)', () => {
	for (const [what, answer] of [
		['an error status', reply.json({ message: 'Internal error' }, 500)],
		['a body that is not JSON', reply.notJson()],
		['a time that is not a time', reply.json({ serverTime: 'soon' })],
		['a dropped connection', reply.drop()],
	] as const) {
		it(`null for ${what}`, async () => {
			const hit = account.get('serverTime', answer)
			expect(await getServerTime()).toBeNull()
			expect(hit.calls).toHaveLength(1)
		})
	}

	it('null after its own 10 s time-out, not the 60 s of other calls', async () => {
		useFakeClock()
		const hit = account.get('serverTime', reply.never())
		const time = watch(getServerTime())
		await hit.arrived()
		await vi.advanceTimersByTimeAsync(9999)
		expect(time.settled).toBe(false)
		await vi.advanceTimersByTimeAsync(1)
		expect(await time.promise).toBeNull()
	})

	it('the time when there is one', async () => {
		account.get('serverTime', reply.json({ serverTime: '2026-11-23T10:00:00.000Z' }))
		expect(await getServerTime()).toEqual(new Date('2026-11-23T10:00:00.000Z'))
	})
})
