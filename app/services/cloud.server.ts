/**
 * The cloud area's workflows of several calls (ADR 0045): what the account screen reads, changing the
 * Play2-4Life reward instruments, resubscribing, and starting a membership (a free trial, or a purchase
 * through the processor's checkout) and completing it. The routes parse, call these and answer; the
 * rules they apply are in app/domain, the calls in app/upstream. An upstream failure is thrown as it
 * came: the route says it in the portal's words.
 */
import { canResubscribe } from '#app/domain/cloud-account.ts'
import { rewardChoiceChange, type LoyaltyFacts } from '#app/domain/cloud-loyalty.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import {
	deleteUserProduct,
	getPaymentHistory,
	getUserRuleStatus,
	getUserSubscriptions,
	postSubscription,
	putUserProduct,
	validateToken,
} from '#app/upstream/cloud.server.ts'
import { SUBSCRIPTION_SOURCE, SUBSCRIPTION_TYPE, type Subscription } from '#app/upstream/contract/cloud.ts'

/** Everything the account screen shows, asked for at once. */
export function accountDetails(credentials: SessionCredentials, signal: AbortSignal) {
	return Promise.all([
		getUserSubscriptions(credentials.idToken, { signal }),
		getPaymentHistory(credentials.idToken, credentials.userId, { signal }),
		getUserRuleStatus(credentials.idToken, { signal }),
	])
}

/**
 * Play2-4Life (spec 2 §4): the member's reward instruments become `chosen`. Instruments are given back
 * before new ones are added: a member at their tier's number swaps one instrument for another.
 */
export async function changeRewardInstruments(
	credentials: SessionCredentials,
	program: Pick<LoyaltyFacts, 'UserRuleId' | 'currentRewardInstruments'>,
	chosen: readonly string[],
	signal: AbortSignal,
): Promise<void> {
	const change = rewardChoiceChange(program.currentRewardInstruments, chosen)
	const ruleId = program.UserRuleId!
	// Give back first: a member at their tier's number swaps one instrument for another.
	if (change.remove.length)
		await deleteUserProduct(credentials.idToken, { UserRuleId: ruleId, productIds: change.remove }, { signal })
	if (change.add.length)
		await putUserProduct(credentials.idToken, { UserRuleId: ruleId, productIds: change.add }, { signal })
}

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
		{ type: SUBSCRIPTION_TYPE.Standard, planIds: [subscription.planId], token: checkout.token },
		{ signal },
	)
}
