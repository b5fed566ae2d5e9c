/**
 * remix-auth strategies: the password form and the single sign-on
 * (authorization code with PKCE against the spec's `oauth2/*` calls, whose
 * authorize answers JSON and whose token call takes `codeVerifier`, so the
 * stock OAuth2 strategy does not fit).
 */
import { randomBytes } from 'node:crypto'
import { parseWithZod, type SubmissionResult } from '@conform-to/zod/v4'
import { createCookie, redirectDocument } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { Strategy } from 'remix-auth/strategy'
import { LoginSchema } from '#app/domain/account-forms.ts'
import { REDIRECT_PARAM, safeReturnPath } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { signin } from '#app/upstream/account-identity.server.ts'
import { authorize, createPkcePair, exchangeCode } from '#app/upstream/sso.server.ts'
import type { Tokens } from './auth.server.ts'

/** The login form was not valid: the action shows it again with these errors. */
export class InvalidForm extends Error {
	readonly result: SubmissionResult
	constructor(result: SubmissionResult) {
		super('Invalid form')
		this.result = result
	}
}

/** A single sign-on answer whose state or verifier does not match what we sent. */
export class SsoSessionInvalid extends Error {
	constructor() {
		super('Session is invalid')
	}
}

export interface SignedIn {
	tokens: Tokens
	/** Where to go next: the remembered target. */
	redirectTo: string
	via: 'password' | 'sso'
}

/** What the single sign-on round trip must remember: short-lived, signed, HttpOnly. */
const pkceCookie = createCookie('__sso', {
	httpOnly: true,
	sameSite: 'lax',
	path: '/oauth2',
	maxAge: 600,
	secure: getEnv().NODE_ENV === 'production',
	secrets: getEnv().SESSION_SECRETS,
})

class SsoStrategy extends Strategy<SignedIn, never> {
	name = 'sso'

	async authenticate(request: Request): Promise<SignedIn> {
		const url = new URL(request.url)
		const env = getEnv()
		const redirectUri = `${env.PORTAL_URL}/oauth2/redirect`
		const code = url.searchParams.get('code')
		if (!code) {
			const state = randomBytes(16).toString('base64url')
			const { codeVerifier: verifier, codeChallenge } = createPkcePair()
			const { redirectUrl } = await authorize({ clientId: env.SSO_CLIENT_ID, state, codeChallenge, redirectUri })
			const redirectTo = safeReturnPath(url.searchParams.get(REDIRECT_PARAM))
			// A whole-page redirect: the sign-on is not a route of this app (the emulator's is even on
			// this origin, where a client-side navigation would end on the not-found screen).
			throw redirectDocument(redirectUrl, {
				headers: { 'Set-Cookie': await pkceCookie.serialize({ state, verifier, redirectTo }) },
			})
		}
		const saved = (await pkceCookie.parse(request.headers.get('Cookie'))) as {
			state?: string
			verifier?: string
			redirectTo?: string
		} | null
		if (!saved?.state || !saved.verifier || saved.state !== url.searchParams.get('state')) throw new SsoSessionInvalid()
		const tokens = await exchangeCode({ clientId: env.SSO_CLIENT_ID, code, codeVerifier: saved.verifier })
		return { tokens: requireTokens(tokens), redirectTo: safeReturnPath(saved.redirectTo), via: 'sso' }
	}
}

function requireTokens(tokens: Partial<Tokens>): Tokens {
	if (!tokens.accessToken || !tokens.idToken || !tokens.refreshToken) throw new Error('No credentials')
	return { accessToken: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken }
}

export const authenticator = new Authenticator<SignedIn>()

authenticator.use(
	new FormStrategy<SignedIn>(async ({ form }) => {
		const submission = parseWithZod(form, { schema: LoginSchema })
		if (submission.status !== 'success') throw new InvalidForm(submission.reply({ hideFields: ['password'] }))
		const tokens = await signin({ email: submission.value.email, password: submission.value.password })
		return { tokens: requireTokens(tokens), redirectTo: safeReturnPath(submission.value.redirectTo), via: 'password' }
	}),
	'password',
)
authenticator.use(new SsoStrategy(() => Promise.reject(new Error('unused'))), 'sso')

/** Clears the single sign-on round trip's cookie once it is spent. */
export function clearPkceCookie() {
	return pkceCookie.serialize('', { maxAge: 0 })
}
