/**
 * An admin call's work (`POST /_emulator/subscriptions`): a paid subscription that started some months
 * ago, as if the account had bought it then, for journeys and benchmarks that need a member with a
 * billing history. Only the start is set here, with its first payment and Play2-4Life enrolment; the
 * cloud API's own rules (`settle`) then charge every renewal due since, as they would have.
 */
import { SUBSCRIPTION_SOURCE, SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE } from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { transaction } from '../db.ts'
import { findPlan } from './catalogue.ts'
import { ensureEnrolment } from './loyalty.ts'
import { ensureCloudUser } from './service.ts'
import { CloudError, insertPayment, iso, newId, saveSubscription } from './store.ts'
import { addMonths, intervalMonths, paymentDescription, running, settle, TEST_CARD } from './subscriptions.ts'

const HOUR = 3600 * 1000

export function backdatedSubscription(
	ctx: EmulatorContext,
	userId: string,
	input: { planId: string; monthsAgo: number },
): string {
	return transaction(ctx.db, () => {
		settle(ctx, userId)
		const found = findPlan(ctx, input.planId)
		if (!found) throw new CloudError(404, `Plan ${input.planId} was not found.`, 'PlanNotFound')
		if (running(ctx, userId).length > 0)
			throw new CloudError(409, 'You already have an active subscription.', 'SubscriptionActive')
		ensureCloudUser(ctx, userId, undefined)
		const { plan, membership } = found
		// An hour past the month boundary, so the latest renewal is already due and the next one ahead.
		const created = addMonths(ctx.clock.now(), -input.monthsAgo) - HOUR
		const id = newId('sub')
		saveSubscription(ctx, {
			id,
			userId,
			type: SUBSCRIPTION_TYPE.Standard,
			status: SUBSCRIPTION_STATUS.Subscribed,
			source: SUBSCRIPTION_SOURCE.FastSpring,
			membershipId: membership.id,
			planId: plan.id,
			createdAt: iso(created),
			nextChargeAt: iso(addMonths(created, intervalMonths(plan))),
			endAt: null,
			cancellationReason: null,
			cancellationComment: null,
			data: {
				offerId: null,
				rewardEligible: true,
				processorStatus: 'Active',
				processorCancelledAt: null,
				paymentMethod: TEST_CARD,
				ruleId: newId('usr'),
				ruleType: 'InstantUserProduct',
			},
		})
		insertPayment(ctx, {
			userId,
			subscriptionId: id,
			paidAt: iso(created),
			amount: plan.price.amount,
			currency: plan.price.currency,
			months: intervalMonths(plan),
			description: paymentDescription(membership, plan),
			paymentMethod: TEST_CARD,
			source: SUBSCRIPTION_SOURCE.FastSpring,
		})
		ensureEnrolment(ctx, userId, iso(created))
		settle(ctx, userId)
		return id
	})
}
