/**
 * An upstream that refuses the session's tokens ends the session (spec 2 §4 and §8): the page the
 * user asked for is not shown with the refusal on it; the user is signed out and sent to sign in
 * again, the page kept. The loaders and actions that turn an upstream error into the user's answer
 * (`app/responses.server.ts`) note it here, and the HTTP client collects every refusal of a call made
 * with the user's tokens, however the page words it; the middleware, around them all, then answers.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { redirect, type MiddlewareFunction } from 'react-router'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { sessionEndFor, sessionEndPath, type SessionEnd } from '#app/domain/session-rules.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { collectingCredentialErrors } from '#app/upstream/credential-refusals.server.ts'
import type { UpstreamError } from '#app/upstream/errors.ts'
import { endUserSession } from './auth.server.ts'
import { hasCredentials } from './session.server.ts'

// Per request, without handing the router context to every loader's error path (dozens of them).
const scopes = new AsyncLocalStorage<{ end: SessionEnd | null }>()

/** Notes an upstream error a loader or action answers with: one that refuses the tokens ends the session. */
export function noteUpstreamError(error: UpstreamError): void {
	const scope = scopes.getStore()
	if (!scope || scope.end) return
	scope.end = sessionEndFor(error.message, error.code)
}

/** The page the request was for, as a browser would open it again (not React Router's data URL). */
function pageOf(url: URL): string {
	const pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '')
	const query = new URLSearchParams(url.search)
	query.delete('_routes')
	return pathname + (query.size ? `?${query}` : '')
}

/** After the session middleware: signs out and redirects when a noted upstream error ended the session. */
export const sessionEndMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	const scope: { end: SessionEnd | null } = { end: null }
	const { value: response, errors } = await collectingCredentialErrors(() => scopes.run(scope, next))
	// What the loaders and actions answered with first; else any refusal of the user's credentials.
	const end = scope.end ?? errors.map((e) => sessionEndFor(e.message, e.code)).find((e) => e !== null) ?? null
	if (!end || !hasCredentials(context.get(sessionContext))) return response
	const session = await endUserSession(context)
	if (end.notice) session.flash('toast', { type: 'error', message: end.notice })
	const to = sessionEndPath(end, request.headers.get('User-Agent'))
	return redirect(`${to}?${new URLSearchParams({ [REDIRECT_PARAM]: pageOf(url) })}`)
}
