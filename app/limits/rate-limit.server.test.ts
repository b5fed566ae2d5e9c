import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

describe('sign-in and code-entry limits', () => {
	let limits: typeof import('./rate-limit.server.ts')
	let UpstreamError: typeof import('#app/upstream/errors.ts').UpstreamError
	let clientIpContext: typeof import('#app/request-context.server.ts').clientIpContext

	beforeAll(async () => {
		vi.stubEnv('DATA_DIR', mkdtempSync(path.join(os.tmpdir(), 'portal-limits-')))
		limits = await import('./rate-limit.server.ts')
		;({ UpstreamError } = await import('#app/upstream/errors.ts'))
		;({ clientIpContext } = await import('#app/request-context.server.ts'))
	})
	afterAll(async () => {
		await (await import('#app/session/store.server.ts')).closeStore()
		vi.unstubAllEnvs()
	})

	function contextFrom(address: string) {
		const context = new RouterContextProvider()
		context.set(clientIpContext, address)
		return context
	}
	const refusal = () =>
		new UpstreamError({
			upstream: 'account',
			kind: 'status',
			status: 400,
			code: 'NotAuthorizedException',
			message: 'Incorrect username or password.',
		})

	it('counts failures against the account: after ten, even the right password is refused', async () => {
		const account = limits.signInLimits(contextFrom('192.0.2.10'), 'someone@example.com')
		for (let i = 0; i < limits.SIGN_IN_PER_ACCOUNT.limit; i++) {
			await expect(limits.limitedAttempt(account, () => Promise.reject(refusal()))).rejects.toThrow(
				'Incorrect username or password.',
			)
		}
		const error = await limits.limitedAttempt(account, async () => 'signed in').catch((e: unknown) => e)
		expect(error).toMatchObject({ status: 429, code: 'LimitExceededException' })
	})

	it('never locks out an account that signs in successfully, however often', async () => {
		for (let i = 0; i < limits.SIGN_IN_PER_ACCOUNT.limit * 2; i++) {
			const address = `192.0.2.${20 + i}`
			expect(
				await limits.limitedAttempt(limits.signInLimits(contextFrom(address), 'often@example.com'), async () => 'ok'),
			).toBe('ok')
		}
	})

	it('counts every attempt against the client address', async () => {
		const context = contextFrom('198.51.100.200')
		for (let i = 0; i < limits.CODE_ENTRY_PER_CLIENT.limit; i++) {
			await limits.limitedAttempt(limits.codeEntryLimits(context, `user${i}@example.com`), async () => 'ok')
		}
		const error = await limits
			.limitedAttempt(limits.codeEntryLimits(context, 'another@example.com'), async () => 'ok')
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(UpstreamError)
		expect(
			await limits.limitedAttempt(
				limits.codeEntryLimits(contextFrom('198.51.100.201'), 'another@example.com'),
				async () => 'ok',
			),
		).toBe('ok')
	})
})
