/**
 * The memberships page's arithmetic (spec 2 §9): the annual plan's saving
 * computed from the two prices (never typed in), the offer a plan shows,
 * its price after the offer, and money in the culture's number format.
 */

export interface Money {
	amount: number
	currency: string
}

export type MembershipTab = 'monthly' | 'annual'
export const MEMBERSHIP_TABS: readonly MembershipTab[] = ['monthly', 'annual']

export function intervalOfTab(tab: string | undefined): 'Monthly' | 'Annual' {
	return tab === 'annual' ? 'Annual' : 'Monthly'
}

/** Whole percent an annual price saves against twelve monthly payments; 0 when it saves nothing. */
export function annualSavingPercent(monthly: Money, annual: Money): number {
	if (monthly.currency !== annual.currency || monthly.amount <= 0) return 0
	return Math.max(0, Math.round((1 - annual.amount / (12 * monthly.amount)) * 100))
}

/** "Save up to N%": the best saving among the tiers' monthly and annual prices. */
export function upToSavingPercent(tiers: ReadonlyArray<{ monthly?: Money; annual?: Money }>): number {
	return Math.max(0, ...tiers.map((t) => (t.monthly && t.annual ? annualSavingPercent(t.monthly, t.annual) : 0)))
}

export interface PlanOffer {
	id: string
	name: string
	description: string
	planIds: readonly string[]
	discountPercent: number
	audience: 'all' | 'new' | 'returning' | 'members'
	validFrom: string
	validUntil: string
}

const inWindow = (offer: PlanOffer, now: number) =>
	Date.parse(offer.validFrom) <= now && now < Date.parse(offer.validUntil)

/** What a visitor who has not signed in may be shown: offers open to everyone, running now. */
export function visitorOffers<O extends PlanOffer>(offers: readonly O[], now: number): O[] {
	return offers.filter((o) => o.audience === 'all' && inWindow(o, now))
}

/** The offer a plan shows: the largest discount among those running now that name the plan. */
export function bestOffer<O extends PlanOffer>(planId: string, offers: readonly O[], now: number): O | undefined {
	return offers
		.filter((o) => o.planIds.includes(planId) && inWindow(o, now))
		.reduce<O | undefined>((best, o) => (!best || o.discountPercent > best.discountPercent ? o : best), undefined)
}

/** The price after a discount, to the cent (as the processor charges it). */
export function discounted(price: Money, percent: number): Money {
	return { amount: Math.round(price.amount * (1 - percent / 100) * 100) / 100, currency: price.currency }
}

/** Whole days from `now` until `end`, rounded up (a trial ending later today has 1 day left). */
export function daysLeft(end: string, now: number): number {
	return Math.max(0, Math.ceil((Date.parse(end) - now) / 86_400_000))
}
