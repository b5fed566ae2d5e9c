import { describe, expect, it } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import {
	deleteUser,
	getExternalUserId,
	getMe,
	getTemporaryData,
	refreshTokens,
	signin,
	signup,
} from './account-identity.server.ts'
import { userMessageKey } from './errors.ts'

const tokens = { accessToken: 'access-token', idToken: 'header.e30.signature' }

describeNormalisation('getMe (GET me)', {
	upstream: 'account',
	method: 'get',
	path: 'me',
	call: (signal) => getMe(tokens, { signal }),
	wrongShape: { id: 7, email: 'owner@example.com' },
	received: (request) => expect(request.headers.get('authorization')).toBe('access-token'),
})

describeNormalisation('signin (POST signin, signed header)', {
	upstream: 'account',
	method: 'post',
	path: 'signin',
	call: (signal) => signin({ email: 'owner@example.com', password: 'Owner1234' }, { signal }),
	wrongShape: { accessToken: 42 },
	received: (request) => {
		expect(request.headers.get('x-rcp-security-token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
		expect(request.json).toEqual({ email: 'owner@example.com', password: 'Owner1234' })
	},
})

describeNormalisation('deleteUser (POST users/{id}/linkage/delete)', {
	upstream: 'account',
	method: 'post',
	path: 'users/u1/linkage/delete',
	call: (signal) => deleteUser('id-token', 'u1', { signal }),
	wrongShape: { id: 'u1', deleted: false },
	received: (request) => expect(request.headers.get('authorization')).toBe('id-token'),
})

describe('account identity calls: their own handling of failures', () => {
	it("refuses credentials without all three tokens as 'No credentials'", async () => {
		account.post('signin', reply.json({ accessToken: 'a', idToken: 'i' }))
		const error = await failure(signin({ email: 'owner@example.com', password: 'Owner1234' }))
		expect(error).toMatchObject({ upstream: 'account', kind: 'malformed', message: 'No credentials' })
	})

	it('accepts the upper-camel credentials of the app-client calls', async () => {
		account.post('signin', reply.json({ AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', ExpiresIn: 3600 }))
		expect(await signin({ email: 'owner@example.com', password: 'Owner1234' })).toEqual({
			accessToken: 'a',
			idToken: 'i',
			refreshToken: 'r',
			tokenType: 'Bearer',
			expiresIn: 3600,
		})
	})

	it("keeps 'Invalid Credentials' as the upstream said it", async () => {
		account.post('signin', reply.json({ message: 'Invalid Credentials', code: 'NotAuthorizedException' }, 400))
		const error = await failure(signin({ email: 'owner@example.com', password: 'wrong' }))
		expect(error).toMatchObject({ status: 400, code: 'NotAuthorizedException', message: 'Invalid Credentials' })
	})

	it('sends only the fields the sign-up contract names', async () => {
		const hit = account.post('signup', reply.json({ message: 'An account with the given email already exists.' }, 400))
		const input = {
			firstName: 'Ann',
			lastName: 'Owner',
			email: 'ann@example.com',
			password: 'Owner1234',
			cultureCode: 'en-US',
			allowEmail: false,
			mailFormatType: 'html' as const,
			country: 'US',
			passwordConfirmation: 'Owner1234',
		}
		const error = await failure(signup(input))
		expect(error.message).toBe('An account with the given email already exists.')
		expect(hit.last.json).not.toHaveProperty('passwordConfirmation')
		expect(hit.last.json).toMatchObject({ email: 'ann@example.com', country: 'US' })
	})

	it('reports an expired refresh token so the session signs out', async () => {
		const hit = account.post('tokens/refresh', reply.json({ message: 'Refresh Token has expired' }, 400))
		const error = await failure(refreshTokens('old-refresh'))
		expect(error).toMatchObject({ status: 400, message: 'Refresh Token has expired' })
		expect(userMessageKey(error)).toBe('toast.tokenExpired')
		expect(hit.last.json).toEqual({ token: 'old-refresh' })
	})

	it('keeps the refresh token it has when the answer carries none', async () => {
		const hit = account.post(
			'client/portal/tokens/refresh',
			reply.json({ accessToken: 'a2', idToken: 'i2', expiresIn: 3600 }),
		)
		expect(await refreshTokens('old-refresh', { clientId: 'portal' })).toMatchObject({
			accessToken: 'a2',
			refreshToken: 'old-refresh',
		})
		expect(hit.calls).toHaveLength(1)
	})

	it('reads a 404 of kept data as nothing kept, and any other failure as a failure', async () => {
		account.get('temporaryData/u1/RedirectPathAfterSignup', reply.json({ message: 'Not found' }, 404))
		expect(await getTemporaryData('access-token', 'u1', 'RedirectPathAfterSignup')).toBeNull()
		account.get('temporaryData/u1/RedirectPathAfterSignup', reply.text('Service Unavailable', 503, 'text/plain'))
		const error = await failure(getTemporaryData('access-token', 'u1', 'RedirectPathAfterSignup'))
		expect(error).toMatchObject({ status: 503, message: 'Request failed with status code 503' })
	})

	it('reads a 404 of an external user id as none, and a dropped connection as a failure', async () => {
		account.get('externalUserId/services/shopify', reply.json({ error: 'Not Found' }, 404))
		expect(await getExternalUserId('access-token', 'shopify')).toBeNull()
		account.get('externalUserId/services/shopify', reply.drop())
		expect((await failure(getExternalUserId('access-token', 'shopify'))).kind).toBe('network')
	})

	it('sends path segments encoded, so an id cannot reach another call', async () => {
		const hit = account.post('users/a%2Fb/linkage/delete', reply.json({ id: 'a/b', deleted: true }))
		await deleteUser('id-token', 'a/b')
		expect(hit.last.url.pathname).toBe('/api/v1/users/a%2Fb/linkage/delete')
	})
})
