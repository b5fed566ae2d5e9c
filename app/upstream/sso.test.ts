import { describe, expect, it } from 'vitest'
import { reply, sso } from '#tests/mocks/handlers.ts'
import { describeNormalisation, failure } from '#tests/mocks/normalisation.ts'
import { userMessageKey } from './errors.ts'
import { authorize, exchangeCode, globalSignOut, login, logoutClient } from './sso.server.ts'

const request = { clientId: 'portal', state: 's1', codeChallenge: 'c1', redirectUri: 'http://portal.test/sso/callback' }

describeNormalisation('authorize (GET oauth2/authorize)', {
	upstream: 'sso',
	method: 'get',
	path: 'oauth2/authorize',
	call: (signal) => authorize(request, { signal }),
	wrongShape: { redirectUrl: 'javascript:alert(1)' },
	received: (r) =>
		expect(Object.fromEntries(r.url.searchParams)).toEqual({
			client_id: 'portal',
			state: 's1',
			code_challenge: 'c1',
			code_challenge_method: 'S256',
			redirect_uri: 'http://portal.test/sso/callback',
		}),
})

describeNormalisation('exchangeCode (POST oauth2/token)', {
	upstream: 'sso',
	method: 'post',
	path: 'oauth2/token',
	call: (signal) => exchangeCode({ clientId: 'portal', code: 'code-1', codeVerifier: 'verifier-1' }, { signal }),
	wrongShape: { access_token: 'a', id_token: 'i' },
	received: (r) => expect(r.json).toEqual({ client_id: 'portal', code: 'code-1', codeVerifier: 'verifier-1' }),
})

describeNormalisation('globalSignOut (POST oauth2/globalSignOut)', {
	upstream: 'sso',
	method: 'post',
	path: 'oauth2/globalSignOut',
	call: (signal) => globalSignOut({ accessToken: 'access-token' }, { signal }),
	wrongShape: { signedOut: false, endedSessions: 0, revokedTokens: 0 },
	received: (r) => expect(r.headers.get('authorization')).toBe('access-token'),
})

describe('single sign-on calls: their own handling of failures', () => {
	it("keeps 'Session is invalid' for a state or verifier mismatch (spec 2 §7)", async () => {
		sso.post('oauth2/token', reply.json({ error: 'invalid_grant', message: 'Session is invalid' }, 400))
		const error = await failure(exchangeCode({ clientId: 'portal', code: 'code-1', codeVerifier: 'other' }))
		expect(error).toMatchObject({ upstream: 'sso', status: 400, message: 'Session is invalid' })
		expect(userMessageKey(error)).toBe('toast.exception')
	})

	it('takes the OAuth 2 error name when there is no message', async () => {
		sso.post('oauth2/token', reply.json({ error: 'invalid_client' }, 401))
		expect((await failure(exchangeCode({ clientId: 'x', code: 'c', codeVerifier: 'v' }))).message).toBe(
			'invalid_client',
		)
	})

	it('accepts the OAuth 2 names of the credentials', async () => {
		sso.post(
			'oauth2/token',
			reply.json({ access_token: 'a', id_token: 'i', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 }),
		)
		expect(await exchangeCode({ clientId: 'portal', code: 'c', codeVerifier: 'v' })).toEqual({
			accessToken: 'a',
			idToken: 'i',
			refreshToken: 'r',
			tokenType: 'Bearer',
			expiresIn: 3600,
		})
	})

	it('sends the credentials and the authorization request to sign in, and keeps its refusal', async () => {
		const hit = sso.post('oauth2/login', reply.json({ message: 'Invalid Credentials' }, 401))
		const error = await failure(login({ username: 'owner@example.com', password: 'nope', ...request }))
		expect(error).toMatchObject({ status: 401, message: 'Invalid Credentials' })
		expect(hit.last.json).toMatchObject({ username: 'owner@example.com', client_id: 'portal', state: 's1' })
	})

	it('signs one client out with the refresh token in the body', async () => {
		const hit = sso.post('oauth2/logout/clients/portal', reply.json({ message: 'Refresh Token has been revoked' }, 400))
		const error = await failure(logoutClient('portal', { refreshToken: 'refresh-1' }))
		expect(userMessageKey(error)).toBe('toast.tokenExpired')
		expect(hit.last.json).toEqual({ refreshToken: 'refresh-1' })
	})
})
