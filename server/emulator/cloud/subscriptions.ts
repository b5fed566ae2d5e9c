/**
 * Subscription rules (spec 2 §4): renewals and ends as the clock moves,
 * subscribing (new, upgrade, resubscribe), the first-time-only free trial,
 * and the two-step cancel that leaves the subscription running, NonRenew, to
 * the end of its billing cycle.
 */
import type { z } from 'zod'
import {
	FREE_TRIAL_DAYS,
	FREE_TRIAL_REFUSED_MESSAGE,
	SUBSCRIPTION_SOURCE,
	SUBSCRIPTION_STATUS,
	SUBSCRIPTION_TYPE,
	type MembershipProduct,
	type Plan,
	type ProcessorCancellationSchema,
	type SubscriptionSchema,
	type UserProductSchema,
} from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { findMembership, findPlan, findProduct, imageUrl, topMembership } from './catalogue.ts'
import { ensureEnrolment, settleLoyalty } from './loyalty.ts'
import {
	CloudError,
	findSubscription,
	insertPayment,
	iso,
	isRunning,
	latestRule,
	listStoredUserProducts,
	listSubscriptions,
	newId,
	saveSubscription,
	type SubscriptionRow,
} from './store.ts'

const DAY = 24 * 3600 * 1000
/** The payment processors: they bill, hold the card and must be cancelled first. */
const PROCESSOR_SOURCES: readonly number[] = [SUBSCRIPTION_SOURCE.Xsolla, SUBSCRIPTION_SOURCE.FastSpring]
/** The card the emulated processors charge for a new purchase. */
export const TEST_CARD = 'Visa •••• 1111'

/** Adds calendar months in UTC, keeping the day where the month has it (Jan 31 + 1 → Feb 28). */
export function addMonths(ms: number, months: number): number {
	const d = new Date(ms)
	const day = d.getUTCDate()
	d.setUTCDate(1)
	d.setUTCMonth(d.getUTCMonth() + months)
	const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
	d.setUTCDate(Math.min(day, last))
	return d.getTime()
}

export const intervalMonths = (plan: Plan) => (plan.interval === 'Annual' ? 12 : 1)

/** The first charge date after `after`, counted from the billing anchor so short months do not shift it. */
function nextChargeAfter(anchor: number, months: number, after: number): number {
	let k = 1
	while (addMonths(anchor, k * months) <= after) k++
	return addMonths(anchor, k * months)
}

function planOf(ctx: EmulatorContext, s: SubscriptionRow): { plan: Plan; membership: MembershipProduct } {
	const found = findPlan(ctx, s.planId)
	if (!found)
		throw new CloudError(
			500,
			`Plan ${s.planId} of subscription ${s.id} is missing from the catalogue.`,
			'CatalogueError',
		)
	return found
}

export const paymentDescription = (membership: MembershipProduct, plan: Plan) =>
	`${membership.name} membership, ${plan.interval.toLowerCase()}`

/**
 * Brings a user's subscriptions up to the clock: renewals charged at each
 * next charge date, trials and non-renewing subscriptions ended at their end
 * date, a subscription whose processor side was cancelled ended at its next
 * charge; then the loyalty program.
 */
export function settle(ctx: EmulatorContext, userId: string): void {
	const now = ctx.clock.now()
	for (const s of listSubscriptions(ctx, userId)) {
		const ended = s.endAt !== null && Date.parse(s.endAt) <= now
		if (s.status === SUBSCRIPTION_STATUS.Subscribed && s.type === SUBSCRIPTION_TYPE.Trial) {
			if (ended) saveSubscription(ctx, { ...s, status: SUBSCRIPTION_STATUS.TrialExpired })
			continue
		}
		if (s.status === SUBSCRIPTION_STATUS.NonRenew) {
			if (ended) saveSubscription(ctx, { ...s, status: SUBSCRIPTION_STATUS.Expired })
			continue
		}
		if (s.status !== SUBSCRIPTION_STATUS.Subscribed || s.nextChargeAt === null) continue
		let next = Date.parse(s.nextChargeAt)
		if (next > now) continue
		const { plan, membership } = planOf(ctx, s)
		const updated = { ...s }
		while (next <= now) {
			if (s.data.processorStatus === 'Cancelled') {
				Object.assign(updated, { status: SUBSCRIPTION_STATUS.Expired, endAt: iso(next), nextChargeAt: null })
				break
			}
			insertPayment(ctx, {
				userId,
				subscriptionId: s.id,
				paidAt: iso(next),
				amount: plan.price.amount,
				currency: plan.price.currency,
				months: intervalMonths(plan),
				description: paymentDescription(membership, plan),
				paymentMethod: s.data.paymentMethod,
				source: s.source,
			})
			next = nextChargeAfter(Date.parse(s.createdAt), intervalMonths(plan), next)
			updated.nextChargeAt = iso(next)
		}
		saveSubscription(ctx, updated)
	}
	settleLoyalty(ctx, userId)
}

export function running(ctx: EmulatorContext, userId: string): SubscriptionRow[] {
	const now = ctx.clock.now()
	return listSubscriptions(ctx, userId).filter((s) => isRunning(s, now))
}

export function subscriptionView(ctx: EmulatorContext, s: SubscriptionRow): z.input<typeof SubscriptionSchema> {
	const { plan, membership } = planOf(ctx, s)
	return {
		subscriptionId: s.id,
		type: s.type as z.input<typeof SubscriptionSchema>['type'],
		status: s.status as z.input<typeof SubscriptionSchema>['status'],
		source: s.source as z.input<typeof SubscriptionSchema>['source'],
		membershipProductId: membership.id,
		membershipName: membership.name,
		planId: plan.id,
		interval: plan.interval,
		price: s.type === SUBSCRIPTION_TYPE.Trial ? null : plan.price,
		offerId: s.data.offerId,
		createdDate: s.createdAt,
		nextChargeDate: s.nextChargeAt,
		endDate: s.endAt,
		rewardEligible: s.data.rewardEligible,
		UserSubscriptionRuleId: s.data.ruleId,
		ruleType: s.data.ruleType,
		cancellationReason: s.cancellationReason,
		cancellationComment: s.cancellationComment,
		paymentMethod: s.data.paymentMethod,
		processorStatus: s.data.processorStatus,
	}
}

export function requireSubscription(ctx: EmulatorContext, userId: string, subscriptionId: string): SubscriptionRow {
	const s = findSubscription(ctx, userId, subscriptionId)
	if (!s) throw new CloudError(404, `Subscription ${subscriptionId} was not found.`, 'SubscriptionNotFound')
	return s
}

/**
 * What the user may use: the instruments of running subscriptions' tiers, and the kept products (keys,
 * hardware, rewards).
 */
export function userProducts(ctx: EmulatorContext, userId: string): z.input<typeof UserProductSchema>[] {
	const out: z.input<typeof UserProductSchema>[] = []
	const describe = (productId: string) => {
		const p = findProduct(ctx, productId)
		return {
			productId,
			productCode: p?.productCode ?? productId,
			name: p?.name ?? productId,
			image: p?.image ?? imageUrl(ctx, 'products', productId),
		}
	}
	for (const s of running(ctx, userId)) {
		const membership = findMembership(ctx, s.membershipId)
		for (const productId of membership?.productIds ?? []) {
			out.push({
				id: `${s.data.ruleId}-${productId}`,
				...describe(productId),
				userProductType: 0,
				productType: 'Rule',
				ruleType: s.data.ruleType,
				UserRuleId: null,
				UserSubscriptionRuleId: s.data.ruleId,
				subscriptionId: s.id,
				entitlementKey: null,
				serialNumber: null,
				grantedDate: s.createdAt,
				expiresDate: s.endAt,
			})
		}
	}
	const loyalty = latestRule(ctx, userId, 'LoyaltyReward')
	for (const p of listStoredUserProducts(ctx, userId)) {
		// Rewards of a program that ended before its months were paid are not the member's.
		if (p.userRuleId && loyalty?.id === p.userRuleId && loyalty.status === 'Ended') continue
		out.push({
			id: p.id,
			...describe(p.productId),
			userProductType: p.userProductType as 0 | 1 | 2,
			productType: p.productType,
			ruleType: p.ruleType,
			UserRuleId: p.userRuleId,
			UserSubscriptionRuleId: null,
			subscriptionId: null,
			entitlementKey: p.entitlementKey,
			serialNumber: p.serialNumber,
			grantedDate: p.grantedAt,
			expiresDate: null,
		})
	}
	return out
}

/**
 * Whether the user may buy this tier now: nothing running, or a trial (it
 * converts), or a non-renewing subscription (resubscribe), or a lower tier
 * (upgrade).
 */
export function assertCanSubscribe(ctx: EmulatorContext, userId: string, membership: MembershipProduct): void {
	for (const s of running(ctx, userId)) {
		if (s.type === SUBSCRIPTION_TYPE.Trial || s.status === SUBSCRIPTION_STATUS.NonRenew) continue
		const current = findMembership(ctx, s.membershipId)
		if (!current || current.rank >= membership.rank)
			throw new CloudError(409, 'You already have an active subscription.', 'SubscriptionActive')
	}
}

/** The running paid subscription set not to renew that buying this plan resumes (resubscribe), if any. */
export function resumable(ctx: EmulatorContext, userId: string, planId: string): SubscriptionRow | undefined {
	const found = findPlan(ctx, planId)
	return found
		? running(ctx, userId).find(
				(s) =>
					s.type === SUBSCRIPTION_TYPE.Standard &&
					s.status === SUBSCRIPTION_STATUS.NonRenew &&
					s.membershipId === found.membership.id,
			)
		: undefined
}

/** A paid subscription from a completed checkout. */
export function subscribe(
	ctx: EmulatorContext,
	userId: string,
	purchase: { planId: string; source: number; offerId: string | null; amount: number; currency: string },
): SubscriptionRow {
	const found = findPlan(ctx, purchase.planId)
	if (!found) throw new CloudError(404, `Plan ${purchase.planId} was not found.`, 'PlanNotFound')
	const { plan, membership } = found
	assertCanSubscribe(ctx, userId, membership)
	const now = ctx.clock.now()
	const processorStatus = PROCESSOR_SOURCES.includes(purchase.source) ? 'Active' : 'NotApplicable'
	const current = running(ctx, userId)

	// Resubscribe: a non-renewing subscription of the same tier renews again from its end date, with no charge now.
	const resumed = current.find(
		(s) =>
			s.type === SUBSCRIPTION_TYPE.Standard &&
			s.status === SUBSCRIPTION_STATUS.NonRenew &&
			s.membershipId === membership.id,
	)
	if (resumed) {
		const updated: SubscriptionRow = {
			...resumed,
			status: SUBSCRIPTION_STATUS.Subscribed,
			source: purchase.source,
			planId: plan.id,
			nextChargeAt: resumed.endAt,
			endAt: null,
			cancellationReason: null,
			cancellationComment: null,
			data: {
				...resumed.data,
				processorStatus,
				processorCancelledAt: null,
				paymentMethod: resumed.data.paymentMethod ?? TEST_CARD,
			},
		}
		saveSubscription(ctx, updated)
		ensureEnrolment(ctx, userId, updated.createdAt)
		return updated
	}

	// Whatever runs now (a trial, a lower tier, a non-renewing one) is replaced.
	for (const s of current) {
		saveSubscription(ctx, {
			...s,
			status: s.type === SUBSCRIPTION_TYPE.Trial ? SUBSCRIPTION_STATUS.TrialCancelled : SUBSCRIPTION_STATUS.Cancelled,
			endAt: iso(now),
			nextChargeAt: null,
			data: {
				...s.data,
				processorStatus: s.data.processorStatus === 'Active' ? 'Cancelled' : s.data.processorStatus,
				processorCancelledAt: s.data.processorCancelledAt ?? iso(now),
			},
		})
	}
	const paymentMethod = processorStatus === 'Active' ? TEST_CARD : null
	const subscription: SubscriptionRow = {
		id: newId('sub'),
		userId,
		type: SUBSCRIPTION_TYPE.Standard,
		status: SUBSCRIPTION_STATUS.Subscribed,
		source: purchase.source,
		membershipId: membership.id,
		planId: plan.id,
		createdAt: iso(now),
		nextChargeAt: iso(addMonths(now, intervalMonths(plan))),
		endAt: null,
		cancellationReason: null,
		cancellationComment: null,
		data: {
			offerId: purchase.offerId,
			rewardEligible: true,
			processorStatus,
			processorCancelledAt: null,
			paymentMethod,
			ruleId: newId('usr'),
			ruleType: 'InstantUserProduct',
		},
	}
	saveSubscription(ctx, subscription)
	insertPayment(ctx, {
		userId,
		subscriptionId: subscription.id,
		paidAt: subscription.createdAt,
		amount: purchase.amount,
		currency: purchase.currency,
		months: intervalMonths(plan),
		description: paymentDescription(membership, plan),
		paymentMethod,
		source: purchase.source,
	})
	ensureEnrolment(ctx, userId, subscription.createdAt)
	return subscription
}

/** Whether the user may start the free trial: only someone who never had a subscription. */
export function trialEligible(ctx: EmulatorContext, userId: string): boolean {
	return listSubscriptions(ctx, userId).length === 0
}

/**
 * The free trial: 30 days of the top tier, status Subscribed, type Trial, not reward eligible;
 * first-time members only.
 */
export function startTrial(ctx: EmulatorContext, userId: string, planId: string): SubscriptionRow {
	const found = findPlan(ctx, planId)
	if (!found) throw new CloudError(404, `Plan ${planId} was not found.`, 'PlanNotFound')
	const top = topMembership(ctx)
	if (found.membership.id !== top.id)
		throw new CloudError(400, `The free trial is only for the ${top.name} membership.`, 'FreeTrialPlan')
	if (!trialEligible(ctx, userId)) throw new CloudError(409, FREE_TRIAL_REFUSED_MESSAGE, 'FreeTrialNotEligible')
	const now = ctx.clock.now()
	const trial: SubscriptionRow = {
		id: newId('sub'),
		userId,
		type: SUBSCRIPTION_TYPE.Trial,
		status: SUBSCRIPTION_STATUS.Subscribed,
		source: SUBSCRIPTION_SOURCE.RolandCloud,
		membershipId: top.id,
		planId: found.plan.id,
		createdAt: iso(now),
		nextChargeAt: null,
		endAt: iso(now + FREE_TRIAL_DAYS * DAY),
		cancellationReason: null,
		cancellationComment: null,
		data: {
			offerId: null,
			rewardEligible: false,
			processorStatus: 'NotApplicable',
			processorCancelledAt: null,
			paymentMethod: null,
			ruleId: newId('usr'),
			ruleType: 'FreeTrial',
		},
	}
	saveSubscription(ctx, trial)
	return trial
}

/** Cancel, part 1: the processor stops billing. Answers NotApplicable for a subscription no processor bills. */
export function cancelAtProcessor(
	ctx: EmulatorContext,
	userId: string,
	subscriptionId: string,
): z.input<typeof ProcessorCancellationSchema> {
	const s = requireSubscription(ctx, userId, subscriptionId)
	if (s.data.processorStatus === 'NotApplicable')
		return { subscriptionId, processorStatus: 'NotApplicable', cancelledDate: null }
	if (!isRunning(s, ctx.clock.now()))
		throw new CloudError(409, 'The subscription is not active.', 'SubscriptionNotActive')
	if (s.data.processorStatus === 'Active') {
		s.data = { ...s.data, processorStatus: 'Cancelled', processorCancelledAt: iso(ctx.clock.now()) }
		saveSubscription(ctx, s)
	}
	return { subscriptionId, processorStatus: 'Cancelled', cancelledDate: s.data.processorCancelledAt }
}

/**
 * Cancel, part 2: the subscription stops renewing and runs to the end of its
 * billing cycle (NonRenew); lifetime keys and hardware products stay. A
 * trial has no billing cycle: cancelling it ends it now (TrialCancelled).
 */
export function noRenew(
	ctx: EmulatorContext,
	userId: string,
	request: {
		subscriptionId: string
		cancellationReason: SubscriptionRow['cancellationReason']
		cancellationComment?: string
	},
): SubscriptionRow {
	const s = requireSubscription(ctx, userId, request.subscriptionId)
	if (s.status === SUBSCRIPTION_STATUS.NonRenew)
		throw new CloudError(409, 'The subscription is already set not to renew.', 'AlreadyNonRenew')
	if (s.status !== SUBSCRIPTION_STATUS.Subscribed)
		throw new CloudError(409, 'The subscription is not active.', 'SubscriptionNotActive')
	const now = iso(ctx.clock.now())
	const reason = {
		cancellationReason: request.cancellationReason,
		cancellationComment: request.cancellationComment || null,
	}
	let updated: SubscriptionRow
	if (s.type === SUBSCRIPTION_TYPE.Trial) {
		updated = { ...s, ...reason, status: SUBSCRIPTION_STATUS.TrialCancelled, endAt: now }
	} else {
		if (s.data.processorStatus === 'Active') {
			throw new CloudError(
				409,
				'Cancel the subscription with its payment processor first.',
				'ProcessorSubscriptionActive',
			)
		}
		updated = {
			...s,
			...reason,
			status: SUBSCRIPTION_STATUS.NonRenew,
			endAt: s.nextChargeAt ?? now,
			nextChargeAt: null,
		}
	}
	saveSubscription(ctx, updated)
	return updated
}
