/**
 * What the memberships screens and the thank-you page show of plans and of the member's membership:
 * each plan of a tab with its prices, offer and call to action, and the membership as it stands, in
 * the page's culture. The rules are in app/domain (cloud-membership-cta.ts, cloud-membership-plans.ts).
 */
import {
	currentSubscription,
	isTrial,
	membershipCta,
	planFeatures,
	rankOf,
	showsOffer,
	type Cta,
} from '#app/domain/cloud-membership-cta.ts'
import { bestOffer, daysLeft, discounted, annualSavingPercent } from '#app/domain/cloud-membership-plans.ts'
import { formatLongDate, formatMoney } from '#app/domain/formats.ts'
import {
	SUBSCRIPTION_STATUS,
	type MembershipProduct,
	type Offer,
	type Subscription,
} from '#app/upstream/contract/cloud.ts'

const moneyText = (money: { amount: number; currency: string }, culture: string) =>
	formatMoney(money.amount, money.currency, culture)

export function dateFormatter(culture: string) {
	return (iso: string) => formatLongDate(iso, culture)
}

export interface PlanView {
	planId: string
	membershipProductId: string
	name: string
	description: string
	features: string[]
	instrumentCount: number
	price: string
	/** Annual plans: what the price comes to a month, and the saving against twelve monthly payments. */
	monthlyEquivalent: string | null
	savingPercent: number
	offer: { id: string; name: string; price: string } | null
	cta: Cta
	freeTrialDays: number
}

export interface CurrentView {
	tier: string
	interval: 'Monthly' | 'Annual'
	status: 'active' | 'trial' | 'pending' | 'ending'
	endDate: string | null
	trialDaysLeft: number | null
}

export function planViews(
	tiers: readonly MembershipProduct[],
	interval: 'Monthly' | 'Annual',
	/** Null: the member's subscriptions could not be read (an outage), so no plan offers an action. */
	subscriptions: readonly Subscription[] | null,
	offers: readonly Offer[],
	culture: string,
	now: number,
): PlanView[] {
	return tiers.flatMap((tier) => {
		const plan = tier.plans.find((p) => p.interval === interval)
		if (!plan) return []
		const monthly = tier.plans.find((p) => p.interval === 'Monthly')
		const cta: Cta = subscriptions
			? membershipCta(
					{ planId: plan.id, membershipProductId: tier.id, rank: tier.rank, freeTrialDays: tier.freeTrialDays },
					subscriptions,
					rankOf(tiers),
					now,
				)
			: { state: 'unavailable' }
		const offer = showsOffer(cta) ? bestOffer(plan.id, offers, now) : undefined
		return [
			{
				planId: plan.id,
				membershipProductId: tier.id,
				name: tier.name,
				description: tier.description,
				features: planFeatures(tier.features, cta),
				instrumentCount: tier.productIds.length,
				price: moneyText(plan.price, culture),
				monthlyEquivalent:
					interval === 'Annual'
						? formatMoney(Math.round((plan.price.amount / 12) * 100) / 100, plan.price.currency, culture)
						: null,
				savingPercent: interval === 'Annual' && monthly ? annualSavingPercent(monthly.price, plan.price) : 0,
				offer: offer
					? {
							id: offer.id,
							name: offer.name,
							price: moneyText(discounted(plan.price, offer.discountPercent), culture),
						}
					: null,
				cta,
				freeTrialDays: tier.freeTrialDays,
			},
		]
	})
}

export function currentView(
	subscriptions: readonly Subscription[],
	tiers: readonly MembershipProduct[],
	culture: string,
	now: number,
): CurrentView | null {
	const current = currentSubscription(subscriptions, rankOf(tiers), now)
	if (!current) return null
	const date = dateFormatter(culture)
	const trial = isTrial(current)
	return {
		tier: current.membershipName,
		interval: current.interval,
		status: trial
			? 'trial'
			: current.status === SUBSCRIPTION_STATUS.SubscriptionPending
				? 'pending'
				: current.status === SUBSCRIPTION_STATUS.NonRenew
					? 'ending'
					: 'active',
		endDate: current.endDate ? date(current.endDate) : null,
		trialDaysLeft: trial && current.endDate ? daysLeft(current.endDate, now) : null,
	}
}

export function resubscribeEnd(subscriptions: readonly Subscription[], culture: string, now: number): string | null {
	const ending = subscriptions.find(
		(s) => s.status === SUBSCRIPTION_STATUS.NonRenew && s.endDate && Date.parse(s.endDate) > now,
	)
	return ending?.endDate ? dateFormatter(culture)(ending.endDate) : null
}
