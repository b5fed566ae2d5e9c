/**
 * The cloud area's workflows of several calls (ADR 0045): what the account screen reads, changing the
 * Play2-4Life reward instruments, resubscribing, and starting a membership (a free trial, or a purchase
 * through the processor's checkout) and completing it. The routes parse, call these and answer; the
 * rules they apply are in app/domain, the calls in app/upstream. An upstream failure is thrown as it
 * came: the route says it in the portal's words.
 */
import { canResubscribe } from '#app/domain/cloud-account.ts'
import { rewardChoiceChange, type LoyaltyFacts } from '#app/domain/cloud-loyalty.ts'
import { planCta } from '#app/domain/cloud-membership-cta.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import { cloudOffers, lifetimeKeys, membershipProducts } from '#app/upstream/cloud-lists.server.ts'
import {
	deleteUserProduct,
	getCustomersOffers,
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

/** The processor a purchase is checked out with (spec 2 §3 source FastSpring). */
export const CHECKOUT_SOURCE = SUBSCRIPTION_SOURCE.FastSpring

/**
 * What the memberships screens show, asked for at once: the tiers, the lifetime keys, and the offers
 * (the public ones for a visitor; a member's own, with their subscriptions). `mine` wraps the member's
 * own reads, so a caller may let them fail on their own (`orNullAfterPost`: the page after a post
 * whose read failed shows the plans without the member's state).
 */
export function membershipsData(
	credentials: SessionCredentials | null,
	signal: AbortSignal,
	mine: <T>(work: Promise<T>) => Promise<T | null> = (work) => work,
) {
	return Promise.all([
		membershipProducts(),
		lifetimeKeys(),
		credentials ? Promise.resolve([]) : cloudOffers(),
		credentials
			? mine(
					Promise.all([
						getUserSubscriptions(credentials.idToken, { signal }),
						getCustomersOffers(credentials.idToken, {}, { signal }),
					]),
				)
			: null,
	])
}

/** The membership as it now stands, for the thank-you page: the member's subscriptions and the tiers. */
export function membershipNow(credentials: SessionCredentials, signal: AbortSignal) {
	return Promise.all([getUserSubscriptions(credentials.idToken, { signal }), membershipProducts()])
}

export type MembershipStart =
	| { kind: 'refused'; message: 'cloudMemberships.trialRefused' | 'cloudMemberships.planNotOffered' }
	| { kind: 'trialStarted' }
	| { kind: 'checkout'; checkoutUrl: string }

/**
 * Starts the free trial (post-subscription, type Trial), or validates a purchase or upgrade and answers
 * the processor's checkout page. The plan's call to action is decided again from the user's
 * subscriptions now, so nothing starts that the page would no longer offer.
 */
export async function startMembership(
	credentials: SessionCredentials,
	start: { intent: 'trial' | 'buy'; planId: string; offerId?: string },
	signal: AbortSignal,
): Promise<MembershipStart> {
	const { intent, planId, offerId } = start
	const [tiers, subscriptions] = await Promise.all([
		membershipProducts(),
		getUserSubscriptions(credentials.idToken, { signal }),
	])
	const decided = planCta(tiers, planId, subscriptions, Date.now())
	if (intent === 'trial') {
		if (decided?.cta.state !== 'freeTrial') return { kind: 'refused', message: 'cloudMemberships.trialRefused' }
		await postSubscription(credentials.idToken, { type: SUBSCRIPTION_TYPE.Trial, planIds: [planId] }, { signal })
		return { kind: 'trialStarted' }
	}
	if (!decided || (decided.cta.state !== 'buyNow' && decided.cta.state !== 'upgrade'))
		return { kind: 'refused', message: 'cloudMemberships.planNotOffered' }
	const checkout = await validateToken(
		credentials.idToken,
		{
			source: CHECKOUT_SOURCE,
			email: credentials.email,
			planIds: [planId],
			productIds: [decided.tier.id],
			offerId: offerId ?? null,
		},
		{ signal },
	)
	return { kind: 'checkout', checkoutUrl: checkout.checkoutUrl }
}
