/**
 * What the cloud account screens share on the server: the member's credentials, the page's locale, the
 * never-cached headers (a user's subscriptions and billing are theirs alone), and the failures the cloud
 * API answers told in the portal's words. The workflows are in app/services/cloud.server.ts.
 */
import type { Submission } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { preferencesContext } from '#app/request-context.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import { isOutage, isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'

type Context = Readonly<RouterContextProvider>

export function cloudCredentials(context: Context, request: Request): Promise<SessionCredentials> {
	return requireCredentials(context, request)
}

/** The page's locale for Intl, from the culture the page is shown in. */
export function localeOf(context: Context): string {
	return context.get(preferencesContext).culture
}

/** A user's pages must never sit in a shared cache. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' }

/**
 * A cloud call an action made failed: the form again with the message. The API's refusals (a 4xx: the
 * state changed meanwhile) answer 409 with `refusal`; an outage answers 503 with the spec's words.
 */
export function cloudActionFailure(
	submission: Submission<unknown>,
	error: unknown,
	refusal: string,
	extra: Record<string, unknown> = {},
) {
	if (!isUpstreamError(error)) throw error
	const outage = isOutage(error)
	const key = outage ? (userMessageKey(error) ?? 'toast.tryAgain') : refusal
	return data({ result: submission.reply({ formErrors: [key] }), ...extra }, { status: outage ? 503 : 409 })
}
