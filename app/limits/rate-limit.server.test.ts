import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { redisServerPath, reportRedisSkipped, startRedisServer } from '#tests/redis-server.ts'

type Limits = typeof import('./rate-limit.server.ts')

interface Loaded {
	limits: Limits
	middleware: typeof import('./post-limit.server.ts')
	UpstreamError: (typeof import('#app/upstream/errors.ts'))['UpstreamError']
	clientIpContext: (typeof import('#app/request-context.server.ts'))['clientIpContext']
	closeStore: () => Promise<void>
}

/** The modules afresh, under this environment: each backend gets its own limiters and store. */
async function load(env: Record<string, string>): Promise<Loaded> {
	vi.resetModules()
	vi.unstubAllEnvs()
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
	return {
		limits: await import('./rate-limit.server.ts'),
		middleware: await import('./post-limit.server.ts'),
		UpstreamError: (await import('#app/upstream/errors.ts')).UpstreamError,
		clientIpContext: (await import('#app/request-context.server.ts')).clientIpContext,
		closeStore: (await import('#app/session/store.server.ts')).closeStore,
	}
}

let serial = 0
/** A key no other test uses: every test counts from zero whatever ran before it on the same store. */
const unique = (what: string) => `${what}-${process.pid}-${++serial}`
const address = () => unique('client')
const email = () => `${unique('someone')}@example.com`

/** The behaviour every backend must have. */
function limitsContract(name: string, open: () => Promise<Loaded>) {
	describe(`rate limits on ${name}`, () => {
		let m: Loaded
		beforeAll(async () => {
			m = await open()
		})
		afterAll(async () => {
			await m?.closeStore()
			vi.unstubAllEnvs()
		})

		function contextFrom(clientAddress: string) {
			const context = new RouterContextProvider()
			context.set(m.clientIpContext, clientAddress)
			return context
		}
		const accountError = (status: number, code: string, message: string) =>
			new m.UpstreamError({ upstream: 'account', kind: 'status', status, code, message })
		const wrongPassword = () => accountError(400, 'NotAuthorizedException', 'Incorrect username or password.')
		const caught = (work: Promise<unknown>) =>
			work.then(
				() => 'resolved',
				(error: unknown) => error,
			)

		it('counts refusals against the account: after ten, even the right password is refused, with a retry time', async () => {
			const account = email()
			for (let i = 0; i < m.limits.SIGN_IN_PER_ACCOUNT.points; i++) {
				// From a new address each time: the account's limit holds however the guesses are spread.
				const limits = m.limits.signInLimits(contextFrom(address()), account)
				await expect(m.limits.limitedAttempt(limits, () => Promise.reject(wrongPassword()))).rejects.toThrow(
					'Incorrect username or password.',
				)
			}
			const signIn = vi.fn(async () => 'signed in')
			const context = contextFrom(address())
			const error = await caught(m.limits.limitedAttempt(m.limits.signInLimits(context, account), signIn))
			expect(error).toBeInstanceOf(m.limits.RateLimited)
			expect(error).toMatchObject({ status: 429, code: 'LimitExceededException', upstream: 'portal' })
			expect(signIn).not.toHaveBeenCalled()
			const retryAfter = (error as InstanceType<Limits['RateLimited']>).retryAfterSeconds
			expect(retryAfter).toBeGreaterThan(0)
			expect(retryAfter).toBeLessThanOrEqual(m.limits.SIGN_IN_PER_ACCOUNT.seconds)
			expect(context.get(m.limits.retryAfterContext)).toBe(retryAfter)
		})

		it('never locks out an account that signs in successfully, however often', async () => {
			const account = email()
			for (let i = 0; i < m.limits.SIGN_IN_PER_ACCOUNT.points * 2; i++) {
				const limits = m.limits.signInLimits(contextFrom(address()), account)
				expect(await m.limits.limitedAttempt(limits, async () => 'ok')).toBe('ok')
			}
		})

		it('does not count an outage of the account API against the account', async () => {
			const account = email()
			const outage = () => accountError(503, '', 'Service Unavailable')
			for (let i = 0; i < m.limits.SIGN_IN_PER_ACCOUNT.points * 2; i++) {
				const limits = m.limits.signInLimits(contextFrom(address()), account)
				await expect(m.limits.limitedAttempt(limits, () => Promise.reject(outage()))).rejects.toThrow('Service')
			}
			expect(
				await m.limits.limitedAttempt(m.limits.signInLimits(contextFrom(address()), account), async () => 'ok'),
			).toBe('ok')
		})

		it('lets no more concurrent guesses through than the account allows', async () => {
			const account = email()
			let reached = 0
			const guess = async () => {
				reached++
				throw wrongPassword()
			}
			const outcomes = await Promise.all(
				Array.from({ length: 40 }, () =>
					caught(m.limits.limitedAttempt(m.limits.signInLimits(contextFrom(address()), account), guess)),
				),
			)
			expect(reached).toBe(m.limits.SIGN_IN_PER_ACCOUNT.points)
			expect(outcomes.filter((o) => o instanceof m.limits.RateLimited)).toHaveLength(
				40 - m.limits.SIGN_IN_PER_ACCOUNT.points,
			)
		})

		it('counts every attempt against the client address, and only against that address', async () => {
			const context = contextFrom(address())
			for (let i = 0; i < m.limits.CODE_ENTRY_PER_CLIENT.points; i++) {
				await m.limits.limitedAttempt(m.limits.codeEntryLimits(context, email()), async () => 'ok')
			}
			const error = await caught(m.limits.limitedAttempt(m.limits.codeEntryLimits(context, email()), async () => 'ok'))
			expect(error).toBeInstanceOf(m.limits.RateLimited)
			expect(error).toBeInstanceOf(m.UpstreamError)
			expect(
				await m.limits.limitedAttempt(m.limits.codeEntryLimits(contextFrom(address()), email()), async () => 'ok'),
			).toBe('ok')
		})

		it('mails one address five times an hour, whoever asks and whatever the mail', async () => {
			const target = email()
			const send = vi.fn(async () => 'sent')
			for (let i = 0; i < m.limits.MAIL_PER_EMAIL.points; i++) {
				await m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), target), send)
			}
			// Written differently, it is the same inbox.
			const error = await caught(
				m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), ` ${target.toUpperCase()} `), send),
			)
			expect(error).toBeInstanceOf(m.limits.RateLimited)
			expect((error as InstanceType<Limits['RateLimited']>).rule).toBe(m.limits.MAIL_PER_EMAIL)
			expect(send).toHaveBeenCalledTimes(m.limits.MAIL_PER_EMAIL.points)
			expect(await m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), email()), send)).toBe('sent')
		})

		it('gives the email its count back when the account API refused (no mail went out), not after an outage', async () => {
			const target = email()
			const taken = () => Promise.reject(accountError(400, 'UsernameExistsException', 'already exists'))
			for (let i = 0; i < m.limits.MAIL_PER_EMAIL.points * 2; i++) {
				await expect(m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), target), taken)).rejects.toThrow(
					'already exists',
				)
			}
			expect(await m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), target), async () => 'sent')).toBe(
				'sent',
			)

			const other = email()
			const outage = () => Promise.reject(accountError(502, '', 'Bad Gateway'))
			for (let i = 0; i < m.limits.MAIL_PER_EMAIL.points; i++) {
				await expect(m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), other), outage)).rejects.toThrow(
					'Bad Gateway',
				)
			}
			expect(
				await caught(m.limits.limitedMail(m.limits.mailLimits(contextFrom(address()), other), async () => 'sent')),
			).toBeInstanceOf(m.limits.RateLimited)
		})

		it('mails thirty times an hour from one address, to anyone', async () => {
			const context = contextFrom(address())
			for (let i = 0; i < m.limits.MAIL_PER_CLIENT.points; i++) {
				await m.limits.limitedMail(m.limits.mailLimits(context, email()), async () => 'sent')
			}
			const error = await caught(m.limits.limitedMail(m.limits.mailLimits(context, email()), async () => 'sent'))
			expect((error as InstanceType<Limits['RateLimited']>).rule).toBe(m.limits.MAIL_PER_CLIENT)
		})

		it('counts every POST against the address in the middleware: over the limit, a 429 page with Retry-After', async () => {
			const clientAddress = address()
			const action = vi.fn(async () => new Response('page'))
			const thrown: unknown[] = []
			// As React Router runs them: what a middleware throws becomes the error page, handed to the one before it.
			const call = async (method: string) => {
				const args = {
					request: new Request('http://portal.test/login', { method }),
					context: contextFrom(clientAddress),
				}
				const postLimit = async () => {
					try {
						return (await m.middleware.postLimitMiddleware(args as never, action as never)) as Response
					} catch (error) {
						thrown.push(error)
						return new Response('error page', { status: (error as { init: ResponseInit }).init.status })
					}
				}
				return (await m.middleware.retryAfterMiddleware(args as never, postLimit as never)) as Response
			}
			for (let i = 0; i < m.limits.POSTS_PER_CLIENT.points; i++) expect((await call('POST')).status).toBe(200)
			// Reads are never counted.
			for (let i = 0; i < 10; i++) await call('GET')
			expect(action).toHaveBeenCalledTimes(m.limits.POSTS_PER_CLIENT.points + 10)

			const refused = await call('POST')
			expect(refused.status).toBe(429)
			expect(thrown).toMatchObject([{ data: { errorKey: 'errors.tooManyRequests' } }])
			const retryAfter = Number(refused.headers.get('Retry-After'))
			expect(retryAfter).toBeGreaterThan(0)
			expect(retryAfter).toBeLessThanOrEqual(m.limits.POSTS_PER_CLIENT.seconds)
			expect(action).toHaveBeenCalledTimes(m.limits.POSTS_PER_CLIENT.points + 10)
			const page = await call('GET')
			expect(await page.text()).toBe('page')
			expect(page.headers.has('Retry-After')).toBe(false)
		})

		it('sends Retry-After on an action’s 429 only when one of our limits refused it', async () => {
			const respond = (status: number) => async () => new Response('form', { status })
			const limited = contextFrom(address())
			limited.set(m.limits.retryAfterContext, 42)
			const sent = (await m.middleware.retryAfterMiddleware(
				{ context: limited } as never,
				respond(429) as never,
			)) as Response
			expect(sent.headers.get('Retry-After')).toBe('42')
			// The account API's own attempt limit gives no time to wait.
			const upstream = (await m.middleware.retryAfterMiddleware(
				{ context: contextFrom(address()) } as never,
				respond(429) as never,
			)) as Response
			expect(upstream.headers.has('Retry-After')).toBe(false)
		})

		it('counts nothing without a key (no client address, no email)', async () => {
			for (let i = 0; i < m.limits.MAIL_PER_EMAIL.points * 2; i++) {
				await m.limits.limitedMail(m.limits.mailLimits(contextFrom(''), ''), async () => 'sent')
			}
		})
	})
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-limits-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

limitsContract('memory (node:sqlite store)', () => load({ DATA_DIR: dataDir }))

describe('rate limits in memory: the window', () => {
	let m: Loaded
	beforeAll(async () => {
		m = await load({ DATA_DIR: dataDir })
	})
	afterEach(() => {
		vi.useRealTimers()
	})
	afterAll(async () => {
		await m?.closeStore()
		vi.unstubAllEnvs()
	})

	it('counts the addresses of one IPv6 /64 as one client (ADR 0054)', async () => {
		const prefix = `2001:db8:${(++serial).toString(16)}:${process.pid.toString(16).slice(-4)}`
		const from = (n: number) => {
			const context = new RouterContextProvider()
			context.set(m.clientIpContext, `${prefix}::${n.toString(16)}`)
			return context
		}
		for (let i = 1; i <= m.limits.SIGN_IN_PER_CLIENT.points; i++) {
			await m.limits.limitedAttempt(m.limits.signInLimits(from(i), email()), async () => 'signed in')
		}
		const refusal = await m.limits
			.limitedAttempt(m.limits.signInLimits(from(0xffff), email()), async () => 'signed in')
			.catch((error: unknown) => error)
		expect(refusal).toBeInstanceOf(m.limits.RateLimited)
	})

	it('refuses until the window that counted ends, says how long, and then counts afresh', async () => {
		vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') })
		const context = new RouterContextProvider()
		context.set(m.clientIpContext, address())
		const target = email()
		for (let i = 0; i < m.limits.MAIL_PER_EMAIL.points; i++) {
			await m.limits.limitedMail(m.limits.mailLimits(context, target), async () => 'sent')
		}
		vi.advanceTimersByTime(40 * 60 * 1000)
		const early = await m.limits
			.limitedMail(m.limits.mailLimits(context, target), async () => 'sent')
			.catch((error: unknown) => error)
		expect(early).toBeInstanceOf(m.limits.RateLimited)
		expect((early as InstanceType<Limits['RateLimited']>).retryAfterSeconds).toBe(20 * 60)

		vi.advanceTimersByTime(20 * 60 * 1000)
		expect(await m.limits.limitedMail(m.limits.mailLimits(context, target), async () => 'sent')).toBe('sent')
	})
})

reportRedisSkipped('rate limit tests on Redis')

describe.skipIf(!redisServerPath)('on Redis', () => {
	let redis: Awaited<ReturnType<typeof startRedisServer>>
	let url = ''
	beforeAll(async () => {
		redis = await startRedisServer()
		url = redis.url
	})
	afterAll(() => redis?.stop())

	limitsContract('Redis', () => load({ DATA_DIR: dataDir, REDIS_URL: url }))

	it('two instances on one Redis share their counts: guesses and mails spread over both meet one limit (ADR 0054)', async () => {
		// Each load is a portal of its own: its own modules, limiters and connection, the same Redis.
		const first = await load({ DATA_DIR: dataDir, REDIS_URL: url })
		const second = await load({ DATA_DIR: dataDir, REDIS_URL: url })
		const instances = [first, second]
		const contextOf = (m: Loaded, clientAddress: string) => {
			const context = new RouterContextProvider()
			context.set(m.clientIpContext, clientAddress)
			return context
		}
		const account = email()
		const wrong = (m: Loaded) =>
			new m.UpstreamError({
				upstream: 'account',
				kind: 'status',
				status: 400,
				code: 'NotAuthorizedException',
				message: 'no',
			})
		for (let i = 0; i < first.limits.SIGN_IN_PER_ACCOUNT.points; i++) {
			const m = instances[i % 2]!
			await expect(
				m.limits.limitedAttempt(m.limits.signInLimits(contextOf(m, address()), account), () =>
					Promise.reject(wrong(m)),
				),
			).rejects.toThrow('no')
		}
		for (const m of instances) {
			const refusal = await m.limits
				.limitedAttempt(m.limits.signInLimits(contextOf(m, address()), account), async () => 'signed in')
				.catch((error: unknown) => error)
			expect(refusal).toBeInstanceOf(m.limits.RateLimited)
		}

		const target = email()
		for (let i = 0; i < first.limits.MAIL_PER_EMAIL.points; i++) {
			const m = instances[i % 2]!
			await m.limits.limitedMail(m.limits.mailLimits(contextOf(m, address()), target), async () => 'sent')
		}
		for (const m of instances) {
			const refusal = await m.limits
				.limitedMail(m.limits.mailLimits(contextOf(m, address()), target), async () => 'sent')
				.catch((error: unknown) => error)
			expect(refusal).toBeInstanceOf(m.limits.RateLimited)
		}
		await first.closeStore()
		await second.closeStore()
	})

	it('counts in the session store’s Redis, under portal:limit:, on the store’s own connection', async () => {
		const m = await load({ DATA_DIR: dataDir, REDIS_URL: url })
		const { getRedisClient } = await import('#app/session/store.server.ts')
		const target = email()
		const context = new RouterContextProvider()
		context.set(m.clientIpContext, address())
		await m.limits.limitedMail(m.limits.mailLimits(context, target), async () => 'sent')
		const client = (await getRedisClient())!
		expect(await client.get(`portal:limit:mail-email:${target}`)).toBe('1')
		const ttl = await client.pTTL(`portal:limit:mail-email:${target}`)
		expect(ttl).toBeGreaterThan(0)
		expect(ttl).toBeLessThanOrEqual(m.limits.MAIL_PER_EMAIL.seconds * 1000)
		await m.closeStore()
	})
})
