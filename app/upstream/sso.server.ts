/**
 * The single sign-on client (spec 2 §7): authorization code with PKCE (S256).
 * Shapes and the sign-out design are in `contract/sso.ts`.
 */
import { createHash, randomBytes } from 'node:crypto'
import { upstreamBaseUrl } from './config.server.ts'
import {
	LoginResponseSchema,
	NormalisedCredentialsSchema,
	RedirectUrlResponseSchema,
	SignOutResultSchema,
	type Credentials,
	type SignOutResult,
} from './contract/sso.ts'
import { upstreamRequest } from './http.server.ts'

interface CallOptions {
	signal?: AbortSignal
}

export interface AuthorizationRequest {
	clientId: string
	state: string
	codeChallenge: string
	redirectUri: string
}

function authorizationQuery(request: AuthorizationRequest) {
	return {
		client_id: request.clientId,
		state: request.state,
		code_challenge: request.codeChallenge,
		code_challenge_method: 'S256',
		redirect_uri: request.redirectUri,
	}
}

/** A PKCE verifier (RFC 7636: 43 characters of base64url) and its S256 challenge. */
export function createPkcePair(): { codeVerifier: string; codeChallenge: string } {
	const codeVerifier = randomBytes(32).toString('base64url')
	return { codeVerifier, codeChallenge: codeChallengeS256(codeVerifier) }
}

export function codeChallengeS256(codeVerifier: string): string {
	return createHash('sha256').update(codeVerifier).digest('base64url')
}

/**
 * The authorize URL a browser can be sent to directly: there the single
 * sign-on sees its own session cookie and answers with a redirect.
 */
export function authorizeUrl(request: AuthorizationRequest): string {
	const url = new URL('oauth2/authorize', upstreamBaseUrl('sso'))
	for (const [key, value] of Object.entries(authorizationQuery(request))) url.searchParams.set(key, value)
	return url.toString()
}

/** `GET oauth2/authorize`: where to send the browser (its sign-in page, from a server that holds no session cookie). */
export async function authorize(
	request: AuthorizationRequest,
	options: CallOptions = {},
): Promise<{ redirectUrl: string }> {
	return upstreamRequest('sso', {
		path: 'oauth2/authorize',
		query: authorizationQuery(request),
		schema: RedirectUrlResponseSchema,
		signal: options.signal,
	})
}

/**
 * `POST oauth2/login`: checks the credentials and starts a single sign-on
 * session; with an authorization request, answers the redirect URL carrying
 * the code, else `redirectUrl: null`.
 */
export async function login(
	credentials: { username: string; password: string } & Partial<AuthorizationRequest>,
	options: CallOptions = {},
): Promise<{ redirectUrl: string | null }> {
	const { username, password, clientId, state, codeChallenge, redirectUri } = credentials
	const request =
		clientId && state && codeChallenge && redirectUri
			? authorizationQuery({ clientId, state, codeChallenge, redirectUri })
			: {}
	return upstreamRequest('sso', {
		method: 'POST',
		path: 'oauth2/login',
		body: { username, password, ...request },
		schema: LoginResponseSchema,
		signal: options.signal,
	})
}

/** `POST oauth2/token`: the code and its verifier for credentials. A mismatch is 'Session is invalid'. */
export async function exchangeCode(
	params: { clientId: string; code: string; codeVerifier: string },
	options: CallOptions = {},
): Promise<Credentials> {
	return upstreamRequest('sso', {
		method: 'POST',
		path: 'oauth2/token',
		body: { client_id: params.clientId, code: params.code, codeVerifier: params.codeVerifier },
		schema: NormalisedCredentialsSchema,
		signal: options.signal,
	})
}

/** `POST oauth2/logout/clients/{clientId}`: signs one client out of the browser session its refresh token came from. */
export async function logoutClient(
	clientId: string,
	params: { refreshToken: string },
	options: CallOptions = {},
): Promise<SignOutResult> {
	return upstreamRequest('sso', {
		method: 'POST',
		path: `oauth2/logout/clients/${encodeURIComponent(clientId)}`,
		body: { refreshToken: params.refreshToken },
		schema: SignOutResultSchema,
		signal: options.signal,
	})
}

/** `POST oauth2/logout`: ends the single sign-on session the refresh token came from, for every client. */
export async function logout(params: { refreshToken: string }, options: CallOptions = {}): Promise<SignOutResult> {
	return upstreamRequest('sso', {
		method: 'POST',
		path: 'oauth2/logout',
		body: { refreshToken: params.refreshToken },
		schema: SignOutResultSchema,
		signal: options.signal,
	})
}

/** `POST oauth2/signout/clients`: ends every single sign-on session of the user and revokes what it issued them. */
export async function signoutClients(
	params: { accessToken: string },
	options: CallOptions = {},
): Promise<SignOutResult> {
	return upstreamRequest('sso', {
		method: 'POST',
		path: 'oauth2/signout/clients',
		auth: { kind: 'access', token: params.accessToken },
		schema: SignOutResultSchema,
		signal: options.signal,
	})
}

/** `POST oauth2/globalSignOut`: as signoutClients, and revokes every other refresh token of the user. */
export async function globalSignOut(
	params: { accessToken: string },
	options: CallOptions = {},
): Promise<SignOutResult> {
	return upstreamRequest('sso', {
		method: 'POST',
		path: 'oauth2/globalSignOut',
		auth: { kind: 'access', token: params.accessToken },
		schema: SignOutResultSchema,
		signal: options.signal,
	})
}
