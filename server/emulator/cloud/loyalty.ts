/**
 * The loyalty program Play2-4Life (spec 2 §3, §4): a paid membership enrols
 * the member; they choose reward instruments (up to their tier's number)
 * from the reward pool and may change them while the program runs. After 24
 * paid months the program is Completed and the instruments are theirs for
 * life; if the paid membership stops first, it has Ended. Either way the
 * choice is then final.
 */
import type { z } from 'zod'
import {
	LOYALTY_MONTHS_REQUIRED,
	LOYALTY_PROGRAM_NAME,
	SUBSCRIPTION_TYPE,
	type LoyaltyProgramSchema,
} from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { findMembership, listProducts, rewardPool } from './catalogue.ts'
import {
	CloudError,
	endRule,
	insertRule,
	insertUserProduct,
	iso,
	isRunning,
	latestRule,
	listRuleProducts,
	listSubscriptions,
	type UserRuleRow,
} from './store.ts'

const RULE = 'LoyaltyReward' as const

/** Enrols the member when a paid subscription starts, unless a program already runs or was completed. */
export function ensureEnrolment(ctx: EmulatorContext, userId: string, at: string): UserRuleRow {
	const rule = latestRule(ctx, userId, RULE)
	if (rule && rule.status !== 'Ended') return rule
	return insertRule(ctx, { userId, ruleType: RULE, startedAt: at })
}

function monthsPaid(ctx: EmulatorContext, userId: string, since: string): number {
	const row = ctx.db
		.prepare(
			`SELECT COALESCE(SUM(p.months), 0) AS months FROM cloud_payments p JOIN cloud_subscriptions s ON s.id = p.subscription_id
			WHERE p.user_id = ? AND p.status = 'Paid' AND p.paid_at >= ? AND json_extract(s.data, '$.rewardEligible') = 1`,
		)
		.get(userId, since) as { months: number }
	return row.months
}

function runningRewardEligible(ctx: EmulatorContext, userId: string) {
	const now = ctx.clock.now()
	return listSubscriptions(ctx, userId).filter((s) => s.data.rewardEligible && isRunning(s, now))
}

/** Moves the program on: Completed once the months are paid, Ended when the paid membership stopped first. */
export function settleLoyalty(ctx: EmulatorContext, userId: string): void {
	const rule = latestRule(ctx, userId, RULE)
	if (!rule || rule.status !== 'Active') return
	if (monthsPaid(ctx, userId, rule.startedAt) >= LOYALTY_MONTHS_REQUIRED) {
		endRule(ctx, rule.id, 'Completed')
		ctx.db.prepare("UPDATE cloud_user_products SET rule_type = 'Reward' WHERE user_rule_id = ?").run(rule.id)
	} else if (runningRewardEligible(ctx, userId).length === 0) {
		endRule(ctx, rule.id, 'Ended')
	}
}

/** How many instruments the member may choose: by the tier of their (latest) paid subscription. */
function maxRewardInstruments(ctx: EmulatorContext, userId: string): number {
	const paid = listSubscriptions(ctx, userId).filter(
		(s) => s.type === SUBSCRIPTION_TYPE.Standard && s.data.rewardEligible,
	)
	const now = ctx.clock.now()
	const running = paid.filter((s) => isRunning(s, now))
	const tiers = (running.length ? running : paid.slice(0, 1)).map(
		(s) => findMembership(ctx, s.membershipId)?.maxRewardInstruments ?? 0,
	)
	return Math.max(0, ...tiers)
}

/** The reward instruments described from one read of the catalogue (asked on every account page). */
function instruments(ctx: EmulatorContext) {
	const products = new Map(listProducts(ctx).map((p) => [p.id, p]))
	return (productId: string) => {
		const p = products.get(productId)
		return p && { productId: p.id, productCode: p.productCode, name: p.name, image: p.image }
	}
}

export function loyaltyStatus(ctx: EmulatorContext, userId: string): z.input<typeof LoyaltyProgramSchema> {
	const rule = latestRule(ctx, userId, RULE)
	const instrument = instruments(ctx)
	const months = rule ? Math.min(LOYALTY_MONTHS_REQUIRED, monthsPaid(ctx, userId, rule.startedAt)) : 0
	return {
		name: LOYALTY_PROGRAM_NAME,
		ruleType: RULE,
		UserRuleId: rule?.id ?? null,
		rewardsStatus: rule ? rule.status : 'NotEnrolled',
		monthsRequired: LOYALTY_MONTHS_REQUIRED,
		monthsCompleted: months,
		monthsRemaining: LOYALTY_MONTHS_REQUIRED - months,
		maxRewardInstruments: rule ? maxRewardInstruments(ctx, userId) : 0,
		instrumentsAvailable: rewardPool(ctx).flatMap((id) => instrument(id) ?? []),
		currentRewardInstruments: rule ? listRuleProducts(ctx, rule.id).flatMap((p) => instrument(p.productId) ?? []) : [],
	}
}

function activeRule(ctx: EmulatorContext, userId: string, ruleId: string): UserRuleRow {
	const rule = latestRule(ctx, userId, RULE)
	if (!rule || rule.id !== ruleId) throw new CloudError(404, `Rule ${ruleId} was not found.`, 'RuleNotFound')
	if (rule.status !== 'Active') throw new CloudError(409, 'The reward choice is final.', 'RewardChoiceFinal')
	return rule
}

/** put-user-product: adds reward instruments to the member's choice. */
export function chooseRewards(ctx: EmulatorContext, userId: string, ruleId: string, productIds: string[]): void {
	const rule = activeRule(ctx, userId, ruleId)
	const pool = rewardPool(ctx)
	for (const id of productIds)
		if (!pool.includes(id))
			throw new CloudError(400, `Product ${id} is not a reward instrument.`, 'NotARewardInstrument')
	const current = listRuleProducts(ctx, rule.id).map((p) => p.productId)
	const added = [...new Set(productIds)].filter((id) => !current.includes(id))
	const max = maxRewardInstruments(ctx, userId)
	if (current.length + added.length > max)
		throw new CloudError(409, `You can choose up to ${max} reward instruments.`, 'TooManyRewardInstruments')
	const now = iso(ctx.clock.now())
	for (const productId of added) {
		insertUserProduct(ctx, {
			userId,
			productId,
			userProductType: 0,
			productType: 'Rule',
			ruleType: RULE,
			userRuleId: rule.id,
			entitlementKey: null,
			serialNumber: null,
			grantedAt: now,
		})
	}
}

/** delete-user-product: gives chosen reward instruments back. */
export function removeRewards(ctx: EmulatorContext, userId: string, ruleId: string, productIds: string[]): void {
	const rule = activeRule(ctx, userId, ruleId)
	const current = listRuleProducts(ctx, rule.id)
	for (const id of productIds) {
		if (!current.some((p) => p.productId === id))
			throw new CloudError(404, `Product ${id} is not one of your reward instruments.`, 'RewardInstrumentNotChosen')
	}
	const remove = ctx.db.prepare('DELETE FROM cloud_user_products WHERE user_rule_id = ? AND product_id = ?')
	for (const id of productIds) remove.run(rule.id, id)
}
