/**
 * The emulated single sign-on (spec 2 §7): an authorization-code flow with
 * PKCE (S256) that a browser completes without JavaScript.
 *
 * - `GET oauth2/authorize`: with a live session cookie, a code for the client;
 *   else the sign-in page. JSON `{ redirectUrl }`, or a 302 for a browser.
 * - `GET|POST oauth2/login`: the sign-in page and its form (or JSON).
 * - `POST oauth2/token`: code + verifier → credentials.
 * - Sign-out, from the narrowest to the widest:
 *   `POST oauth2/logout/clients/{clientId}` {refreshToken}: signs one client out
 *   of the browser session the token came from (its refresh tokens revoked;
 *   the session stays, so other clients stay signed in);
 *   `POST oauth2/logout` {refreshToken} or the session cookie: ends that
 *   browser session and revokes what every client got through it;
 *   `POST oauth2/signout/clients` (access token): ends all the user's sessions
 *   and revokes everything the single sign-on issued them;
 *   `POST oauth2/globalSignOut` (access token): that, and every other refresh
 *   token of the user (account API sign-ins too).
 */
import express, { type Request, type Response } from 'express'
import { z } from 'zod'
import {
	AuthorizeQuerySchema,
	INVALID_CLIENT,
	LoginRequestSchema,
	RefreshTokenBodySchema,
	SESSION_INVALID,
	TokenRequestSchema,
	type AuthorizeQuery,
	type SignOutResult,
	type TokenResponseSchema,
	type RedirectUrlResponseSchema,
	type LoginResponseSchema,
} from '#app/upstream/contract/sso.ts'
import { AUTHENTICATION_ERRORS, authenticate, findUserById, migrateUsers, tokenSubject } from '../account/users.ts'
import { requireToken, sendError } from '../auth.ts'
import type { EmulatorContext, EmulatorService } from '../context.ts'
import { findClient, type SsoClient } from './clients.ts'
import { errorPage, loginPage, signedOutPage } from './pages.ts'
import {
	endSession,
	endUserSessions,
	findGrant,
	findLiveSession,
	issueCode,
	migrateSso,
	recordGrant,
	redeemCode,
	revokeClientGrants,
	SESSION_SECONDS,
	startSession,
} from './store.ts'

export const SESSION_COOKIE = 'sso_session'

function oauthError(res: Response, status: number, error: string, message: string, code?: string) {
	res.status(status).json({ error, message, ...(code ? { code } : {}) })
}

function wantsHtml(req: Request): boolean {
	return req.accepts(['json', 'html']) === 'html'
}

function sessionCookie(req: Request): string | undefined {
	for (const part of (req.get('Cookie') ?? '').split(';')) {
		const [name, ...value] = part.trim().split('=')
		if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='))
	}
	return undefined
}

/** The cookie lives on the single sign-on's own path, wherever the emulator is mounted. */
function cookieOptions(req: Request) {
	return { path: req.baseUrl || '/', httpOnly: true, sameSite: 'lax' as const, secure: req.secure }
}

type CheckedRequest =
	| { ok: true; request: AuthorizeQuery & { code_challenge_method: 'S256' }; client: SsoClient }
	| { ok: false; message: string; error: string }

/** Parses an authorization request and checks its client and redirect URI. */
function checkAuthorizationRequest(input: unknown): CheckedRequest {
	const parsed = AuthorizeQuerySchema.safeParse(input)
	if (!parsed.success) {
		const clientId = (input as Record<string, unknown> | undefined)?.client_id
		if (typeof clientId === 'string' && !findClient(clientId))
			return { ok: false, error: 'invalid_client', message: INVALID_CLIENT }
		return { ok: false, error: 'invalid_request', message: 'Invalid parameters.' }
	}
	const client = findClient(parsed.data.client_id)
	if (!client) return { ok: false, error: 'invalid_client', message: INVALID_CLIENT }
	if (!client.allowsRedirect(new URL(parsed.data.redirect_uri))) {
		return { ok: false, error: 'invalid_request', message: 'The redirect_uri is not registered for this client.' }
	}
	return { ok: true, request: parsed.data, client }
}

function redirectWithCode(
	ctx: EmulatorContext,
	request: AuthorizeQuery,
	session: { id: string; userId: string },
): string {
	const code = issueCode(ctx, {
		clientId: request.client_id,
		userId: session.userId,
		sessionId: session.id,
		redirectUri: request.redirect_uri,
		codeChallenge: request.code_challenge,
	})
	const url = new URL(request.redirect_uri)
	url.searchParams.set('code', code)
	url.searchParams.set('state', request.state)
	return url.toString()
}

function loginQuery(request: AuthorizeQuery): string {
	return new URLSearchParams({
		client_id: request.client_id,
		state: request.state,
		code_challenge: request.code_challenge,
		code_challenge_method: 'S256',
		redirect_uri: request.redirect_uri,
	}).toString()
}

function router(ctx: EmulatorContext) {
	const r = express.Router()
	const loginUrl = (request: AuthorizeQuery) =>
		`${ctx.emulatorUrl}${ssoService.mount}/oauth2/login?${loginQuery(request)}`

	r.get('/oauth2/authorize', (req, res) => {
		const html = wantsHtml(req)
		const checked = checkAuthorizationRequest(req.query)
		if (!checked.ok) {
			if (html) return res.status(400).type('html').send(errorPage('Sign-in request refused', checked.message))
			return oauthError(res, 400, checked.error, checked.message)
		}
		const session = findLiveSession(ctx, sessionCookie(req))
		res.set('Cache-Control', 'no-store')
		if (session) {
			const redirectUrl = redirectWithCode(ctx, checked.request, session)
			return html
				? res.redirect(302, redirectUrl)
				: res.json({ redirectUrl } satisfies z.input<typeof RedirectUrlResponseSchema>)
		}
		// Relative for a browser, so it stays on the host (and cookie) it came by.
		if (html) return res.redirect(302, `login?${loginQuery(checked.request)}`)
		res.json({ redirectUrl: loginUrl(checked.request) } satisfies z.input<typeof RedirectUrlResponseSchema>)
	})

	r.get('/oauth2/login', (req, res) => {
		const checked = checkAuthorizationRequest(req.query)
		res.set('Cache-Control', 'no-store')
		if (!checked.ok) return res.status(400).type('html').send(errorPage('Sign-in request refused', checked.message))
		const session = findLiveSession(ctx, sessionCookie(req))
		if (session) return res.redirect(302, redirectWithCode(ctx, checked.request, session))
		res.type('html').send(loginPage({ request: checked.request, clientName: checked.client.name }))
	})

	r.post('/oauth2/login', (req, res) => {
		const form = Boolean(req.is('application/x-www-form-urlencoded'))
		res.set('Cache-Control', 'no-store')
		if (form) return loginFromForm(req, res)
		const parsed = LoginRequestSchema.safeParse(req.body)
		if (!parsed.success) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		const { username, password, ...rest } = parsed.data
		let request: CheckedRequest | undefined
		if (rest.client_id !== undefined) {
			request = checkAuthorizationRequest(rest)
			if (!request.ok) return oauthError(res, 400, request.error, request.message)
		}
		const result = authenticate(ctx, username, password)
		if (!result.ok) {
			const failure = AUTHENTICATION_ERRORS[result.reason]
			return sendError(res, failure.status, failure.message, failure.code)
		}
		const session = signIn(req, res, result.user.id)
		const redirectUrl = request?.ok ? redirectWithCode(ctx, request.request, session) : null
		res.json({ redirectUrl } satisfies z.input<typeof LoginResponseSchema>)
	})

	function signIn(req: Request, res: Response, userId: string) {
		const previous = sessionCookie(req)
		if (previous) endSession(ctx, previous)
		const session = startSession(ctx, userId)
		res.cookie(SESSION_COOKIE, session.id, { ...cookieOptions(req), maxAge: SESSION_SECONDS * 1000 })
		return session
	}

	function loginFromForm(req: Request, res: Response) {
		const checked = checkAuthorizationRequest(req.body)
		if (!checked.ok) return res.status(400).type('html').send(errorPage('Sign-in request refused', checked.message))
		const credentials = z
			.object({ username: z.string().trim().min(1), password: z.string().min(1) })
			.safeParse(req.body)
		const username = typeof req.body?.username === 'string' ? req.body.username.trim() : ''
		const page = (status: number, error: string) =>
			res
				.status(status)
				.type('html')
				.send(loginPage({ request: checked.request, clientName: checked.client.name, username, error }))
		if (!credentials.success) return page(400, 'Enter your email address and password.')
		const result = authenticate(ctx, credentials.data.username, credentials.data.password)
		if (!result.ok) {
			const failure = AUTHENTICATION_ERRORS[result.reason]
			return page(failure.status, failure.message)
		}
		const session = signIn(req, res, result.user.id)
		res.redirect(302, redirectWithCode(ctx, checked.request, session))
	}

	r.post('/oauth2/token', async (req, res) => {
		res.set('Cache-Control', 'no-store')
		const parsed = TokenRequestSchema.safeParse(req.body)
		if (!parsed.success)
			return oauthError(res, 400, 'invalid_request', 'Invalid parameters.', 'InvalidParameterException')
		const { client_id: clientId, code, redirect_uri: redirectUri } = parsed.data
		if (!findClient(clientId)) return oauthError(res, 400, 'invalid_client', INVALID_CLIENT)
		const verifier = (parsed.data.codeVerifier ?? parsed.data.code_verifier)!
		const redemption = redeemCode(ctx, { clientId, code, verifier, redirectUri })
		const user = redemption.ok ? findUserById(ctx.db, redemption.userId) : undefined
		if (!redemption.ok || !user || user.status !== 'active')
			return oauthError(res, 400, 'invalid_grant', SESSION_INVALID)
		const tokens = await ctx.tokens.issue(tokenSubject(user), clientId)
		recordGrant(ctx, {
			code,
			refreshToken: tokens.refreshToken,
			userId: user.id,
			clientId,
			sessionId: redemption.sessionId,
		})
		const answer: z.input<typeof TokenResponseSchema> = {
			...tokens,
			access_token: tokens.accessToken,
			id_token: tokens.idToken,
			refresh_token: tokens.refreshToken,
			token_type: tokens.tokenType,
			expires_in: tokens.expiresIn,
		}
		res.json(answer)
	})

	r.post('/oauth2/logout/clients/:clientId', (req, res) => {
		const clientId = String(req.params.clientId)
		if (!findClient(clientId)) return oauthError(res, 400, 'invalid_client', INVALID_CLIENT)
		const body = RefreshTokenBodySchema.safeParse(req.body)
		if (!body.success)
			return oauthError(res, 400, 'invalid_request', 'Invalid parameters.', 'InvalidParameterException')
		const grant = findGrant(ctx, body.data.refreshToken)
		if (!grant || grant.clientId !== clientId) return oauthError(res, 400, 'invalid_grant', 'Invalid Refresh Token')
		const revokedTokens = revokeClientGrants(ctx, grant.sessionId, clientId)
		res.json({ signedOut: true, endedSessions: 0, revokedTokens } satisfies SignOutResult)
	})

	r.post('/oauth2/logout', (req, res) => {
		const html = wantsHtml(req)
		const token = RefreshTokenBodySchema.safeParse(req.body ?? {})
		const cookie = sessionCookie(req)
		let sessionId: string | undefined
		if (token.success) {
			const grant = findGrant(ctx, token.data.refreshToken)
			if (!grant) return oauthError(res, 400, 'invalid_grant', 'Invalid Refresh Token')
			sessionId = grant.sessionId
		} else {
			sessionId = cookie
		}
		if (!sessionId) return oauthError(res, 400, 'invalid_request', 'Invalid parameters.', 'InvalidParameterException')
		const result = endSession(ctx, sessionId)
		if (cookie === sessionId) res.clearCookie(SESSION_COOKIE, cookieOptions(req))
		if (html) return res.type('html').send(signedOutPage())
		res.json({ signedOut: true, ...result } satisfies SignOutResult)
	})

	r.post('/oauth2/signout/clients', requireToken(ctx, 'access'), (req, res) => {
		const result = endUserSessions(ctx, String(res.locals.userId))
		res.json({ signedOut: true, ...result } satisfies SignOutResult)
	})

	r.post('/oauth2/globalSignOut', requireToken(ctx, 'access'), (req, res) => {
		const userId = String(res.locals.userId)
		const result = endUserSessions(ctx, userId)
		// The account API's own sign-ins hold refresh tokens too; count them before revoking them all.
		const others = ctx.db
			.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked = 0 AND expires_at > ?')
			.get(userId, ctx.clock.now()) as { n: number }
		ctx.tokens.revokeAll(userId)
		res.json({
			signedOut: true,
			endedSessions: result.endedSessions,
			revokedTokens: result.revokedTokens + others.n,
		} satisfies SignOutResult)
	})

	return r
}

export const ssoService: EmulatorService = {
	name: 'single sign-on',
	mount: '/sso',
	migrate(ctx) {
		// Sign-in checks the account API's users; its table may not be made yet when this runs alone.
		migrateUsers(ctx.db)
		migrateSso(ctx)
	},
	router,
}
