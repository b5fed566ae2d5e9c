/**
 * Seeds the cloud API: the catalogue, the entitlement keys and serial
 * numbers (one per registration outcome), and the demo cloud member: an
 * active Pro subscription through FastSpring with eight months of billing,
 * Play2-4Life running with one reward chosen, a lifetime key and a hardware
 * registration. The demo customer has never subscribed (trial eligible).
 */
import { SUBSCRIPTION_SOURCE, SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE } from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { DEMO_ACCOUNTS } from '../demo.ts'
import { ENTITLEMENT_KEYS, SERIAL_NUMBERS } from './catalogue-data.ts'
import { findHardware, findPlan, listLifetimeKeys, seedCatalogue } from './catalogue.ts'
import { insertPayment, insertRule, insertUserProduct, iso, saveCloudUser, saveSubscription } from './store.ts'
import { addMonths, intervalMonths, paymentDescription } from './subscriptions.ts'

const DAY = 24 * 3600 * 1000
const MEMBER_KEY = 'RCLK-J8LT-0003-CCCC'
const MEMBER_SERIAL = ['JUPITER-X', 'A7B2345'] as const

export function seedCloud(ctx: EmulatorContext): void {
	seedCatalogue(ctx)
	const member = DEMO_ACCOUNTS.cloudMember
	const now = ctx.clock.now()
	// Eight monthly payments so far; the next charge is five days ahead.
	const created = addMonths(now, -8) + 5 * DAY
	const at = (days: number) => iso(created + days * DAY)

	const insertKey = ctx.db.prepare(
		'INSERT OR REPLACE INTO cloud_entitlement_keys (key, lifetime_key_id, status, registered_by, registered_at) VALUES (?, ?, ?, ?, ?)',
	)
	for (const [key, lifetimeKeyId, status] of ENTITLEMENT_KEYS) {
		const mine = key === MEMBER_KEY
		insertKey.run(key, lifetimeKeyId, status, mine ? member.id : null, mine ? at(10) : null)
	}
	const insertSerial = ctx.db.prepare(
		'INSERT OR REPLACE INTO cloud_serial_numbers (product_code, serial, status, registered_by, registered_at) VALUES (?, ?, ?, ?, ?)',
	)
	for (const [productCode, serial, status] of SERIAL_NUMBERS) {
		const mine = productCode === MEMBER_SERIAL[0] && serial === MEMBER_SERIAL[1]
		insertSerial.run(productCode, serial, status, mine ? member.id : null, mine ? at(20) : null)
	}

	saveCloudUser(ctx, {
		id: member.id,
		email: member.email,
		firstName: member.firstName,
		lastName: member.lastName,
		country: member.country,
		cultureCode: member.cultureCode,
	})
	const { plan, membership } = findPlan(ctx, 'pro-monthly')!
	const subscriptionId = 'sub_demo_member_pro'
	saveSubscription(ctx, {
		id: subscriptionId,
		userId: member.id,
		type: SUBSCRIPTION_TYPE.Standard,
		status: SUBSCRIPTION_STATUS.Subscribed,
		source: SUBSCRIPTION_SOURCE.FastSpring,
		membershipId: membership.id,
		planId: plan.id,
		createdAt: iso(created),
		nextChargeAt: iso(addMonths(created, 8)),
		endAt: null,
		cancellationReason: null,
		cancellationComment: null,
		data: {
			offerId: null,
			rewardEligible: true,
			processorStatus: 'Active',
			processorCancelledAt: null,
			paymentMethod: 'Visa •••• 4242',
			ruleId: 'usr_demo_member_pro',
			ruleType: 'InstantUserProduct',
		},
	})
	for (let month = 0; month < 8; month++) {
		insertPayment(ctx, {
			userId: member.id,
			subscriptionId,
			paidAt: iso(addMonths(created, month)),
			amount: plan.price.amount,
			currency: plan.price.currency,
			months: intervalMonths(plan),
			description: paymentDescription(membership, plan),
			paymentMethod: 'Visa •••• 4242',
			source: SUBSCRIPTION_SOURCE.FastSpring,
		})
	}

	const loyalty = insertRule(ctx, {
		id: 'rule_demo_member_loyalty',
		userId: member.id,
		ruleType: 'LoyaltyReward',
		startedAt: iso(created),
	})
	const product = (
		productId: string,
		grantedAt: string,
		how: { entitlementKey?: string; serialNumber?: string; userRuleId?: string },
	) =>
		insertUserProduct(ctx, {
			userId: member.id,
			productId,
			userProductType: how.entitlementKey ? 1 : how.serialNumber ? 2 : 0,
			productType: how.entitlementKey ? 'Key' : how.serialNumber ? 'Purchase' : 'Rule',
			ruleType: how.userRuleId ? 'LoyaltyReward' : null,
			userRuleId: how.userRuleId ?? null,
			entitlementKey: how.entitlementKey ?? null,
			serialNumber: how.serialNumber ?? null,
			grantedAt,
		})
	product('jd-800', at(40), { userRuleId: loyalty.id })
	for (const productId of listLifetimeKeys(ctx).find((k) => k.id === 'lk-jupiter-8')!.productIds)
		product(productId, at(10), { entitlementKey: MEMBER_KEY })
	for (const productId of findHardware(ctx, MEMBER_SERIAL[0])!.productIds)
		product(productId, at(20), { serialNumber: MEMBER_SERIAL[1] })
}
