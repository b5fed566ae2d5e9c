/**
 * The session for each request, and the route guard of spec 1 §2 that runs
 * before every screen.
 */
import { data, redirect, type MiddlewareFunction } from 'react-router'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { requiresLogin, screenForPattern } from '#app/domain/screens.ts'
import { screenContext, sessionContext } from '#app/request-context.server.ts'
import { isStoreUnavailable } from '#app/store/redis.ts'
import { commitSession, destroySession, getSession, hasCredentials } from './session.server.ts'
import { storeConnected } from './store.server.ts'

const MODEL_CODE = /^[A-Za-z0-9_-]{1,32}$/

/**
 * Loads the session and saves it after the response is made, only when it
 * changed: a visitor who never gets a flash or a token gets no cookie. A
 * handler that replaced the session (sign-in, sign-out: `replaceSession`)
 * gets the new one saved under a new id and the old one deleted.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	if (!READS.has(request.method) && !(await storeConnected())) throw storeAway()
	const original = await storeAnswers(getSession(request.headers.get('Cookie')))
	const before = JSON.stringify(original.data)
	const mdl = url.searchParams.get('mdl')
	if (mdl && MODEL_CODE.test(mdl)) original.set('mdl', mdl)
	context.set(sessionContext, original)
	const response = await next()
	const current = context.get(sessionContext)
	if (current !== original) {
		const expired = await storeAnswers(destroySession(original))
		const empty = Object.keys(current.data).length === 0
		response.headers.append('Set-Cookie', empty ? expired : await storeAnswers(commitSession(current)))
	} else if (JSON.stringify(original.data) !== before) {
		response.headers.append('Set-Cookie', await storeAnswers(commitSession(original)))
	}
	return response
}

/**
 * The session store away (Redis down or hanging, ADR 0049): the page answers 503 with the spec's
 * message for an outage at once, rather than a 500 or a page without the visitor's session. A sign-in
 * whose session cannot be saved is no sign-in: it answers the same.
 */
async function storeAnswers<T>(work: Promise<T>): Promise<T> {
	try {
		return await work
	} catch (error) {
		if (isStoreUnavailable(error)) throw storeAway()
		throw error
	}
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
const storeAway = () => data({ errorKey: 'toast.tryAgain' }, { status: 503 })

/**
 * Screens not in the no-login list need credentials. Without them the user is
 * signed out and sent to /login, the target remembered; with `sso=1` in the
 * query, to /oauth2/redirect instead.
 */
export const guardMiddleware: MiddlewareFunction<Response> = async ({ url, context, pattern }, next) => {
	const screen = screenForPattern(pattern)
	context.set(screenContext, screen)
	if (requiresLogin(screen)) {
		const session = context.get(sessionContext)
		if (!hasCredentials(session)) {
			session.unset('credentials')
			const sso = url.searchParams.get('sso') === '1'
			const query = new URLSearchParams(url.search)
			query.delete('sso')
			const target = url.pathname + (query.size ? `?${query}` : '')
			const to = sso ? '/oauth2/redirect' : '/login'
			throw redirect(`${to}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`)
		}
	}
	return next()
}
