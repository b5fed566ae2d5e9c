import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '#server/emulator/demo.ts'
import { insertUser } from '#server/emulator/account/users.ts'
import { hasActiveCloudSubscription } from '#server/emulator/cloud/subscriptions-table.ts'
import { DEFAULT_TOKEN_SETTINGS } from '#server/emulator/tokens.ts'
import { failure, startEmulator, TEST_SECURITY_SECRET, type RunningEmulator } from './emulator.ts'

type Api = typeof import('#app/upstream/account-identity.server.ts')
type Credentials = Awaited<ReturnType<Api['signin']>>

let emu: RunningEmulator
let api: Api
let upstreamRequest: typeof import('#app/upstream/http.server.ts').upstreamRequest
let toStoredUser: typeof import('#app/domain/user-record.ts').toStoredUser

beforeAll(async () => {
	emu = await startEmulator()
	api = await import('#app/upstream/account-identity.server.ts')
	;({ upstreamRequest } = await import('#app/upstream/http.server.ts'))
	;({ toStoredUser } = await import('#app/domain/user-record.ts'))
})
afterEach(() => emu.clearFaults())
afterAll(() => emu.stop())

const HOUR = 3600 * 1000
const { customer, staff, cloudMember, legacy, unactivated } = DEMO_ACCOUNTS

let counter = 0
const uniqueEmail = (label: string) => `${label}-${process.pid}-${++counter}@example.com`

async function latestMail(email: string) {
	const [mail] = await emu.mail(email)
	expect(mail).toBeDefined()
	return mail!
}

async function latestCode(email: string): Promise<string> {
	const { code } = await latestMail(email)
	expect(code).toMatch(/^\d{6}$/)
	return code!
}

const PASSWORD = 'Passw0rdX'

function signupInput(email: string, extra: Partial<Parameters<Api['signup']>[0]> = {}): Parameters<Api['signup']>[0] {
	return {
		firstName: 'Test',
		lastName: 'User',
		email,
		password: PASSWORD,
		cultureCode: 'en-US',
		allowEmail: false,
		mailFormatType: 'html',
		country: 'US',
		...extra,
	}
}

/** A signed-up, activated and signed-in user of its own. */
async function activeUser(label: string): Promise<{ email: string; id: string; tokens: Credentials }> {
	const email = uniqueEmail(label)
	const { id } = await api.signup(signupInput(email))
	await api.confirm({ email, code: await latestCode(email) })
	return { email, id, tokens: await api.signin({ email, password: PASSWORD }) }
}

describe('server time and the security token', () => {
	it('reads the server time, which follows the emulator clock, and gives null when it cannot', async () => {
		const before = await api.getServerTime()
		expect(before).toBeInstanceOf(Date)
		expect(Math.abs(before!.getTime() - emu.emulator.context().clock.now())).toBeLessThan(5_000)
		await emu.advanceClock(HOUR)
		const after = await api.getServerTime()
		expect(after!.getTime() - before!.getTime()).toBeGreaterThanOrEqual(HOUR)

		await emu.fault({ path: '/account/serverTime', mode: 'status', status: 503 })
		expect(await api.getServerTime()).toBeNull()
	})

	it('refuses a signed-header call without the header, with a foreign signature or with a stale time', async () => {
		const body = signupInput(uniqueEmail('nosig'))
		const missing = await failure(
			upstreamRequest('account', { method: 'POST', path: 'signup', body, schema: z.unknown() }),
		)
		expect(missing).toMatchObject({ status: 403, code: 'InvalidSecurityToken', message: 'Missing security token' })

		const now = Math.floor(emu.emulator.context().clock.now() / 1000)
		const sign = (secret: string, iat: number) =>
			new SignJWT({})
				.setProtectedHeader({ alg: 'HS256' })
				.setIssuedAt(iat)
				.setExpirationTime(iat + 60)
				.setAudience('account-api')
				.sign(new TextEncoder().encode(secret))
		for (const token of [await sign('some-other-secret-entirely', now), await sign(TEST_SECURITY_SECRET, now - 120)]) {
			const refused = await failure(
				upstreamRequest('account', {
					method: 'POST',
					path: 'signup',
					body,
					auth: { kind: 'header', name: 'X-RCP-Security-Token', value: token },
					schema: z.unknown(),
				}),
			)
			expect(refused).toMatchObject({ status: 403, message: 'Invalid security token' })
		}
		expect((await api.getAccountType(body.email)).accountType).toBe('new')

		const good = await sign(TEST_SECURITY_SECRET, now)
		const created = await upstreamRequest('account', {
			method: 'POST',
			path: 'signup',
			body,
			auth: { kind: 'header', name: 'X-RCP-Security-Token', value: good },
			schema: z.object({ id: z.string() }),
		})
		expect(created.id).toBeTruthy()
	})

	it('learns the server time again when the server clock has moved, and the call goes through', async () => {
		const email = uniqueEmail('clockjump')
		await api.signup(signupInput(email))
		await emu.advanceClock(2 * HOUR)
		const { codeDelivery } = await api.resendConfirmationCode({ email, mailFormatType: 'html' })
		expect(codeDelivery).toEqual({ destination: expect.stringMatching(/^c\*\*\*@e\*\*\*\.com$/), medium: 'EMAIL' })
		expect(await emu.mail(email)).toHaveLength(2)
	})
})

describe('sign-up and account types', () => {
	it('creates an unactivated account and mails a 6-digit code with the activation link', async () => {
		const email = uniqueEmail('signup')
		const answer = await api.signup(signupInput(email, { signupSource: 'registration_card', middleName: 'Q' }))
		expect(answer).toMatchObject({ email, accountType: 'unactivated', codeDelivery: { medium: 'EMAIL' } })
		const mail = await latestMail(email)
		expect(mail.code).toMatch(/^\d{6}$/)
		expect(mail.link).toBe(`http://portal.test/activation?email=${encodeURIComponent(email)}&code=${mail.code}`)
		expect((await api.getAccountType(email)).accountType).toBe('unactivated')
		const refused = await failure(api.signin({ email, password: PASSWORD }))
		expect(refused.code).toBe('UserNotConfirmedException')
	})

	it('refuses an email that has an account, a weak password, and ja-JP without phonetic names', async () => {
		const taken = await failure(api.signup(signupInput(customer.email.toUpperCase())))
		expect(taken).toMatchObject({
			status: 409,
			code: 'UsernameExistsException',
			message: 'An account with the given email already exists.',
		})

		for (const password of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Ｆｕｌｌwidth1a']) {
			const weak = await failure(api.signup(signupInput(uniqueEmail('weak'), { password })))
			expect(weak.code).toBe('InvalidPasswordException')
		}

		const email = uniqueEmail('ja')
		const japanese = await failure(api.signup(signupInput(email, { cultureCode: 'ja-JP', country: 'JP' })))
		expect(japanese).toMatchObject({ status: 400, code: 'InvalidParameterException' })
		expect((await api.getAccountType(email)).accountType).toBe('new')
		await api.signup(
			signupInput(email, {
				cultureCode: 'ja-JP',
				country: 'JP',
				phoneticFirstName: 'テスト',
				phoneticLastName: 'ユーザー',
			}),
		)
		expect((await api.getAccountType(email)).accountType).toBe('unactivated')

		const malformed = await failure(api.signup(signupInput('not-an-email')))
		expect(malformed).toMatchObject({ status: 400, message: 'Invalid parameters.' })
	})

	it('tells the four account types apart, and needs an email to do it', async () => {
		expect((await api.getAccountType(uniqueEmail('nobody'))).accountType).toBe('new')
		expect((await api.getAccountType(customer.email)).accountType).toBe('active')
		expect((await api.getAccountType(unactivated.email)).accountType).toBe('unactivated')
		const oldPortal = uniqueEmail('oldportal')
		insertUser(emu.emulator.context(), {
			email: oldPortal,
			password: 'OldPass123',
			status: 'legacy',
			profile: { firstName: 'Old', lastName: 'Portal', cultureCode: 'en-US', country: 'US' },
		})
		expect((await api.getAccountType(oldPortal)).accountType).toBe('legacy')

		const missing = await failure(api.getAccountType(''))
		expect(missing).toMatchObject({ status: 400, message: 'email parameter is missing' })
	})

	it('seeded the unactivated demo account with its activation code in the outbox', async () => {
		const mail = await latestMail(unactivated.email)
		expect(mail.link).toContain('/activation?email=')
		expect(mail.code).toMatch(/^\d{6}$/)
	})
})

describe('activation', () => {
	it('activates with the right code only, once', async () => {
		const email = uniqueEmail('confirm')
		await api.signup(signupInput(email))
		const code = await latestCode(email)
		const wrong = await failure(api.confirm({ email, code: code === '000000' ? '111111' : '000000' }))
		expect(wrong).toMatchObject({
			code: 'CodeMismatchException',
			message: 'Invalid verification code provided, please try again.',
		})

		expect(await api.confirm({ email, code })).toMatchObject({ email, accountType: 'active' })
		expect((await api.getAccountType(email)).accountType).toBe('active')
		const tokens = await api.signin({ email, password: PASSWORD })
		expect(tokens.accessToken).toBeTruthy()

		const again = await failure(api.confirm({ email, code }))
		expect(again.status).toBe(400)
		const unknown = await failure(api.confirm({ email: uniqueEmail('unknown'), code }))
		expect(unknown).toMatchObject({ status: 404, message: 'The given email address was not found.' })
	})

	it('expires a code after 24 hours; a resent code works', async () => {
		const email = uniqueEmail('expired')
		await api.signup(signupInput(email))
		const old = await latestCode(email)
		await emu.advanceClock(25 * HOUR)
		const expired = await failure(api.confirm({ email, code: old }))
		expect(expired).toMatchObject({
			code: 'ExpiredCodeException',
			message: 'Invalid code provided, please request a code again.',
		})

		await api.resendConfirmationCode({ email, mailFormatType: 'text' })
		const fresh = await latestCode(email)
		expect(await emu.mail(email)).toHaveLength(2)
		await api.confirm({ email, code: fresh })
		expect((await api.getAccountType(email)).accountType).toBe('active')
	})

	it('stops accepting codes after 5 wrong ones, until a new code is sent', async () => {
		const email = uniqueEmail('limit')
		await api.signup(signupInput(email))
		const code = await latestCode(email)
		const wrongCode = code === '999999' ? '888888' : '999999'
		for (let i = 0; i < 5; i++)
			expect((await failure(api.confirm({ email, code: wrongCode }))).code).toBe('CodeMismatchException')
		const limited = await failure(api.confirm({ email, code }))
		expect(limited).toMatchObject({
			code: 'LimitExceededException',
			message: 'Attempt limit exceeded, please try after some time.',
		})

		await api.resendConfirmationCode({ email, mailFormatType: 'html' })
		await api.confirm({ email, code: await latestCode(email) })
		expect((await api.getAccountType(email)).accountType).toBe('active')
	})

	it('resends only for an unactivated account', async () => {
		const unknown = await failure(api.resendConfirmationCode({ email: uniqueEmail('ghost'), mailFormatType: 'html' }))
		expect(unknown).toMatchObject({ status: 404, message: 'The given email address was not found.' })
		const active = await failure(api.resendConfirmationCode({ email: customer.email, mailFormatType: 'html' }))
		expect(active).toMatchObject({ status: 400, message: 'The given email address was not found.' })
	})
})

describe('migration of a legacy account', () => {
	it('takes the new password and culture; after the mailed code the account signs in', async () => {
		expect((await api.getAccountType(legacy.email)).accountType).toBe('legacy')
		const oldPassword = await failure(api.signin({ email: legacy.email, password: legacy.password }))
		expect(oldPassword.message).toBe('Incorrect username or password.')

		const answer = await api.migrateUser({
			email: legacy.email,
			password: 'Migrated123',
			cultureCode: 'en-GB',
			passwordConfirm: 'x',
		} as never)
		expect(answer).toMatchObject({ id: legacy.id, accountType: 'unactivated' })
		await api.confirm({ email: legacy.email, code: await latestCode(legacy.email) })
		const tokens = await api.signin({ email: legacy.email, password: 'Migrated123' })
		const me = await api.getMe(tokens)
		expect(me.cultureCode).toEqual({ id: expect.any(String), value: 'en-GB' })
	})

	it('answers User Does Not Exist for an address without a legacy account', async () => {
		for (const email of [customer.email, uniqueEmail('nolegacy')]) {
			const error = await failure(api.migrateUser({ email, password: 'Migrated123', cultureCode: 'en-GB' }))
			expect(error).toMatchObject({ status: 404, code: 'UserNotFoundException', message: 'User Does Not Exist' })
		}
		expect((await api.getAccountType(customer.email)).accountType).toBe('active')
	})
})

describe('sign-in and tokens', () => {
	it('signs in with real tokens whose id token says the email is verified', async () => {
		const tokens = await api.signin({ email: customer.email, password: customer.password })
		expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: expect.any(Number) })
		const me = await api.getMe(tokens)
		expect(me).toMatchObject({ id: customer.id, email: customer.email, email_verified: true })
	})

	it('refuses a wrong password, an unactivated account, and locks after 5 failures in 15 minutes', async () => {
		const wrong = await failure(api.signin({ email: customer.email, password: 'Wrong1234' }))
		expect(wrong).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' })
		const pending = await failure(api.signin({ email: unactivated.email, password: unactivated.password }))
		expect(pending.code).toBe('UserNotConfirmedException')

		const { email } = await activeUser('lock')
		for (let i = 0; i < 5; i++) await failure(api.signin({ email, password: 'Wrong1234' }))
		const locked = await failure(api.signin({ email, password: PASSWORD }))
		expect(locked).toMatchObject({
			code: 'LimitExceededException',
			message: 'Attempt limit exceeded, please try after some time.',
		})
		await emu.advanceClock(16 * 60 * 1000)
		expect((await api.signin({ email, password: PASSWORD })).idToken).toBeTruthy()
	})

	it('refreshes with the same refresh token, and refuses one that expired', async () => {
		const tokens = await api.signin({ email: customer.email, password: customer.password })
		const fresh = await api.refreshTokens(tokens.refreshToken)
		expect(fresh.refreshToken).toBe(tokens.refreshToken)
		expect(fresh.idToken).not.toBe(tokens.idToken)
		expect((await api.getMe(fresh)).id).toBe(customer.id)

		await emu.tokenSettings({ refreshTokenSeconds: 60 })
		try {
			const shortLived = await api.signin({ email: customer.email, password: customer.password })
			await emu.advanceClock(2 * 60 * 1000)
			const expired = await failure(api.refreshTokens(shortLived.refreshToken))
			expect(expired).toMatchObject({
				status: 401,
				code: 'NotAuthorizedException',
				message: 'Refresh Token has expired',
			})
		} finally {
			await emu.tokenSettings({ refreshTokenSeconds: DEFAULT_TOKEN_SETTINGS.refreshTokenSeconds })
		}
	})

	it('signs in through an app client (upper-camel answer, normalised) with a refresh token scoped to it, both ways', async () => {
		const tokens = await api.clientSignin('cloud-manager', { email: cloudMember.email, password: cloudMember.password })
		expect(tokens.accessToken && tokens.idToken && tokens.refreshToken).toBeTruthy()
		const fresh = await api.refreshTokens(tokens.refreshToken, { clientId: 'cloud-manager' })
		expect(fresh.refreshToken).toBe(tokens.refreshToken)
		const otherClient = await failure(api.refreshTokens(tokens.refreshToken, { clientId: 'owners-portal' }))
		expect(otherClient.status).toBe(401)
		const plainCall = await failure(api.refreshTokens(tokens.refreshToken))
		expect(plainCall).toMatchObject({ status: 401, message: 'Invalid Refresh Token' })
		const direct = await api.signin({ email: cloudMember.email, password: cloudMember.password })
		expect((await failure(api.refreshTokens(direct.refreshToken, { clientId: 'cloud-manager' }))).status).toBe(401)

		const unknown = await failure(
			api.clientSignin('some-app', { email: cloudMember.email, password: cloudMember.password }),
		)
		expect(unknown).toMatchObject({ status: 400, message: 'Failed: Invalid client ID' })
	})

	it('refuses credentials without all three tokens: No credentials', async () => {
		await emu.fault({ path: '/account/signin', mode: 'status', status: 200 })
		const error = await failure(api.signin({ email: customer.email, password: customer.password }))
		expect(error.message).toBe('No credentials')
	})
})

describe('the user record', () => {
	it('answers the seeded customer in full, with the fields the portal drops', async () => {
		const tokens = await api.signin({ email: customer.email, password: customer.password })
		const me = await api.getMe(tokens)
		expect(me.phones).toHaveLength(2)
		expect(me.phones.map((p) => p.type).sort()).toEqual(['home', 'mobile'])
		expect(me.interests.map((i) => i.interest.id).sort()).toEqual(['1', '2', '6'])
		expect(me.address).toMatchObject({ postalCode: '90040', city: 'Los Angeles', addressLine3: null })
		expect(me.birthday).toBe('1988-04-12T00:00:00.000Z')
		expect(me.cultureCode).toEqual({ id: expect.any(String), value: 'en-US' })
		expect(me.shopifyId).toBe('7012345678901')
		expect(me.managingCultureCodes).toEqual([])
		expect(me).toMatchObject({
			isDeleted: false,
			isVisible: true,
			createUserId: 'system',
			cognitoSub: expect.any(String),
			createDate: expect.any(String),
		})

		const stored = toStoredUser(me)
		for (const key of [
			'createDate',
			'createUserId',
			'updateDate',
			'updateUserId',
			'isDeleted',
			'isVisible',
			'previousEmail',
			'cognitoSub',
			'managingCultureCodes',
		]) {
			expect(stored).not.toHaveProperty(key)
		}
		expect(stored.birthday).toBe('1988-04-12')
		expect(stored.email_verified).toBe(true)
	})

	it('gives staff their managing culture codes', async () => {
		const tokens = await api.signin({ email: staff.email, password: staff.password })
		const me = await api.getMe(tokens)
		expect(me.managingCultureCodes?.map((c) => c.value)).toEqual(['en-US', 'en-CA', 'fr-CA'])
		expect(toStoredUser(me).managingCultureCodes).toHaveLength(3)
	})

	it('takes email_verified from the id token, and refuses a bad access token', async () => {
		const tokens = await api.signin({ email: customer.email, password: customer.password })
		const unverified = await new SignJWT({ email_verified: false })
			.setProtectedHeader({ alg: 'HS256' })
			.sign(new TextEncoder().encode('x'.repeat(32)))
		expect((await api.getMe({ accessToken: tokens.accessToken, idToken: unverified })).email_verified).toBe(false)
		const refused = await failure(api.getMe({ accessToken: tokens.idToken, idToken: tokens.idToken }))
		expect(refused.status).toBe(401)
	})

	it('updates the profile and keeps it; refuses bad values and other users', async () => {
		const { id, tokens } = await activeUser('profile')
		const updated = await api.updateUser(tokens.accessToken, id, {
			firstName: 'Renamed',
			birthday: '1990-02-03',
			gender: 'male',
			country: 'DE',
			cultureCode: 'de-DE',
			allowEmail: true,
			address: { postalCode: '10115', city: 'Berlin', addressLine1: 'Invalidenstraße 1' },
		})
		expect(updated).toMatchObject({
			firstName: 'Renamed',
			lastName: 'User',
			country: 'DE',
			cultureCode: { value: 'de-DE' },
		})
		const me = await api.getMe(tokens)
		expect(me).toMatchObject({
			firstName: 'Renamed',
			birthday: '1990-02-03T00:00:00.000Z',
			gender: 'male',
			allowEmail: true,
		})
		expect(me.address).toMatchObject({
			postalCode: '10115',
			city: 'Berlin',
			addressLine1: 'Invalidenstraße 1',
			addressLine2: null,
		})

		expect((await failure(api.updateUser(tokens.accessToken, id, { firstName: '' }))).message).toBe(
			'Invalid parameters.',
		)
		expect((await failure(api.updateUser(tokens.accessToken, id, { gender: 'robot' }))).message).toBe(
			'gender must be valid.',
		)
		expect((await failure(api.updateUser(tokens.accessToken, id, { cultureCode: 'xx-XX' }))).message).toBe(
			'cultureCode must be valid.',
		)
		expect((await failure(api.updateUser(tokens.accessToken, id, { address: { postalCode: '!!' } }))).message).toBe(
			'postalCode must be valid.',
		)
		expect((await failure(api.updateUser(tokens.accessToken, customer.id, { firstName: 'Hacked' }))).status).toBe(403)
		expect((await api.getMe(tokens)).firstName).toBe('Renamed')
	})
})

describe('email change', () => {
	it('mails a code to the new address; the old email stays in force until it is verified', async () => {
		const { email, id, tokens } = await activeUser('change')
		const newEmail = uniqueEmail('changed')
		const answer = await api.requestEmailChange(tokens.accessToken, id, { email: newEmail, mailFormatType: 'html' })
		expect(answer).toMatchObject({ email, pendingEmail: newEmail })
		const mail = await latestMail(newEmail)
		expect(mail.link).toBe(`http://portal.test/email-change?code=${mail.code}`)
		expect(await emu.mail(email)).toHaveLength(1)

		expect((await api.signin({ email, password: PASSWORD })).accessToken).toBeTruthy()
		expect((await failure(api.signin({ email: newEmail, password: PASSWORD }))).code).toBe('NotAuthorizedException')

		const wrong = await failure(
			api.confirmEmailChange(tokens.accessToken, id, mail.code === '000000' ? '111111' : '000000'),
		)
		expect(wrong.code).toBe('CodeMismatchException')
		expect(await api.confirmEmailChange(tokens.accessToken, id, mail.code!)).toEqual({ id, email: newEmail })

		expect((await api.signin({ email: newEmail, password: PASSWORD })).accessToken).toBeTruthy()
		expect((await failure(api.signin({ email, password: PASSWORD }))).code).toBe('NotAuthorizedException')
		expect((await api.getMe(tokens)).previousEmail).toBe(email)
	})

	it('refuses the same email, and one that belongs to another account', async () => {
		const { email, id, tokens } = await activeUser('same')
		const same = await failure(
			api.requestEmailChange(tokens.accessToken, id, { email: email.toUpperCase(), mailFormatType: 'html' }),
		)
		expect(same).toMatchObject({ status: 400, message: 'The new email is the same as the current email.' })
		const taken = await failure(
			api.requestEmailChange(tokens.accessToken, id, { email: customer.email, mailFormatType: 'html' }),
		)
		expect(taken).toMatchObject({ status: 409, message: 'An account with the given email already exists.' })
	})

	it('expires an email-change code after 24 hours', async () => {
		const { id, tokens } = await activeUser('changeexp')
		const newEmail = uniqueEmail('changeexp-new')
		await api.requestEmailChange(tokens.accessToken, id, { email: newEmail, mailFormatType: 'html' })
		const code = await latestCode(newEmail)
		await emu.advanceClock(25 * HOUR)
		const fresh = await api.refreshTokens(tokens.refreshToken)
		expect((await failure(api.confirmEmailChange(fresh.accessToken, id, code))).code).toBe('ExpiredCodeException')
	})
})

describe('password change and reset', () => {
	it('changes the password only with the right current one, and ends the session', async () => {
		const { email, id, tokens } = await activeUser('pw')
		const wrong = await failure(
			api.changePassword(tokens.accessToken, id, { oldPassword: 'Nope12345', newPassword: 'Changed123' }),
		)
		expect(wrong).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect current password.' })
		const weak = await failure(
			api.changePassword(tokens.accessToken, id, { oldPassword: PASSWORD, newPassword: 'weak' }),
		)
		expect(weak.code).toBe('InvalidPasswordException')

		await api.changePassword(tokens.accessToken, id, { oldPassword: PASSWORD, newPassword: 'Changed123' })
		const revoked = await failure(api.refreshTokens(tokens.refreshToken))
		expect(revoked).toMatchObject({ status: 401, message: 'Refresh Token has been revoked' })
		expect((await failure(api.signin({ email, password: PASSWORD }))).code).toBe('NotAuthorizedException')
		expect((await api.signin({ email, password: 'Changed123' })).accessToken).toBeTruthy()
	})

	it('answers a reset request the same whether the account exists, mailing a code only when it does', async () => {
		const unknownEmail = uniqueEmail('noreset')
		const unknown = await api.requestPasswordReset({ email: unknownEmail, mailFormatType: 'html' })
		const known = await api.requestPasswordReset({ email: cloudMember.email, mailFormatType: 'html' })
		expect(unknown).toEqual(known)
		expect(known.message).toBe('If that account exists in our system, a link to reset your password has been sent...')
		expect(await emu.mail(unknownEmail)).toEqual([])
		const mail = await latestMail(cloudMember.email)
		expect(mail.link).toBe(
			`http://portal.test/reset-password?email=${encodeURIComponent(cloudMember.email)}&code=${mail.code}`,
		)
		const malformed = await failure(api.requestPasswordReset({ email: 'nope', mailFormatType: 'html' }))
		expect(malformed.status).toBe(400)
	})

	it('resets with the code within an hour; a wrong or expired code is refused', async () => {
		const { email } = await activeUser('reset')
		await api.requestPasswordReset({ email, mailFormatType: 'html' })
		const code = await latestCode(email)
		const wrong = await failure(
			api.confirmPasswordReset({ email, code: code === '000000' ? '111111' : '000000', newPassword: 'Reset1234' }),
		)
		expect(wrong.code).toBe('CodeMismatchException')
		await emu.advanceClock(61 * 60 * 1000)
		const expired = await failure(api.confirmPasswordReset({ email, code, newPassword: 'Reset1234' }))
		expect(expired.code).toBe('ExpiredCodeException')

		await api.requestPasswordReset({ email, mailFormatType: 'html' })
		const fresh = await latestCode(email)
		const weak = await failure(api.confirmPasswordReset({ email, code: fresh, newPassword: 'weak' }))
		expect(weak.code).toBe('InvalidPasswordException')
		expect(await api.confirmPasswordReset({ email, code: fresh, newPassword: 'Reset1234' })).toEqual({
			message: expect.any(String),
		})
		expect((await api.signin({ email, password: 'Reset1234' })).accessToken).toBeTruthy()
		const unknown = await failure(
			api.confirmPasswordReset({ email: uniqueEmail('noone'), code: fresh, newPassword: 'Reset1234' }),
		)
		expect(unknown.code).toBe('CodeMismatchException')
	})

	it('activates a legacy account that resets its password', async () => {
		const email = uniqueEmail('legacyreset')
		insertUser(emu.emulator.context(), {
			email,
			password: 'OldPass123',
			status: 'legacy',
			profile: { firstName: 'Old', lastName: 'Portal', cultureCode: 'en-US', country: 'US' },
		})
		await api.requestPasswordReset({ email, mailFormatType: 'html' })
		await api.confirmPasswordReset({ email, code: await latestCode(email), newPassword: 'Renewed123' })
		expect((await api.getAccountType(email)).accountType).toBe('active')
		expect((await api.signin({ email, password: 'Renewed123' })).idToken).toBeTruthy()
	})
})

describe('account deletion', () => {
	it('refuses while cloud subscriptions are active', async () => {
		const db = emu.emulator.context().db
		// The cloud service seeds the member's active subscription; until its seed exists, this test
		// adds one row to the shared table itself, with the table's own columns, for this refusal only.
		if (!hasActiveCloudSubscription(db, cloudMember.id)) {
			db.prepare(
				'INSERT INTO cloud_subscriptions (id, user_id, type, status, source, product_id, plan_id, created_at) VALUES (?, ?, 1, 4, 5, ?, ?, ?)',
			).run('test-subscription', cloudMember.id, 'ultimate', 'ultimate-monthly', new Date().toISOString())
		}
		const tokens = await api.signin({ email: cloudMember.email, password: cloudMember.password })
		const refused = await failure(api.deleteUser(tokens.idToken, cloudMember.id))
		expect(refused).toMatchObject({
			status: 409,
			code: 'ActiveSubscriptions',
			message:
				'Your account has active cloud subscriptions and cannot be deleted. If you still hope to delete your account, please contact us.',
		})
		expect((await api.getAccountType(cloudMember.email)).accountType).toBe('active')
	})

	it('deletes the user and everything kept for them, with the id token only', async () => {
		const { email, id, tokens } = await activeUser('delete')
		await api.createPhone(tokens.accessToken, id, { number: '+44 20 7946 0000', type: 'work' })
		await api.saveTemporaryData(tokens.accessToken, id, 'RedirectPathAfterSignup', { path: '/support' })
		expect((await failure(api.deleteUser(tokens.accessToken, id))).status).toBe(401)
		expect((await failure(api.deleteUser(tokens.idToken, customer.id))).status).toBe(403)

		expect(await api.deleteUser(tokens.idToken, id)).toEqual({ id, deleted: true })
		expect((await api.getAccountType(email)).accountType).toBe('new')
		expect((await failure(api.signin({ email, password: PASSWORD }))).message).toBe('Incorrect username or password.')
		expect((await failure(api.refreshTokens(tokens.refreshToken))).status).toBe(401)
		const db = emu.emulator.context().db
		for (const table of ['user_phones', 'temporary_data', 'account_codes']) {
			expect(db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).get(id)).toEqual({ n: 0 })
		}
	})
})

describe('phones', () => {
	it('lists, creates up to 3, updates and deletes', async () => {
		const { id, tokens } = await activeUser('phones')
		expect(await api.getPhones(tokens.accessToken, id)).toEqual([])
		const first = await api.createPhone(tokens.accessToken, id, { number: '+1 212 555 0101', type: 'mobile' })
		await api.createPhone(tokens.accessToken, id, { number: '+1 212 555 0102', type: 'home' })
		await api.createPhone(tokens.accessToken, id, { number: '+1 212 555 0103', type: 'work' })
		const fourth = await failure(api.createPhone(tokens.accessToken, id, { number: '+1 212 555 0104', type: 'work' }))
		expect(fourth).toMatchObject({ status: 400, message: 'A user can have at most 3 phones.' })

		const updated = await api.updatePhone(tokens.accessToken, id, first.id, { number: '+1 212 555 0199', type: 'home' })
		expect(updated).toEqual({ id: first.id, number: '+1 212 555 0199', type: 'home' })
		await api.deletePhone(tokens.accessToken, id, first.id)
		const phones = await api.getPhones(tokens.accessToken, id)
		expect(phones.map((p) => p.number)).toEqual(['+1 212 555 0102', '+1 212 555 0103'])
		expect((await api.getMe(tokens)).phones).toEqual(phones)
	})

	it('refuses a bad number or type, an unknown phone and another user', async () => {
		const { id, tokens } = await activeUser('badphone')
		expect(
			(await failure(api.createPhone(tokens.accessToken, id, { number: 'call me', type: 'mobile' }))).message,
		).toBe('Phone number must be valid.')
		expect(
			(await failure(api.createPhone(tokens.accessToken, id, { number: '+1 212 555 0101', type: 'fax' as never })))
				.message,
		).toBe('Invalid parameters.')
		expect(
			(
				await failure(
					api.updatePhone(tokens.accessToken, id, 'no-such-phone', { number: '+1 212 555 0101', type: 'home' }),
				)
			).status,
		).toBe(404)
		expect((await failure(api.deletePhone(tokens.accessToken, id, 'no-such-phone'))).status).toBe(404)
		expect((await failure(api.getPhones(tokens.accessToken, customer.id))).status).toBe(403)
	})
})

describe('interests', () => {
	it('adds master-list interests and removes them; no duplicates, no unknown ids', async () => {
		const { id, tokens } = await activeUser('interests')
		const drums = await api.createInterest(tokens.accessToken, id, '5')
		expect(drums.interest).toEqual({ id: '5', value: expect.any(String) })
		await api.createInterest(tokens.accessToken, id, '1')
		expect((await failure(api.createInterest(tokens.accessToken, id, '5'))).status).toBe(409)
		expect((await failure(api.createInterest(tokens.accessToken, id, '99'))).message).toBe('Unknown interest.')

		expect((await api.getInterests(tokens.accessToken, id)).map((i) => i.interest.id)).toEqual(['5', '1'])
		await api.deleteInterest(tokens.accessToken, id, drums.id)
		expect((await api.getInterests(tokens.accessToken, id)).map((i) => i.interest.id)).toEqual(['1'])
		expect((await failure(api.deleteInterest(tokens.accessToken, id, drums.id))).status).toBe(404)
		expect((await failure(api.getInterests(tokens.accessToken, customer.id))).status).toBe(403)
	})
})

describe('staff views', () => {
	it('lets staff read any user', async () => {
		const tokens = await api.signin({ email: staff.email, password: staff.password })
		const record = await api.getAdminUser(tokens.accessToken, customer.id)
		expect(record).toMatchObject({ id: customer.id, email: customer.email })
		expect((await failure(api.getAdminUser(tokens.accessToken, 'no-such-user'))).status).toBe(404)
		// Designed: the admin view also finds a user by email, whatever its case.
		const byEmail = await api.getAdminUser(tokens.accessToken, customer.email.toUpperCase())
		expect(byEmail).toMatchObject({ id: customer.id, email: customer.email })
		expect((await failure(api.getAdminUser(tokens.accessToken, 'nobody@example.com'))).status).toBe(404)
	})

	it('refuses a customer: Not Roland Account', async () => {
		const tokens = await api.signin({ email: customer.email, password: customer.password })
		const refused = await failure(api.getAdminUser(tokens.accessToken, customer.id))
		expect(refused).toMatchObject({ status: 403, message: 'Not Roland Account' })
		const cultures = await failure(api.getManagingCultureCodes(tokens.accessToken, customer.id))
		expect(cultures).toMatchObject({ status: 403, message: 'Not Roland Account' })
	})

	it('lists the cultures a staff member manages', async () => {
		const tokens = await api.signin({ email: staff.email, password: staff.password })
		expect((await api.getManagingCultureCodes(tokens.accessToken, staff.id)).map((c) => c.value)).toEqual([
			'en-US',
			'en-CA',
			'fr-CA',
		])
		expect(await api.getManagingCultureCodes(tokens.accessToken, customer.id)).toEqual([])
	})
})

describe('temporary data', () => {
	it('keeps what a signed-out visitor left under their email until they have an account', async () => {
		const email = uniqueEmail('qr')
		const kept = await api.createTemporaryData({
			email,
			purpose: 'ProductRegistrationUsingQR',
			body: { modelCode: 'FP30X0', serialCode: 'A1234567' },
		})
		expect(kept).toMatchObject({ email, userId: null, purpose: 'ProductRegistrationUsingQR' })

		await api.signup(signupInput(email))
		await api.confirm({ email, code: await latestCode(email) })
		const tokens = await api.signin({ email, password: PASSWORD })
		const { id } = await api.getMe(tokens)
		expect((await api.getTemporaryData(tokens.accessToken, id, 'ProductRegistrationUsingQR'))?.body).toEqual({
			modelCode: 'FP30X0',
			serialCode: 'A1234567',
		})
		expect(await api.getTemporaryData(tokens.accessToken, id, 'RedirectPathAfterSignup')).toBeNull()

		await api.saveTemporaryData(tokens.accessToken, id, 'RedirectPathAfterSignup', { path: '/support/order_status' })
		expect((await api.getTemporaryData(tokens.accessToken, id, 'RedirectPathAfterSignup'))?.body).toEqual({
			path: '/support/order_status',
		})

		await api.deleteTemporaryData(tokens.accessToken, id, 'ProductRegistrationUsingQR')
		expect(await api.getTemporaryData(tokens.accessToken, id, 'ProductRegistrationUsingQR')).toBeNull()
		expect((await failure(api.deleteTemporaryData(tokens.accessToken, id, 'ProductRegistrationUsingQR'))).status).toBe(
			404,
		)
	})

	it('refuses another user, a malformed entry, and forgets data after 7 days', async () => {
		const { id, email, tokens } = await activeUser('tmp')
		expect(
			(await failure(api.getTemporaryData(tokens.accessToken, customer.id, 'RedirectPathAfterSignup'))).status,
		).toBe(403)
		expect(
			(await failure(api.createTemporaryData({ email: 'not-an-email', purpose: 'RedirectPathAfterSignup', body: {} })))
				.status,
		).toBe(400)

		await api.saveTemporaryData(tokens.accessToken, id, 'RedirectPathAfterSignup', { path: '/' })
		await emu.advanceClock(8 * 24 * HOUR)
		const fresh = await api.signin({ email, password: PASSWORD })
		expect(await api.getTemporaryData(fresh.accessToken, id, 'RedirectPathAfterSignup')).toBeNull()
	})
})

describe('external user ids', () => {
	it('keeps the shop account id per service; the record shows it as shopifyId', async () => {
		const { tokens } = await activeUser('shop')
		expect(await api.getExternalUserId(tokens.accessToken, 'shopify')).toBeNull()
		expect(await api.createExternalUserId(tokens.accessToken, 'shopify', '7000000000001')).toMatchObject({
			serviceId: 'shopify',
			id: '7000000000001',
		})
		expect((await failure(api.createExternalUserId(tokens.accessToken, 'shopify', '7000000000002'))).status).toBe(409)
		await api.updateExternalUserId(tokens.accessToken, 'shopify', '7000000000003')
		expect((await api.getExternalUserId(tokens.accessToken, 'shopify'))?.id).toBe('7000000000003')
		expect((await api.getMe(tokens)).shopifyId).toBe('7000000000003')
	})

	it('updates only an id that exists, and needs a token', async () => {
		const { tokens } = await activeUser('shop2')
		expect((await failure(api.updateExternalUserId(tokens.accessToken, 'other-shop', 'x'))).status).toBe(404)
		expect((await failure(api.getExternalUserId('not-a-token', 'shopify'))).status).toBe(401)
		expect((await failure(api.createExternalUserId(tokens.accessToken, 'bad service!', 'x'))).status).toBe(400)
	})
})
