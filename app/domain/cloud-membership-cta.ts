/**
 * The call to action a membership plan shows (spec 2 §2): exactly one of free
 * trial, active, unavailable, upgrade, resubscribe, buy now, decided from the
 * user's subscriptions (spec 2 §3 types and statuses) and the plan. The cloud
 * API holds the same rules (a first-time member only gets the trial, a tier
 * may only be bought over a lower one, a non-renewing one is resumed); this
 * decides what the page offers, so it never offers what the API refuses.
 */
import { isRunning, SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE } from './cloud-subscription-codes.ts'

export const CTA_STATES = ['freeTrial', 'active', 'unavailable', 'upgrade', 'resubscribe', 'buyNow'] as const
export type CtaState = (typeof CTA_STATES)[number]

/** What the rule needs of a subscription (the contract's Subscription has it all). */
export interface CtaSubscription {
	subscriptionId: string
	type: number
	status: number
	membershipProductId: string
	planId: string
	endDate: string | null
}

/** What the rule needs of a plan and its tier. */
export interface CtaPlan {
	planId: string
	membershipProductId: string
	/** The tier's rank: 1 is the lowest. */
	rank: number
	/** Days of free trial the tier offers: 30 on the top tier, 0 elsewhere. */
	freeTrialDays: number
}

export interface Cta {
	state: CtaState
	/** The subscription the action is about: the running one (active, resubscribe), or the one an upgrade replaces. */
	subscriptionId?: string
}

/** A free trial: type Trial, or (from older records) status Trial. */
export function isTrial(s: Pick<CtaSubscription, 'type' | 'status'>): boolean {
	return s.type === SUBSCRIPTION_TYPE.Trial || s.status === SUBSCRIPTION_STATUS.Trial
}

/**
 * The running subscription that decides the page: the highest tier among the
 * running ones that are not trials, else a running trial.
 */
export function currentSubscription<S extends CtaSubscription>(
	subscriptions: readonly S[],
	rankOf: (membershipProductId: string) => number,
	now: number,
): S | undefined {
	const running = subscriptions.filter((s) => isRunning(s, now))
	const paid = running
		.filter((s) => !isTrial(s))
		.sort((a, b) => rankOf(b.membershipProductId) - rankOf(a.membershipProductId))
	return paid[0] ?? running.find(isTrial)
}

/**
 * The plan's call to action for a signed-in user with these subscriptions
 * (an anonymous visitor counts as having none: what they would see once signed in).
 *
 * - Nothing running: free trial on the trial tier for someone who never had a
 *   subscription (first-time members only); buy now otherwise.
 * - A free trial running: buy now everywhere (buying keeps the membership after
 *   the trial); the trial is never offered again.
 * - A paid subscription running (Subscribed): its plan is active; a higher tier
 *   is an upgrade; its other interval and lower tiers are unavailable.
 * - Waiting for payment (SubscriptionPending): its plan is active, the rest unavailable.
 * - Cancelled, running to its end (NonRenew): its plan is resubscribe; a higher
 *   tier an upgrade; the rest unavailable.
 */
export function membershipCta(
	plan: CtaPlan,
	subscriptions: readonly CtaSubscription[],
	rankOf: (membershipProductId: string) => number,
	now: number,
): Cta {
	const current = currentSubscription(subscriptions, rankOf, now)
	if (!current) {
		const firstTime = subscriptions.length === 0
		return { state: firstTime && plan.freeTrialDays > 0 ? 'freeTrial' : 'buyNow' }
	}
	if (isTrial(current)) return { state: 'buyNow' }
	const samePlan = current.planId === plan.planId
	const higherTier = plan.rank > rankOf(current.membershipProductId)
	const about = { subscriptionId: current.subscriptionId }
	switch (current.status) {
		case SUBSCRIPTION_STATUS.SubscriptionPending:
			return samePlan ? { state: 'active', ...about } : { state: 'unavailable' }
		case SUBSCRIPTION_STATUS.NonRenew:
			if (samePlan) return { state: 'resubscribe', ...about }
			return higherTier ? { state: 'upgrade', ...about } : { state: 'unavailable' }
		default:
			if (samePlan) return { state: 'active', ...about }
			return higherTier ? { state: 'upgrade', ...about } : { state: 'unavailable' }
	}
}

/** A tier's rank by its id among the tiers the cloud lists; an unknown tier ranks below them all. */
export function rankOf(tiers: readonly { id: string; rank: number }[]) {
	return (id: string) => tiers.find((t) => t.id === id)?.rank ?? 0
}

/** What the rule reads of a tier the cloud lists (the contract's MembershipProduct has it all). */
export interface CtaTier {
	id: string
	rank: number
	freeTrialDays: number
	plans: readonly { id: string }[]
}

/**
 * The call to action of the plan `planId` with the tier that sells it, decided again when the user acts
 * on it: a form kept from an older page cannot start what the page would no longer offer. Undefined when
 * no tier sells the plan.
 */
export function planCta<T extends CtaTier>(
	tiers: readonly T[],
	planId: string,
	subscriptions: readonly CtaSubscription[],
	now: number,
): { tier: T; cta: Cta } | undefined {
	const tier = tiers.find((t) => t.plans.some((p) => p.id === planId))
	if (!tier) return undefined
	const plan = { planId, membershipProductId: tier.id, rank: tier.rank, freeTrialDays: tier.freeTrialDays }
	return { tier, cta: membershipCta(plan, subscriptions, rankOf(tiers), now) }
}

/**
 * Whether a plan's offer is shown: only with a call to action that buys the plan (buy now,
 * upgrade), the only ones its price is paid through. Elsewhere it would advertise a price the member
 * cannot pay, on every card of the tab.
 */
export function showsOffer(cta: Cta): boolean {
	return cta.state === 'buyNow' || cta.state === 'upgrade'
}

/** A feature line that announces the free trial: the cloud lists it among the top tier's features. */
const FREE_TRIAL_FEATURE = /\bfree[\s-]*trial\b|無料(?:体験|トライアル|お試し)/i

/**
 * The features a plan lists to this visitor: the free trial only where it is offered (spec 2 §4, §6:
 * only a first-time member gets it), so a member who had a subscription or is in the trial is not
 * promised it.
 */
export function planFeatures(features: readonly string[], cta: Cta): string[] {
	return cta.state === 'freeTrial' ? [...features] : features.filter((feature) => !FREE_TRIAL_FEATURE.test(feature))
}
