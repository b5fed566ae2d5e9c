/**
 * The single sign-on upstream (spec 2 §7 'Single sign-on'): an OAuth 2
 * authorization-code flow with PKCE (S256). Request and answer bodies of every
 * call; the emulator answers with these and the client parses with them.
 *
 * The spec shows only the call names and parameters. Designed here:
 * - authorize and login answer `{ redirectUrl }`;
 * - the token endpoint answers the spec's credential names and, beside them,
 *   the OAuth 2 names (`access_token`…), so a standard OAuth 2 client
 *   (remix-auth-oauth2) can use the same endpoint; it also accepts
 *   `code_verifier` and `grant_type` as such a client sends them;
 * - the sign-out calls: the ones that act on one browser session or one client
 *   take the refresh token (it names the grant), the ones that act on the whole
 *   user take the access token in Authorization (it names the user), and all
 *   answer a `SignOutResult`.
 */
import { z } from 'zod'

/** Spec 2 §7: a state or verifier mismatch yields this. */
export const SESSION_INVALID = 'Session is invalid'
/** Spec 2 §8. */
export const INVALID_CLIENT = 'Failed: Invalid client ID'
/** An authorization code is single-use and lives 5 minutes. */
export const AUTHORIZATION_CODE_SECONDS = 5 * 60

/** RFC 7636: the S256 challenge is the base64url SHA-256 of the verifier, 43 characters. */
export const CodeChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
/** RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~]. */
export const CodeVerifierSchema = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/)

const httpUrl = z.url({ protocol: /^https?$/ })

/** `GET oauth2/authorize`: the authorization request, in the query. */
export const AuthorizeQuerySchema = z.object({
	client_id: z.string().min(1).max(128),
	state: z.string().min(1).max(1024),
	code_challenge: CodeChallengeSchema,
	redirect_uri: httpUrl,
	code_challenge_method: z.literal('S256').default('S256'),
	/** Sent by standard OAuth 2 clients; only `code` is supported. */
	response_type: z.literal('code').optional(),
	scope: z.string().max(1024).optional(),
})
export type AuthorizeQuery = z.input<typeof AuthorizeQuerySchema>

/** Where the browser goes next: the client's redirect_uri with `code` and `state`, or the sign-in page. */
export const RedirectUrlResponseSchema = z.object({ redirectUrl: httpUrl })

/**
 * `POST oauth2/login` (form from the sign-in page, or JSON): the credentials
 * and, optionally, the authorization request being completed. Without one it
 * only starts the single sign-on session.
 */
export const LoginRequestSchema = z
	.object({
		username: z.string().trim().min(1).max(254),
		password: z.string().min(1).max(256),
		client_id: z.string().min(1).max(128).optional(),
		state: z.string().min(1).max(1024).optional(),
		code_challenge: CodeChallengeSchema.optional(),
		code_challenge_method: z.literal('S256').optional(),
		redirect_uri: httpUrl.optional(),
	})
	.refine(
		(v) =>
			[v.client_id, v.state, v.code_challenge, v.redirect_uri].every((x) => x === undefined) ||
			[v.client_id, v.state, v.code_challenge, v.redirect_uri].every((x) => x !== undefined),
		{ message: 'An authorization request needs client_id, state, code_challenge and redirect_uri together' },
	)
export type LoginRequest = z.input<typeof LoginRequestSchema>

/** The redirect URL with the code; null when the login carried no authorization request. */
export const LoginResponseSchema = z.object({ redirectUrl: httpUrl.nullable() })

/** `POST oauth2/token` (JSON or form). */
export const TokenRequestSchema = z
	.object({
		client_id: z.string().min(1).max(128),
		code: z.string().min(1).max(256),
		codeVerifier: z.string().min(1).max(256).optional(),
		/** The OAuth 2 name of codeVerifier. */
		code_verifier: z.string().min(1).max(256).optional(),
		grant_type: z.literal('authorization_code').optional(),
		/** When sent, it must be the redirect_uri of the authorization request. */
		redirect_uri: z.string().optional(),
	})
	.refine((v) => v.codeVerifier !== undefined || v.code_verifier !== undefined, {
		message: 'codeVerifier is required',
		path: ['codeVerifier'],
	})
export type TokenRequest = z.input<typeof TokenRequestSchema>

/** Spec 2 §3 credentials; valid only when all three tokens are present. */
export const CredentialsSchema = z.object({
	accessToken: z.string().min(1),
	idToken: z.string().min(1),
	refreshToken: z.string().min(1),
	tokenType: z.string().min(1),
	expiresIn: z.number().int().positive(),
})
export type Credentials = z.infer<typeof CredentialsSchema>

/** What the token endpoint answers: the spec's names plus the OAuth 2 names. */
export const TokenResponseSchema = CredentialsSchema.extend({
	access_token: z.string().min(1),
	id_token: z.string().min(1),
	refresh_token: z.string().min(1),
	token_type: z.string().min(1),
	expires_in: z.number().int().positive(),
})

const CREDENTIAL_NAMES = {
	accessToken: ['accessToken', 'AccessToken', 'access_token'],
	idToken: ['idToken', 'IdToken', 'id_token'],
	refreshToken: ['refreshToken', 'RefreshToken', 'refresh_token'],
	tokenType: ['tokenType', 'TokenType', 'token_type'],
	expiresIn: ['expiresIn', 'ExpiresIn', 'expires_in'],
} as const

/** Spec 2 §3: the server may send upper-camel (or OAuth 2) names; they are normalised. */
export function normaliseCredentials(value: unknown): unknown {
	if (!value || typeof value !== 'object') return value
	const record = value as Record<string, unknown>
	const out: Record<string, unknown> = {}
	for (const [name, aliases] of Object.entries(CREDENTIAL_NAMES)) {
		const found = aliases.map((a) => record[a]).find((v) => v !== undefined && v !== null)
		if (found !== undefined) out[name] = found
	}
	return out
}

/** Parses any spelling of the credentials into the spec's names. */
export const NormalisedCredentialsSchema = z.preprocess(normaliseCredentials, CredentialsSchema)

/**
 * `POST oauth2/logout` and `POST oauth2/logout/clients/{clientId}` (a browser may send neither and
 * rely on its cookie for logout).
 */
export const RefreshTokenBodySchema = z.object({ refreshToken: z.string().min(1).max(4096) })

/** The answer of every sign-out call. */
export const SignOutResultSchema = z.object({
	signedOut: z.literal(true),
	/** Single sign-on browser sessions ended. */
	endedSessions: z.number().int().min(0),
	/** Refresh tokens revoked by this call. */
	revokedTokens: z.number().int().min(0),
})
export type SignOutResult = z.infer<typeof SignOutResultSchema>

/** Error answers: `{ error, message }` (OAuth 2 error names), plus `code` where the account API has one. */
export const SsoErrorSchema = z.object({
	error: z.string().optional(),
	message: z.string(),
	code: z.string().optional(),
})
