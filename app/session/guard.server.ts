/**
 * The session for each request, and the route guard of spec 1 §2 that runs
 * before every screen.
 */
import { matchPath, redirect, type MiddlewareFunction } from 'react-router'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { requiresLogin, screenForPath } from '#app/domain/screens.ts'
import { screenContext, sessionContext } from '#app/request-context.server.ts'
import { commitSession, getSession, hasCredentials } from './session.server.ts'

const MODEL_CODE = /^[A-Za-z0-9_-]{1,32}$/

/**
 * Loads the session and saves it after the response is made, only when it
 * changed: a visitor who never gets a flash or a token gets no cookie.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	const session = await getSession(request.headers.get('Cookie'))
	const before = JSON.stringify(session.data)
	const mdl = url.searchParams.get('mdl')
	if (mdl && MODEL_CODE.test(mdl)) session.set('mdl', mdl)
	context.set(sessionContext, session)
	const response = await next()
	if (JSON.stringify(session.data) !== before) {
		response.headers.append('Set-Cookie', await commitSession(session))
	}
	return response
}

/**
 * Screens not in the no-login list need credentials. Without them the user is
 * signed out and sent to /login, the target remembered; with `sso=1` in the
 * query, to /oauth2/redirect instead.
 */
export const guardMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
	const screen = screenForPath(url.pathname, (pattern, pathname) => matchPath(pattern, pathname) !== null)
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
