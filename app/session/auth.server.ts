/**
 * Signing in and out, and fresh tokens for upstream calls (spec 2 §4).
 * remix-auth runs the strategies (the password form, the single sign-on);
 * the tokens they return live in the server-side session.
 */
import { decodeJwt } from 'jose'
import { redirect, type RouterContextProvider } from 'react-router'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { afterFlowSignIn, FLOW_PAGES, redirectPathOf } from '#app/domain/registration-flow.ts'
import { getEnv } from '#app/env.server.ts'
import { isMessagingAppBrowser, isSessionOverMessage, needsRefresh } from '#app/domain/session-rules.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { refreshTokens, saveTemporaryData } from '#app/upstream/account-identity.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { globalSignOut } from '#app/upstream/sso.server.ts'
import { endAccountSessions, replaceSession, type SessionCredentials } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

export interface Tokens {
	accessToken: string
	idToken: string
	refreshToken: string
}

/** Turns the upstream's tokens into what the session keeps, reading who and until when from the id token. */
export function sessionCredentials(tokens: Tokens, via: SessionCredentials['via']): SessionCredentials {
	const claims = decodeJwt(tokens.idToken)
	return {
		...tokens,
		expiresAt: (claims.exp ?? 0) * 1000,
		userId: String(claims.sub),
		email: String(claims.email ?? ''),
		via,
	}
}

/**
 * Signs in: a new session id carrying the tokens (the culture and theme cookies are untouched), the
 * registration card's model code and the registration flow kept. Answers where the user goes next:
 * `redirectTo`, or, for the first sign-in of the account the flow just activated, product interest
 * (step 4). A target given to that sign-in is kept as RedirectPathAfterSignup temporary data, so the
 * finish page (step 5) brings the user back to it.
 */
export async function startUserSession(
	context: Context,
	tokens: Tokens,
	via: SessionCredentials['via'],
	redirectTo = '/',
): Promise<string> {
	const session = await replaceSession(context as RouterContextProvider, ['mdl', 'registerFlow'])
	const credentials = sessionCredentials(tokens, via)
	session.set('credentials', credentials)
	const now = Date.now()
	session.set('signedInAt', now)
	session.set('seenAt', now)
	const flow = afterFlowSignIn(session.get('registerFlow'), credentials.email)
	if (!flow) return redirectTo
	session.set('registerFlow', flow)
	if (redirectPathOf({ path: redirectTo })) {
		// Best effort: the flow goes on without the way back if the account API cannot keep it.
		await saveTemporaryData(credentials.accessToken, credentials.userId, 'RedirectPathAfterSignup', {
			path: redirectTo,
		}).catch(() => {})
	}
	return FLOW_PAGES.productInterest
}

/** Signs out: a new, empty session; the caller adds the flash message it wants shown. */
export async function endUserSession(context: Context) {
	return replaceSession(context as RouterContextProvider)
}

/**
 * Signs the account out everywhere: upstream, the single sign-on's global sign-out revokes every
 * refresh token the account holds (the brand apps' too); here, every session of the account ends,
 * this one included (a new, empty one in its place). The upstream call is best effort: a failure is
 * logged, and the portal's sessions, which it alone can end, end all the same.
 */
export async function endEverySessionOf(context: Context, request: Request, credentials: SessionCredentials) {
	// The call needs a live access token; when none can be had (the refresh token is over), nothing
	// upstream is left for it to revoke through this session.
	const current = await requireCredentials(context, request).catch(() => credentials)
	try {
		await globalSignOut({ accessToken: current.accessToken })
	} catch (error) {
		console.error(`global sign-out failed: ${(error as Error).message}`)
	}
	await endAccountSessions(credentials.userId)
	return endUserSession(context)
}

/** The sign-in page, or the single sign-on for messaging-app browsers, remembering where the user was. */
export function signInRedirect(request: Request, target: string): Response {
	const to = isMessagingAppBrowser(request.headers.get('User-Agent')) ? '/oauth2/redirect' : '/login'
	return redirect(`${to}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`)
}

/** One refresh per session at a time: concurrent requests wait for the same one (spec 2 §4). */
const refreshing = new Map<string, Promise<SessionCredentials>>()

function refreshed(credentials: SessionCredentials, joinPending: boolean): Promise<SessionCredentials> {
	const key = credentials.refreshToken
	const current = refreshing.get(key)
	if (current && joinPending) return current
	const pending = refreshTokens(
		key,
		// Single sign-on tokens belong to its client: they refresh through the account API's client call.
		credentials.via === 'sso' ? { clientId: getEnv().SSO_CLIENT_ID } : {},
	).then((tokens) => sessionCredentials({ ...tokens, refreshToken: tokens.refreshToken ?? key }, credentials.via))
	refreshing.set(key, pending)
	void pending
		.finally(() => {
			if (refreshing.get(key) === pending) refreshing.delete(key)
		})
		.catch(() => {})
	return pending
}

function requestTarget(request: Request): string {
	const url = new URL(request.url)
	return url.pathname.replace(/\.data$/, '') + url.search
}

/**
 * The signed-in user's credentials, with an id token good for at least the
 * refresh margin: refreshed first when it is about to expire. When the refresh
 * token has expired or was revoked, the user is signed out and sent to sign in
 * again with the target remembered and the token-expired notice.
 */
export async function requireCredentials(context: Context, request: Request): Promise<SessionCredentials> {
	const credentials = context.get(sessionContext).get('credentials')
	if (!credentials) throw signInRedirect(request, requestTarget(request))
	if (!needsRefresh(credentials.expiresAt, Date.now())) return credentials
	return refreshCredentials(context, request, { joinPending: true })
}

/**
 * Fresh tokens for the signed-in user now, whatever their expiry: after a
 * change the id token names (the email), a refresh already under way may
 * carry the old claims, so it is not joined unless `joinPending` says so.
 * Signs out like `requireCredentials` when the refresh token is over.
 */
export async function refreshCredentials(
	context: Context,
	request: Request,
	{ joinPending = false }: { joinPending?: boolean } = {},
): Promise<SessionCredentials> {
	const session = context.get(sessionContext)
	const credentials = session.get('credentials')
	if (!credentials) throw signInRedirect(request, requestTarget(request))
	try {
		const fresh = await refreshed(credentials, joinPending)
		session.set('credentials', fresh)
		return fresh
	} catch (error) {
		if (isUpstreamError(error) && (isSessionOverMessage(error.message) || error.status === 401)) {
			const next = await endUserSession(context)
			next.flash('toast', { type: 'error', message: 'toast.tokenExpired' })
			throw signInRedirect(request, requestTarget(request))
		}
		throw error
	}
}
