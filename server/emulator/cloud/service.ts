/**
 * `POST api/service`: one call, many actions (spec 2 §7). Each action's
 * payload and answer are in the cloud contract.
 */
import type { z } from 'zod'
import {
	ACTIVE_SUBSCRIPTIONS_MESSAGE,
	FREE_TRIAL_DAYS,
	SUBSCRIPTION_TYPE,
	type AnonymizeResponseSchema,
	type CloudUserSchema,
	type ProductsImagesResponseSchema,
	type ServiceRequestSchema,
	type UserRuleStatusSchema,
} from '#app/upstream/contract/cloud.ts'
import { findUserById } from '../account/users.ts'
import type { EmulatorContext } from '../context.ts'
import { findMembership, findProduct, imageUrl, topMembership } from './catalogue.ts'
import { takeCheckout } from './checkout.ts'
import { chooseRewards, loyaltyStatus, removeRewards } from './loyalty.ts'
import { CloudError, findCloudUser, iso, saveCloudUser, type CloudUserRow } from './store.ts'
import { noRenew, running, startTrial, subscribe, subscriptionView, trialEligible } from './subscriptions.ts'

type ServiceRequest = z.infer<typeof ServiceRequestSchema>

function cloudUserView(u: CloudUserRow): z.input<typeof CloudUserSchema> {
	return {
		id: u.id,
		email: u.email,
		firstName: u.firstName,
		lastName: u.lastName,
		country: u.country,
		cultureCode: u.cultureCode,
		createdDate: u.createdAt,
		updatedDate: u.updatedAt,
	}
}

/** The cloud's copy of a user, made from the account when the cloud first needs it. */
export function ensureCloudUser(ctx: EmulatorContext, userId: string, email: string | undefined): CloudUserRow {
	const existing = findCloudUser(ctx, userId)
	if (existing && !existing.anonymizedAt) return existing
	const account = findUserById(ctx.db, userId)
	const profile = account?.profile ?? {}
	const text = (key: string) => (typeof profile[key] === 'string' ? (profile[key] as string) : null)
	return saveCloudUser(ctx, {
		id: userId,
		email: account?.email ?? email ?? '',
		firstName: text('firstName'),
		lastName: text('lastName'),
		country: text('country'),
		cultureCode: text('cultureCode'),
	})
}

export function ruleStatus(ctx: EmulatorContext, userId: string): z.input<typeof UserRuleStatusSchema> {
	const top = topMembership(ctx)
	const trialPlan = top.plans.find((p) => p.interval === 'Monthly') ?? top.plans[0]!
	return {
		freeTrial: {
			ruleType: 'FreeTrial',
			eligible: trialEligible(ctx, userId),
			days: FREE_TRIAL_DAYS,
			membershipProductId: top.id,
			planId: trialPlan.id,
		},
		loyaltyProgram: loyaltyStatus(ctx, userId),
		subscriptionRules: running(ctx, userId).map((s) => ({
			UserSubscriptionRuleId: s.data.ruleId,
			subscriptionId: s.id,
			ruleType: s.data.ruleType,
			productIds: findMembership(ctx, s.membershipId)?.productIds ?? [],
			rewardEligible: s.data.rewardEligible,
		})),
	}
}

function anonymize(ctx: EmulatorContext, userId: string): z.input<typeof AnonymizeResponseSchema> {
	const user = findCloudUser(ctx, userId)
	// The client ignores this 'was not found' (spec 2 §8): nothing to anonymize.
	if (!user || user.anonymizedAt) throw new CloudError(404, `User ${userId} was not found.`, 'UserNotFound')
	if (running(ctx, userId).length > 0) throw new CloudError(409, ACTIVE_SUBSCRIPTIONS_MESSAGE, 'ActiveSubscriptions')
	const now = iso(ctx.clock.now())
	saveCloudUser(ctx, {
		id: userId,
		email: `anonymized-${userId}@invalid`,
		firstName: null,
		lastName: null,
		country: null,
		cultureCode: null,
		anonymizedAt: now,
	})
	// Billing records stay for the books, without the card.
	ctx.db.prepare('UPDATE cloud_payments SET payment_method = NULL WHERE user_id = ?').run(userId)
	return { userId, anonymized: true, anonymizedDate: now }
}

function productsImages(ctx: EmulatorContext, productIds: string[]): z.input<typeof ProductsImagesResponseSchema> {
	const images: z.input<typeof ProductsImagesResponseSchema>['images'] = []
	const missing: string[] = []
	for (const id of productIds) {
		const product = findProduct(ctx, id)
		if (!product) missing.push(id)
		else
			images.push({
				productId: id,
				productCode: product.productCode,
				image: product.image,
				thumbnail: imageUrl(ctx, 'products', id, 160),
			})
	}
	return { images, missing }
}

export function runAction(
	ctx: EmulatorContext,
	userId: string,
	tokenEmail: string | undefined,
	request: ServiceRequest,
): unknown {
	switch (request.action) {
		case 'put-user': {
			const existing = findCloudUser(ctx, userId)
			const keep = existing && !existing.anonymizedAt ? existing : undefined
			return cloudUserView(
				saveCloudUser(ctx, {
					id: userId,
					email: request.email,
					firstName: request.firstName ?? keep?.firstName ?? null,
					lastName: request.lastName ?? keep?.lastName ?? null,
					country: request.country ?? keep?.country ?? null,
					cultureCode: request.cultureCode ?? keep?.cultureCode ?? null,
				}),
			)
		}
		case 'get-user-rule-status':
			return ruleStatus(ctx, userId)
		case 'put-user-product':
			chooseRewards(ctx, userId, request.UserRuleId, request.productIds)
			return loyaltyStatus(ctx, userId)
		case 'delete-user-product':
			removeRewards(ctx, userId, request.UserRuleId, request.productIds)
			return loyaltyStatus(ctx, userId)
		case 'no-renew-subscription':
			return subscriptionView(ctx, noRenew(ctx, userId, request))
		case 'post-subscription': {
			ensureCloudUser(ctx, userId, tokenEmail)
			const planId = request.planIds[0]!
			if (request.type === SUBSCRIPTION_TYPE.Trial) return subscriptionView(ctx, startTrial(ctx, userId, planId))
			if (!request.token)
				throw new CloudError(400, 'A checkout token is required for a paid subscription.', 'CheckoutRequired')
			const checkout = takeCheckout(ctx, userId, request.token, planId, request.offerId)
			return subscriptionView(ctx, subscribe(ctx, userId, checkout))
		}
		case 'put-anonymize':
			return anonymize(ctx, userId)
		case 'get-products-images':
			return productsImages(ctx, request.productIds)
	}
}
