import { describe, expect, it } from 'vitest'
import { SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE } from '#app/upstream/contract/cloud.ts'
import {
	CTA_STATES,
	membershipCta,
	planCta,
	planFeatures,
	rankOf as rankOfTiers,
	showsOffer,
	type CtaPlan,
	type CtaState,
	type CtaSubscription,
} from './cloud-membership-cta.ts'

const NOW = Date.parse('2026-06-15T12:00:00Z')
const RANKS: Record<string, number> = { core: 1, pro: 2, ultimate: 3 }
const rankOf = (id: string) => RANKS[id] ?? 0

const plan = (membershipProductId: string, interval: 'monthly' | 'annual'): CtaPlan => ({
	planId: `${membershipProductId}-${interval}`,
	membershipProductId,
	rank: RANKS[membershipProductId]!,
	freeTrialDays: membershipProductId === 'ultimate' ? 30 : 0,
})

/** The plans a member of Pro monthly meets, by where they stand from it. */
const PLANS = {
	same: plan('pro', 'monthly'),
	otherInterval: plan('pro', 'annual'),
	higher: plan('ultimate', 'monthly'),
	lower: plan('core', 'monthly'),
}
type Position = keyof typeof PLANS

function subscription(type: number, status: number, endDate: string | null = null): CtaSubscription {
	return { subscriptionId: 'sub_1', type, status, membershipProductId: 'pro', planId: 'pro-monthly', endDate }
}

const ALL_BUY_NOW: Record<Position, CtaState> = {
	same: 'buyNow',
	otherInterval: 'buyNow',
	higher: 'buyNow',
	lower: 'buyNow',
}

/** Written out per status for a paid-type subscription (None, Standard, Free, Partner) that runs. */
const EXPECTED_BY_STATUS: Record<keyof typeof SUBSCRIPTION_STATUS, Record<Position, CtaState>> = {
	// A trial running: buying keeps the membership; no second trial.
	Trial: ALL_BUY_NOW,
	// Over: a returning member buys again, never the trial.
	TrialExpired: ALL_BUY_NOW,
	SubscriptionPending: { same: 'active', otherInterval: 'unavailable', higher: 'unavailable', lower: 'unavailable' },
	Subscribed: { same: 'active', otherInterval: 'unavailable', higher: 'upgrade', lower: 'unavailable' },
	Cancelled: ALL_BUY_NOW,
	TrialCancelled: ALL_BUY_NOW,
	Expired: ALL_BUY_NOW,
	NonRenew: { same: 'resubscribe', otherInterval: 'unavailable', higher: 'upgrade', lower: 'unavailable' },
}

describe('membershipCta over every subscription status × type (spec 2 §3)', () => {
	for (const [typeName, type] of Object.entries(SUBSCRIPTION_TYPE)) {
		for (const [statusName, status] of Object.entries(SUBSCRIPTION_STATUS)) {
			const expected =
				type === SUBSCRIPTION_TYPE.Trial
					? ALL_BUY_NOW
					: EXPECTED_BY_STATUS[statusName as keyof typeof SUBSCRIPTION_STATUS]
			it(`type ${typeName}, status ${statusName}`, () => {
				const subs = [subscription(type, status)]
				const got = Object.fromEntries(
					Object.entries(PLANS).map(([position, p]) => [position, membershipCta(p, subs, rankOf, NOW).state]),
				)
				expect(got).toEqual(expected)
			})
		}
	}
})

describe('membershipCta', () => {
	it('offers the free trial on the trial tier only, to someone who never subscribed', () => {
		expect(membershipCta(plan('ultimate', 'monthly'), [], rankOf, NOW).state).toBe('freeTrial')
		expect(membershipCta(plan('ultimate', 'annual'), [], rankOf, NOW).state).toBe('freeTrial')
		expect(membershipCta(plan('pro', 'monthly'), [], rankOf, NOW).state).toBe('buyNow')
		expect(membershipCta(plan('core', 'annual'), [], rankOf, NOW).state).toBe('buyNow')
	})

	it('never offers the trial again once any subscription existed, whatever its status or type', () => {
		for (const type of Object.values(SUBSCRIPTION_TYPE)) {
			for (const status of Object.values(SUBSCRIPTION_STATUS)) {
				const state = membershipCta(plan('ultimate', 'monthly'), [subscription(type, status)], rankOf, NOW).state
				expect(state).not.toBe('freeTrial')
			}
		}
	})

	it('counts a running status whose end date has passed as over', () => {
		const ended = subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.NonRenew, '2026-06-01T00:00:00Z')
		expect(membershipCta(PLANS.same, [ended], rankOf, NOW).state).toBe('buyNow')
		const ahead = subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.NonRenew, '2026-07-01T00:00:00Z')
		expect(membershipCta(PLANS.same, [ahead], rankOf, NOW)).toEqual({ state: 'resubscribe', subscriptionId: 'sub_1' })
	})

	it('decides from the highest running paid tier when a trial was replaced and history remains', () => {
		const subs: CtaSubscription[] = [
			{ ...subscription(SUBSCRIPTION_TYPE.Trial, SUBSCRIPTION_STATUS.TrialCancelled), subscriptionId: 'sub_t' },
			{
				...subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.Subscribed),
				subscriptionId: 'sub_u',
				membershipProductId: 'ultimate',
				planId: 'ultimate-annual',
			},
		]
		expect(membershipCta(plan('ultimate', 'annual'), subs, rankOf, NOW)).toEqual({
			state: 'active',
			subscriptionId: 'sub_u',
		})
		expect(membershipCta(plan('ultimate', 'monthly'), subs, rankOf, NOW).state).toBe('unavailable')
		expect(membershipCta(plan('pro', 'annual'), subs, rankOf, NOW).state).toBe('unavailable')
	})

	it('names the subscription an upgrade replaces', () => {
		const subs = [subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.Subscribed)]
		expect(membershipCta(PLANS.higher, subs, rankOf, NOW)).toEqual({ state: 'upgrade', subscriptionId: 'sub_1' })
	})

	it('only ever answers one of the six states', () => {
		expect(CTA_STATES).toEqual(['freeTrial', 'active', 'unavailable', 'upgrade', 'resubscribe', 'buyNow'])
	})
})

describe('what a plan card lists', () => {
	const ULTIMATE_FEATURES = ['Everything in Pro', 'Loyalty rewards: choose 3 instruments', '30-day free trial']
	const ultimate = plan('ultimate', 'monthly')
	const features = (subs: readonly CtaSubscription[]) =>
		planFeatures(ULTIMATE_FEATURES, membershipCta(ultimate, subs, rankOf, NOW))

	it('lists the free trial to a first-time member (and a visitor, who counts as one)', () => {
		expect(features([])).toEqual(ULTIMATE_FEATURES)
	})

	it('does not list the free trial to a member in the trial, a member or a returning member', () => {
		const withoutTrial = ['Everything in Pro', 'Loyalty rewards: choose 3 instruments']
		const inTrial = { ...subscription(SUBSCRIPTION_TYPE.Trial, SUBSCRIPTION_STATUS.Subscribed), endDate: '2026-07-01' }
		expect(features([inTrial])).toEqual(withoutTrial)
		expect(features([subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.Subscribed)])).toEqual(withoutTrial)
		expect(features([subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.Expired)])).toEqual(withoutTrial)
	})

	it('recognises the trial however the catalogue words it, and keeps every other line', () => {
		const paid = { state: 'buyNow' } as const
		expect(planFeatures(['Free Trial for 30 days', 'A free-trial month', '30日間の無料トライアル'], paid)).toEqual([])
		expect(planFeatures(['Free sound packs', 'Trial versions of apps'], paid)).toEqual([
			'Free sound packs',
			'Trial versions of apps',
		])
	})

	it('shows an offer only where the plan can be bought with it', () => {
		const shown = CTA_STATES.filter((state) => showsOffer({ state }))
		expect(shown).toEqual(['upgrade', 'buyNow'])
	})
})

describe('the plan acted on, decided again', () => {
	const tiers = ['core', 'pro', 'ultimate'].map((id) => ({
		id,
		rank: RANKS[id]!,
		freeTrialDays: id === 'ultimate' ? 30 : 0,
		plans: [{ id: `${id}-monthly` }, { id: `${id}-annual` }],
	}))
	it('finds the tier that sells the plan and its call to action', () => {
		expect(planCta(tiers, 'ultimate-annual', [], NOW)).toEqual({ tier: tiers[2], cta: { state: 'freeTrial' } })
		const member = [subscription(SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_STATUS.Subscribed)]
		expect(planCta(tiers, 'pro-monthly', member, NOW)?.cta).toEqual({ state: 'active', subscriptionId: 'sub_1' })
		expect(planCta(tiers, 'ultimate-monthly', member, NOW)?.cta).toEqual({ state: 'upgrade', subscriptionId: 'sub_1' })
		expect(planCta(tiers, 'core-annual', member, NOW)?.cta).toEqual({ state: 'unavailable' })
	})
	it('a plan no tier sells is not offered', () => {
		expect(planCta(tiers, 'gone-monthly', [], NOW)).toBeUndefined()
	})
	it('ranks tiers by the list, an unknown one below all', () => {
		const rank = rankOfTiers(tiers)
		expect([rank('core'), rank('ultimate'), rank('gone')]).toEqual([1, 3, 0])
	})
})
