/**
 * Offers and checkouts: which offers a customer may use, and
 * `api/token/{source}/validate`, which prices a plan (with an offer) for a
 * payment source and hands back a checkout token that post-subscription
 * takes within 30 minutes, once.
 */
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import {
	SUBSCRIPTION_SOURCE,
	SUBSCRIPTION_TYPE,
	type Offer,
	type ValidateTokenResponseSchema,
} from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { findPlan, listOffers, money } from './catalogue.ts'
import { CloudError, iso, listSubscriptions } from './store.ts'
import { checkoutDecision, checkoutPageUrl } from './checkout-page.ts'
import { assertCanSubscribe, resumable, running } from './subscriptions.ts'

export const CHECKOUT_SECONDS = 30 * 60

function audienceOf(ctx: EmulatorContext, userId: string) {
	const current = running(ctx, userId)
	return {
		everSubscribed: listSubscriptions(ctx, userId).length > 0,
		runningAny: current.length > 0,
		runningPaid: current.some((s) => s.type === SUBSCRIPTION_TYPE.Standard),
	}
}

function inWindow(offer: Offer, now: number): boolean {
	return Date.parse(offer.validFrom) <= now && now < Date.parse(offer.validUntil)
}

function forAudience(offer: Offer, audience: ReturnType<typeof audienceOf>): boolean {
	switch (offer.audience) {
		case 'all':
			return true
		case 'new':
			return !audience.everSubscribed
		case 'returning':
			return audience.everSubscribed && !audience.runningAny
		case 'members':
			return audience.runningPaid
	}
}

/** The offers this customer may use now, optionally only those on some plans. */
export function customersOffers(ctx: EmulatorContext, userId: string, planIds?: string[]): Offer[] {
	const now = ctx.clock.now()
	const audience = audienceOf(ctx, userId)
	return listOffers(ctx).filter(
		(o) =>
			inWindow(o, now) && forAudience(o, audience) && (!planIds?.length || o.planIds.some((p) => planIds.includes(p))),
	)
}

export function validateCheckout(
	ctx: EmulatorContext,
	userId: string,
	input: { source: number; email: string; planIds: string[]; productIds: string[]; offerId: string | null },
): z.input<typeof ValidateTokenResponseSchema> {
	if (input.source === SUBSCRIPTION_SOURCE.Admin)
		throw new CloudError(403, 'Purchases cannot be made through the Admin source.', 'SourceNotAllowed')
	const planId = input.planIds[0]!
	const found = findPlan(ctx, planId)
	if (!found) throw new CloudError(404, `Plan ${planId} was not found.`, 'PlanNotFound')
	const { plan, membership } = found
	for (const productId of input.productIds) {
		if (productId !== membership.id)
			throw new CloudError(400, `Product ${productId} is not part of plan ${plan.id}.`, 'ProductNotInPlan')
	}
	let discountPercent = 0
	if (input.offerId) {
		const offer = listOffers(ctx).find((o) => o.id === input.offerId)
		if (!offer) throw new CloudError(404, `Offer ${input.offerId} was not found.`, 'OfferNotFound')
		if (!inWindow(offer, ctx.clock.now())) throw new CloudError(400, `Offer ${offer.id} has expired.`, 'OfferExpired')
		if (!offer.planIds.includes(plan.id))
			throw new CloudError(400, `Offer ${offer.id} does not apply to plan ${plan.id}.`, 'OfferNotForPlan')
		if (!forAudience(offer, audienceOf(ctx, userId)))
			throw new CloudError(403, `Offer ${offer.id} is not available for this account.`, 'OfferNotForAccount')
		discountPercent = offer.discountPercent
	}
	assertCanSubscribe(ctx, userId, membership)
	const total = money(plan.price.amount * (1 - discountPercent / 100), plan.price.currency)
	const token = `chk_${randomBytes(24).toString('base64url')}`
	const expiresAt = ctx.clock.now() + CHECKOUT_SECONDS * 1000
	ctx.db
		.prepare(
			'INSERT INTO cloud_checkouts (token, user_id, source, plan_id, offer_id, product_ids, amount, currency, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			token,
			userId,
			input.source,
			plan.id,
			input.offerId,
			JSON.stringify(input.productIds),
			total.amount,
			total.currency,
			expiresAt,
		)
	return {
		valid: true,
		token,
		source: input.source as z.input<typeof ValidateTokenResponseSchema>['source'],
		email: input.email,
		planIds: [plan.id],
		productIds: input.productIds,
		offerId: input.offerId,
		items: [
			{
				planId: plan.id,
				membershipProductId: membership.id,
				name: `${membership.name} (${plan.interval})`,
				interval: plan.interval,
				price: plan.price,
				discountPercent,
				total,
			},
		],
		total,
		expiresDate: iso(expiresAt),
		checkoutUrl: checkoutPageUrl(ctx, token),
	}
}

export interface Checkout {
	source: number
	planId: string
	offerId: string | null
	amount: number
	currency: string
}

/** Uses a checkout token once: it must be this user's, unused, unexpired and for this plan. */
export function takeCheckout(
	ctx: EmulatorContext,
	userId: string,
	token: string,
	planId: string,
	offerId: string | undefined,
): Checkout {
	const row = ctx.db.prepare('SELECT * FROM cloud_checkouts WHERE token = ? AND user_id = ?').get(token, userId) as
		| {
				source: number
				plan_id: string
				offer_id: string | null
				amount: number
				currency: string
				expires_at: number
				used_at: number | null
		  }
		| undefined
	if (!row) throw new CloudError(404, 'Checkout was not found.', 'CheckoutNotFound')
	if (row.used_at !== null) throw new CloudError(409, 'This checkout was already used.', 'CheckoutUsed')
	if (row.expires_at <= ctx.clock.now()) throw new CloudError(410, 'This checkout has expired.', 'CheckoutExpired')
	// The customer pays at the processor's checkout page before the subscription may start. Resubscribing
	// charges nothing now (the card on file renews it at its end): unless cancelled there, it needs no payment.
	const decision = checkoutDecision(ctx, token)
	if (decision !== 'paid' && (decision === 'cancelled' || !resumable(ctx, userId, row.plan_id))) {
		throw new CloudError(
			402,
			decision === 'cancelled' ? 'This checkout was cancelled.' : 'This checkout has not been paid.',
			decision === 'cancelled' ? 'CheckoutCancelled' : 'CheckoutNotPaid',
		)
	}
	if (row.plan_id !== planId || (offerId !== undefined && offerId !== row.offer_id)) {
		throw new CloudError(400, 'The plan or offer does not match the checkout.', 'CheckoutMismatch')
	}
	ctx.db.prepare('UPDATE cloud_checkouts SET used_at = ? WHERE token = ?').run(ctx.clock.now(), token)
	return { source: row.source, planId: row.plan_id, offerId: row.offer_id, amount: row.amount, currency: row.currency }
}
