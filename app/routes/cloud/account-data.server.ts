/**
 * The member's cloud account on the server: what the account screen reads (its calls made at once, never
 * cached: a user's subscriptions and billing are theirs alone), resubscribing, and the failures the
 * cloud API answers told in the portal's words.
 */
import type { Submission } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { canResubscribe } from '#app/domain/cloud-account.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import {
	getPaymentHistory,
	getUserRuleStatus,
	getUserSubscriptions,
	postSubscription,
	validateToken,
} from '#app/upstream/cloud.server.ts'
import { SUBSCRIPTION_SOURCE, type Subscription } from '#app/upstream/contract/cloud.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'

type Context = Readonly<RouterContextProvider>

export function cloudCredentials(context: Context, request: Request): Promise<SessionCredentials> {
	return requireCredentials(context, request)
}

/** The culture the page is shown in: what the formats of app/domain/formats.ts take. */
export function localeOf(context: Context): string {
	return context.get(preferencesContext).culture
}

/** Everything the account screen shows, asked for at once. */
export function accountDetails(credentials: SessionCredentials, signal: AbortSignal) {
	return Promise.all([
		getUserSubscriptions(credentials.idToken, { signal }),
		getPaymentHistory(credentials.idToken, credentials.userId, { signal }),
		getUserRuleStatus(credentials.idToken, { signal }),
	])
}

/** A user's pages must never sit in a shared cache. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' }

export class NotResubscribable extends Error {}

/**
 * Resubscribe (spec 2 §4): a paid subscription set not to renew renews again. It is a purchase of the
 * same plan through the same payment source (the cloud API resumes the subscription from its end date,
 * charging nothing now); the Admin source cannot sell, so an admin-made subscription comes back as the
 * cloud's own.
 */
export async function resubscribe(
	credentials: SessionCredentials,
	subscriptionId: string,
	signal: AbortSignal,
): Promise<Subscription> {
	const subscriptions = await getUserSubscriptions(credentials.idToken, { signal })
	const subscription = subscriptions.find((s) => s.subscriptionId === subscriptionId)
	if (!subscription || !canResubscribe(subscription, Date.now())) throw new NotResubscribable()
	const source =
		subscription.source === SUBSCRIPTION_SOURCE.Admin ? SUBSCRIPTION_SOURCE.RolandCloud : subscription.source
	const checkout = await validateToken(
		credentials.idToken,
		{ source, email: credentials.email, planIds: [subscription.planId] },
		{ signal },
	)
	return postSubscription(
		credentials.idToken,
		{ type: 1, planIds: [subscription.planId], token: checkout.token },
		{ signal },
	)
}

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
	const outage = error.kind !== 'status' || (error.status ?? 0) >= 500
	const key = outage ? (userMessageKey(error) ?? 'toast.tryAgain') : refusal
	return data({ result: submission.reply({ formErrors: [key] }), ...extra }, { status: outage ? 503 : 409 })
}
