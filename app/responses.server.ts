/**
 * How actions answer (architecture: post/redirect/get): a redirect with a
 * flash message on success; the form again with its errors and a 4xx on
 * failure, keeping what was typed except passwords.
 */
import type { Submission } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { accountErrorKey, type AccountFlow } from '#app/domain/account-errors.ts'
import { isAfterPost } from '#app/forms/form-body.server.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { isOutage, isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { noteUpstreamError } from '#app/session/session-end.server.ts'
import type { Toast } from '#app/session/session.server.ts'
import type { CatalogueKey } from '#app/ui/i18n.tsx'

/** Form fields never sent back to the browser. */
export const SECRET_FIELDS = ['password', 'passwordConfirm', 'currentPassword', 'newPassword', 'newPasswordConfirm']

export function redirectWithToast(
	context: Readonly<RouterContextProvider>,
	to: string,
	toast: Toast,
	init?: ResponseInit,
) {
	context.get(sessionContext).flash('toast', toast)
	return redirect(to, init)
}

/** The form's own errors (400). */
export function invalidForm(submission: Submission<unknown>, extra: Record<string, unknown> = {}) {
	return data({ result: submission.reply({ hideFields: SECRET_FIELDS }), ...extra }, { status: 400 })
}

/**
 * A failed upstream call, told in the spec's words on the form. Errors the
 * user can fix answer 400; an upstream outage answers 503 so the form can be
 * sent again as it is; an attempt limit 429 (`retryAfterMiddleware` adds `Retry-After` when it is ours).
 */
export function upstreamFailure(
	flow: AccountFlow,
	submission: Submission<unknown>,
	error: unknown,
	extra: Record<string, unknown> = {},
) {
	if (!isUpstreamError(error)) throw error
	// One that refuses the session's tokens signs out instead (app/session/session-end.server.ts).
	noteUpstreamError(error)
	const key = accountErrorKey(flow, error)
	const outage = isOutage(error)
	const status = key === 'errors.attemptLimit' ? 429 : outage ? 503 : 400
	return data(
		{ result: submission.reply({ formErrors: [key], hideFields: SECRET_FIELDS }), errorKey: key, ...extra },
		{ status },
	)
}

/**
 * A thing the address names does not exist (a product, a survey): thrown, the root's error boundary
 * shows the one 404 screen inside the portal, with these words when given.
 */
export function notFound(errorKey?: CatalogueKey): never {
	throw data(errorKey ? { notFoundKey: errorKey } : null, { status: 404 })
}

/**
 * A loader whose upstream failed: the error page says so in the spec's words
 * with a 503 (or what the upstream said), never a crash. Other errors go on.
 */
export async function orUpstreamUnavailable<T>(work: Promise<T>): Promise<T> {
	try {
		return await work
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		noteUpstreamError(error)
		const status = !isOutage(error) && error.status ? error.status : 503
		throw data({ errorKey: userMessageKey(error) ?? 'toast.tryAgain' }, { status })
	}
}

/**
 * A read an action needs failed with an outage before anything was sent: the form again as typed
 * (`extra`), with the spec's outage message and a 503, to send again as it is. Other errors go on.
 * The fault matrix found actions that threw here instead, losing what was typed (ADR 0052).
 */
export function outageAnswer(error: unknown, extra: Record<string, unknown> = {}) {
	if (!isUpstreamError(error) || error.cancelled || !isOutage(error)) throw error
	noteUpstreamError(error)
	return data(
		{ result: { status: 'error' as const, error: { '': ['toast.tryAgain'] } }, errorKey: 'toast.tryAgain', ...extra },
		{ status: 503 },
	)
}

/**
 * A loader's read for the page shown after a post: an outage gives `null` (the page renders without
 * what it took; the action's answer says so) instead of an error page in place of the form the action
 * kept. On a plain visit the error page answers as `orUpstreamUnavailable` does. (The loaders after a
 * post get a GET request of their own: the post is known by its form in the context.)
 */
export async function orNullAfterPost<T>(
	context: Readonly<RouterContextProvider>,
	work: Promise<T>,
): Promise<T | null> {
	if (!isAfterPost(context)) return orUpstreamUnavailable(work)
	try {
		return await work
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled || !isOutage(error))
			return orUpstreamUnavailable(Promise.reject(error))
		noteUpstreamError(error)
		return null
	}
}
