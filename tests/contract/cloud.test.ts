import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, type DemoAccountName } from '#server/emulator/demo.ts'
import { findUserByEmail, insertUser, tokenSubject, type UserRow } from '#server/emulator/account/users.ts'
import { hasActiveCloudSubscription } from '#server/emulator/cloud/subscriptions-table.ts'
import { failure, startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let cloud: typeof import('#app/upstream/cloud.server.ts')
let contract: typeof import('#app/upstream/contract/cloud.ts')

beforeAll(async () => {
	emu = await startEmulator()
	cloud = await import('#app/upstream/cloud.server.ts')
	contract = await import('#app/upstream/contract/cloud.ts')
})
afterEach(() => emu.clearFaults())
afterAll(() => emu.stop())

const DAY = 24 * 3600 * 1000
const FASTSPRING = 5

/**
 * The account API seeds the demo accounts; until its seed exists, make the
 * ones these tests use (same ids and emails).
 */
function demoUser(name: DemoAccountName): UserRow {
	const ctx = emu.emulator.context()
	const demo = DEMO_ACCOUNTS[name]
	return (
		findUserByEmail(ctx.db, demo.email) ??
		insertUser(ctx, {
			id: demo.id,
			email: demo.email,
			password: demo.password,
			status: 'active',
			profile: { firstName: demo.firstName, lastName: demo.lastName },
		})
	)
}

let fresh = 0
/** A customer of its own for a test that changes things. */
function freshUser(): UserRow {
	fresh += 1
	return insertUser(emu.emulator.context(), {
		email: `cloud-test-${fresh}@example.com`,
		password: 'Fresh1234',
		status: 'active',
		profile: { firstName: 'Fresh', lastName: `Customer ${fresh}`, country: 'US', cultureCode: 'en-US' },
	})
}

/** An id token as the portal holds one after sign-in. */
async function idToken(user: UserRow) {
	return (await emu.emulator.context().tokens.issue(tokenSubject(user))).idToken
}

/** Pays at the processor's checkout page, as the customer's browser does: only a paid checkout subscribes. */
async function pay(checkout: { checkoutUrl: string }) {
	const response = await fetch(checkout.checkoutUrl, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ decision: 'pay' }),
		redirect: 'manual',
	})
	expect(response.ok, `paying at ${checkout.checkoutUrl}: ${response.status}`).toBe(true)
}

/** A fresh customer who bought a plan through the FastSpring checkout. */
async function subscribedUser(planId = 'pro-monthly', offerId?: string) {
	const user = freshUser()
	const token = await idToken(user)
	const checkout = await cloud.validateToken(token, {
		source: FASTSPRING,
		email: user.email,
		planIds: [planId],
		offerId,
	})
	await pay(checkout)
	const subscription = await cloud.postSubscription(token, {
		type: 1,
		planIds: [planId],
		token: checkout.token,
		offerId,
	})
	return { user, token, checkout, subscription }
}

const now = () => emu.emulator.context().clock.now()

describe('the configured JSON lists', () => {
	it('serves the membership tiers with their plans: the top tier has the trial, annual saves up to 17%', async () => {
		const tiers = await cloud.getMembershipProducts()
		expect(tiers.map((t) => [t.name, t.rank, t.freeTrialDays])).toEqual([
			['Core', 1, 0],
			['Pro', 2, 0],
			['Ultimate', 3, 30],
		])
		const annual = tiers.map((t) => t.plans.find((p) => p.interval === 'Annual')!)
		for (const [i, plan] of annual.entries()) {
			const monthly = tiers[i]!.plans.find((p) => p.interval === 'Monthly')!
			expect(plan.savingPercent).toBe(Math.round((1 - plan.price.amount / (12 * monthly.price.amount)) * 100))
		}
		expect(Math.max(...annual.map((p) => p.savingPercent))).toBe(17)
		const [core, pro, ultimate] = tiers
		expect(pro!.productIds).toContain('tr-808')
		expect(pro!.productIds).not.toContain('jupiter-8')
		expect(ultimate!.productIds).toEqual(expect.arrayContaining([...core!.productIds, ...pro!.productIds, 'jupiter-8']))
	})

	it('serves offers, lifetime keys and hardware products, with images that answer', async () => {
		const offers = await cloud.getOffers()
		expect(offers.map((o) => o.id)).toEqual(
			expect.arrayContaining(['welcome-annual-20', 'come-back-monthly-50', 'upgrade-ultimate-25', 'summer-sale']),
		)
		expect(Date.parse(offers.find((o) => o.id === 'summer-sale')!.validUntil)).toBeLessThan(now())
		const keys = await cloud.getLifetimeKeys()
		expect(keys.find((k) => k.id === 'lk-rhythm')).toMatchObject({
			productIds: ['tr-808', 'tr-909', 'tb-303'],
			price: { amount: 299.99, currency: 'USD' },
		})
		const image = await fetch(keys[0]!.image)
		expect(image.headers.get('Content-Type')).toContain('image/svg+xml')
		expect(await image.text()).toContain(keys[0]!.name)
		const hardware = await cloud.getHardwareProducts()
		expect(hardware.map((h) => h.productCode)).toEqual(['SYSTEM-8', 'JUPITER-X', 'TR-8S', 'FANTOM-6', 'JD-08'])
	})

	it('reports an upstream failure or a malformed list as an error', async () => {
		await emu.fault({ path: '/cloud/content/offers.json', mode: 'status', status: 503 })
		expect(await failure(cloud.getOffers())).toMatchObject({ kind: 'status', status: 503 })
		await emu.fault({ path: '/cloud/content/membership-products.json', mode: 'malformed' })
		expect((await failure(cloud.getMembershipProducts())).kind).toBe('malformed')
		await emu.fault({ path: '/cloud/content/lifetime-keys.json', mode: 'status', status: 200 })
		expect((await failure(cloud.getLifetimeKeys())).kind).toBe('malformed')
		await emu.fault({ path: '/cloud/content/hardware-products.json', mode: 'drop' })
		expect((await failure(cloud.getHardwareProducts())).kind).toBe('network')
	})
})

describe('account details of the seeded cloud member', () => {
	it('lists the active subscription: Subscribed, Standard, through FastSpring', async () => {
		const member = demoUser('cloudMember')
		const [subscription, ...others] = await cloud.getUserSubscriptions(await idToken(member))
		expect(others).toEqual([])
		expect(subscription).toMatchObject({
			status: contract.SUBSCRIPTION_STATUS.Subscribed,
			type: contract.SUBSCRIPTION_TYPE.Standard,
			source: contract.SUBSCRIPTION_SOURCE.FastSpring,
			membershipName: 'Pro',
			interval: 'Monthly',
			price: { amount: 9.99, currency: 'USD' },
			endDate: null,
			rewardEligible: true,
			paymentMethod: 'Visa •••• 4242',
			processorStatus: 'Active',
		})
		const nextCharge = Date.parse(subscription!.nextChargeDate!)
		expect(nextCharge).toBeGreaterThan(now())
		expect(nextCharge).toBeLessThan(now() + 8 * DAY)
		expect(hasActiveCloudSubscription(emu.emulator.context().db, member.id)).toBe(true)
	})

	it('lists billing history, newest first, and refuses anyone else’s', async () => {
		const member = demoUser('cloudMember')
		const token = await idToken(member)
		const history = await cloud.getPaymentHistory(token, member.id)
		expect(history.length).toBeGreaterThanOrEqual(6)
		expect(history).toHaveLength(8)
		expect(history.every((p) => p.status === 'Paid' && p.amount.amount === 9.99 && p.source === 5)).toBe(true)
		expect([...history].sort((a, b) => b.date.localeCompare(a.date))).toEqual(history)
		expect(history[0]!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/)
		const other = await failure(cloud.getPaymentHistory(token, demoUser('customer').id))
		expect(other).toMatchObject({ status: 403, message: 'You can only read your own payment history.' })
	})

	it('lists user products: the tier’s instruments by rule, a lifetime key, a hardware registration and a reward', async () => {
		const member = demoUser('cloudMember')
		const products = await cloud.getUserProducts(await idToken(member))
		const byRule = products.filter((p) => p.ruleType === 'InstantUserProduct')
		expect(byRule.map((p) => p.productId)).toContain('tr-808')
		expect(byRule.every((p) => p.userProductType === 0 && p.UserSubscriptionRuleId === 'usr_demo_member_pro')).toBe(
			true,
		)
		expect(products.find((p) => p.userProductType === 1)).toMatchObject({
			productId: 'jupiter-8',
			productType: 'Key',
			entitlementKey: 'RCLK-J8LT-0003-CCCC',
		})
		expect(
			products.filter((p) => p.userProductType === 2).map((p) => [p.productId, p.productType, p.serialNumber]),
		).toEqual([
			['jupiter-x', 'Purchase', 'A7B2345'],
			['zenology', 'Purchase', 'A7B2345'],
		])
		expect(products.find((p) => p.ruleType === 'LoyaltyReward')).toMatchObject({
			productId: 'jd-800',
			UserRuleId: 'rule_demo_member_loyalty',
		})
		const anonymous = await failure(cloud.getUserProducts('not-a-token'))
		expect(anonymous).toMatchObject({ status: 401, message: 'Invalid token' })
	})

	it('lists all products with the tiers that include them', async () => {
		const products = await cloud.getAllProducts(await idToken(demoUser('customer')))
		expect(products.length).toBeGreaterThanOrEqual(15)
		expect(products.find((p) => p.id === 'tr-808')!.membershipProductIds).toEqual(['pro', 'ultimate'])
		// An access token is not an id token: the cloud API wants the id token.
		const access = (await emu.emulator.context().tokens.issue(tokenSubject(demoUser('customer')))).accessToken
		expect(await failure(cloud.getAllProducts(access))).toMatchObject({ status: 401 })
	})

	it('answers the rule status: no trial for the member, Play2-4Life running with 16 months to go', async () => {
		const status = await cloud.getUserRuleStatus(await idToken(demoUser('cloudMember')))
		expect(status.freeTrial).toMatchObject({ eligible: false, days: 30, membershipProductId: 'ultimate' })
		expect(status.loyaltyProgram).toMatchObject({
			name: 'Play2-4Life',
			UserRuleId: 'rule_demo_member_loyalty',
			rewardsStatus: 'Active',
			monthsCompleted: 8,
			monthsRemaining: 16,
			maxRewardInstruments: 2,
		})
		expect(status.loyaltyProgram.currentRewardInstruments.map((i) => i.productId)).toEqual(['jd-800'])
		expect(status.loyaltyProgram.instrumentsAvailable.length).toBeGreaterThan(2)
		expect(status.subscriptionRules).toEqual([
			expect.objectContaining({ UserSubscriptionRuleId: 'usr_demo_member_pro', ruleType: 'InstantUserProduct' }),
		])
		const expired = await failure(cloud.getUserRuleStatus('x.y.z'))
		expect(expired.status).toBe(401)
	})
})

describe('the free trial', () => {
	it('is refused to the cloud member, who has subscribed before', async () => {
		const refused = await failure(
			cloud.postSubscription(await idToken(demoUser('cloudMember')), { type: 2, planIds: ['ultimate-monthly'] }),
		)
		expect(refused).toMatchObject({
			status: 409,
			code: 'FreeTrialNotEligible',
			message: 'The free trial is only for first-time members.',
		})
	})

	it('is only for the top tier', async () => {
		const customer = demoUser('customer')
		const wrongTier = await failure(
			cloud.postSubscription(await idToken(customer), { type: 2, planIds: ['pro-monthly'] }),
		)
		expect(wrongTier).toMatchObject({ status: 400, message: 'The free trial is only for the Ultimate membership.' })
	})

	it('is granted to the customer: 30 days of the top tier, Subscribed, Trial, no rewards; then never again', async () => {
		const customer = demoUser('customer')
		const token = await idToken(customer)
		expect((await cloud.getUserRuleStatus(token)).freeTrial.eligible).toBe(true)
		const trial = await cloud.postSubscription(token, { type: 2, planIds: ['ultimate-monthly'] })
		expect(trial).toMatchObject({
			status: contract.SUBSCRIPTION_STATUS.Subscribed,
			type: contract.SUBSCRIPTION_TYPE.Trial,
			source: contract.SUBSCRIPTION_SOURCE.RolandCloud,
			membershipProductId: 'ultimate',
			ruleType: 'FreeTrial',
			rewardEligible: false,
			price: null,
			nextChargeDate: null,
			processorStatus: 'NotApplicable',
		})
		expect(Date.parse(trial.endDate!) - Date.parse(trial.createdDate)).toBe(30 * DAY)
		expect(await cloud.getUserSubscriptions(token)).toEqual([trial])
		const products = await cloud.getUserProducts(token)
		expect(products.find((p) => p.productId === 'jupiter-8')).toMatchObject({
			ruleType: 'FreeTrial',
			expiresDate: trial.endDate,
		})
		const status = await cloud.getUserRuleStatus(token)
		expect(status.freeTrial.eligible).toBe(false)
		expect(status.loyaltyProgram.rewardsStatus).toBe('NotEnrolled')
		const again = await failure(cloud.postSubscription(token, { type: 2, planIds: ['ultimate-monthly'] }))
		expect(again.code).toBe('FreeTrialNotEligible')
	})
})

describe('checkout and subscribing', () => {
	it('validates a checkout with an offer, subscribes with its token, and bills the discounted first payment', async () => {
		const { user, token, checkout, subscription } = await subscribedUser('pro-annual', 'welcome-annual-20')
		expect(checkout).toMatchObject({
			valid: true,
			source: 5,
			email: user.email,
			planIds: ['pro-annual'],
			offerId: 'welcome-annual-20',
		})
		expect(checkout.items[0]).toMatchObject({
			price: { amount: 99.99 },
			discountPercent: 20,
			total: { amount: 79.99, currency: 'USD' },
		})
		expect(subscription).toMatchObject({
			status: 4,
			type: 1,
			source: 5,
			planId: 'pro-annual',
			offerId: 'welcome-annual-20',
			rewardEligible: true,
			processorStatus: 'Active',
		})
		const nextCharge = new Date(subscription.nextChargeDate!)
		const created = new Date(subscription.createdDate)
		expect(nextCharge.getUTCFullYear() - created.getUTCFullYear()).toBe(1)
		expect(nextCharge.getUTCMonth()).toBe(created.getUTCMonth())
		expect((await cloud.getPaymentHistory(token, user.id)).map((p) => p.amount.amount)).toEqual([79.99])
		expect((await cloud.getUserRuleStatus(token)).loyaltyProgram).toMatchObject({
			rewardsStatus: 'Active',
			monthsCompleted: 12,
			maxRewardInstruments: 2,
		})

		const reused = await failure(
			cloud.postSubscription(token, { type: 1, planIds: ['pro-annual'], token: checkout.token }),
		)
		expect(reused).toMatchObject({ status: 409, message: 'This checkout was already used.' })
		const again = await failure(
			cloud.validateToken(token, { source: FASTSPRING, email: user.email, planIds: ['core-monthly'] }),
		)
		expect(again).toMatchObject({ status: 409, message: 'You already have an active subscription.' })
	})

	it('refuses what a checkout may not be', async () => {
		const user = freshUser()
		const token = await idToken(user)
		const ask = (params: Partial<Parameters<typeof cloud.validateToken>[1]>) =>
			failure(
				cloud.validateToken(token, { source: FASTSPRING, email: user.email, planIds: ['pro-monthly'], ...params }),
			)
		expect(await ask({ email: 'someone@example.com' })).toMatchObject({
			status: 403,
			message: 'Email does not match the signed-in user.',
		})
		expect(await ask({ source: 4 })).toMatchObject({
			status: 403,
			message: 'Purchases cannot be made through the Admin source.',
		})
		expect(await ask({ source: 9 as 1 })).toMatchObject({ status: 400, message: 'Invalid parameters.' })
		expect(await ask({ planIds: ['gold-monthly'] })).toMatchObject({
			status: 404,
			message: 'Plan gold-monthly was not found.',
		})
		expect(await ask({ offerId: 'summer-sale' })).toMatchObject({
			status: 400,
			message: 'Offer summer-sale has expired.',
		})
		expect(await ask({ offerId: 'welcome-annual-20' })).toMatchObject({
			status: 400,
			message: 'Offer welcome-annual-20 does not apply to plan pro-monthly.',
		})
		expect(await ask({ offerId: 'come-back-monthly-50' })).toMatchObject({
			status: 403,
			message: 'Offer come-back-monthly-50 is not available for this account.',
		})
		expect(await ask({ productIds: ['ultimate'] })).toMatchObject({
			status: 400,
			message: 'Product ultimate is not part of plan pro-monthly.',
		})
		const noToken = await failure(cloud.postSubscription(token, { type: 1, planIds: ['pro-monthly'] }))
		expect(noToken).toMatchObject({ status: 400, message: 'A checkout token is required for a paid subscription.' })
		const otherPlan = await cloud.validateToken(token, {
			source: FASTSPRING,
			email: user.email,
			planIds: ['core-monthly'],
		})
		await pay(otherPlan)
		const mismatch = await failure(
			cloud.postSubscription(token, { type: 1, planIds: ['pro-monthly'], token: otherPlan.token }),
		)
		expect(mismatch.message).toBe('The plan or offer does not match the checkout.')
		// The refused post did not use the checkout up.
		expect(
			await cloud.postSubscription(token, { type: 1, planIds: ['core-monthly'], token: otherPlan.token }),
		).toMatchObject({ planId: 'core-monthly' })
	})

	it('upgrades a lower tier: the old subscription is cancelled, the new one runs', async () => {
		const { user, token, subscription: core } = await subscribedUser('core-monthly')
		const checkout = await cloud.validateToken(token, {
			source: FASTSPRING,
			email: user.email,
			planIds: ['ultimate-monthly'],
			offerId: 'upgrade-ultimate-25',
		})
		expect(checkout.total.amount).toBe(14.99)
		await pay(checkout)
		const ultimate = await cloud.postSubscription(token, {
			type: 1,
			planIds: ['ultimate-monthly'],
			token: checkout.token,
			offerId: 'upgrade-ultimate-25',
		})
		const subscriptions = await cloud.getUserSubscriptions(token)
		expect(subscriptions.map((s) => [s.subscriptionId, s.status])).toEqual([
			[ultimate.subscriptionId, contract.SUBSCRIPTION_STATUS.Subscribed],
			[core.subscriptionId, contract.SUBSCRIPTION_STATUS.Cancelled],
		])
		expect((await cloud.getUserRuleStatus(token)).loyaltyProgram).toMatchObject({
			monthsCompleted: 2,
			maxRewardInstruments: 3,
		})
	})

	it('turns the customer’s running trial into a paid subscription', async () => {
		const customer = demoUser('customer')
		const token = await idToken(customer)
		const checkout = await cloud.validateToken(token, {
			source: 2,
			email: customer.email,
			planIds: ['ultimate-annual'],
		})
		await pay(checkout)
		const paid = await cloud.postSubscription(token, { type: 1, planIds: ['ultimate-annual'], token: checkout.token })
		expect(paid).toMatchObject({ source: contract.SUBSCRIPTION_SOURCE.Xsolla, type: 1, status: 4 })
		const trial = (await cloud.getUserSubscriptions(token)).find((s) => s.type === contract.SUBSCRIPTION_TYPE.Trial)
		expect(trial?.status).toBe(contract.SUBSCRIPTION_STATUS.TrialCancelled)
	})
})

describe('offers for a customer', () => {
	it('offers new customers the welcome offer and members the upgrade, filtered by plan', async () => {
		const newcomer = freshUser()
		const offersForNew = await cloud.getCustomersOffers(await idToken(newcomer))
		expect(offersForNew.map((o) => o.id).sort()).toEqual(['annual-10', 'welcome-annual-20'])
		const member = demoUser('cloudMember')
		const memberToken = await idToken(member)
		expect((await cloud.getCustomersOffers(memberToken, { email: member.email })).map((o) => o.id).sort()).toEqual([
			'annual-10',
			'upgrade-ultimate-25',
		])
		expect((await cloud.getCustomersOffers(memberToken, { planIds: ['ultimate-monthly'] })).map((o) => o.id)).toEqual([
			'upgrade-ultimate-25',
		])
		const mismatch = await failure(cloud.getCustomersOffers(memberToken, { email: 'owner@example.com' }))
		expect(mismatch).toMatchObject({ status: 403, message: 'Email does not match the signed-in user.' })
	})
})

describe('cancelling', () => {
	it('needs the processor side first, then leaves the subscription NonRenew to the end of its cycle, keys kept', async () => {
		const { user, token, subscription } = await subscribedUser('pro-monthly')
		await cloud.registerKey(token, { key: 'RCLK-JUNO-0005-EEEE' })
		const early = await failure(
			cloud.noRenewSubscription(token, {
				subscriptionId: subscription.subscriptionId,
				cancellationReason: 'financial',
			}),
		)
		expect(early).toMatchObject({ status: 409, message: 'Cancel the subscription with its payment processor first.' })

		const cancelled = await cloud.cancelSubscription(token, {
			subscriptionId: subscription.subscriptionId,
			cancellationReason: 'financial',
			cancellationComment: 'Too much this year.',
		})
		expect(cancelled).toMatchObject({
			status: contract.SUBSCRIPTION_STATUS.NonRenew,
			endDate: subscription.nextChargeDate,
			nextChargeDate: null,
			cancellationReason: 'financial',
			cancellationComment: 'Too much this year.',
			processorStatus: 'Cancelled',
		})
		expect(await cloud.getUserSubscriptions(token)).toEqual([cancelled])
		// Still active to the end of the billing cycle: the account cannot be deleted yet.
		expect(hasActiveCloudSubscription(emu.emulator.context().db, user.id)).toBe(true)
		const products = await cloud.getUserProducts(token)
		expect(products.find((p) => p.productId === 'tr-808')).toMatchObject({
			ruleType: 'InstantUserProduct',
			expiresDate: cancelled.endDate,
		})
		expect(products.filter((p) => p.entitlementKey === 'RCLK-JUNO-0005-EEEE').map((p) => p.productId)).toEqual([
			'juno-106',
			'juno-60',
		])

		const twice = await failure(
			cloud.noRenewSubscription(token, { subscriptionId: subscription.subscriptionId, cancellationReason: 'disuse' }),
		)
		expect(twice).toMatchObject({ status: 409, message: 'The subscription is already set not to renew.' })
		// Part 1 again is harmless.
		expect(await cloud.deleteSubscription(token, subscription.subscriptionId)).toMatchObject({
			processorStatus: 'Cancelled',
		})
	})

	it('refuses an unknown subscription and a bad reason', async () => {
		const token = await idToken(demoUser('cloudMember'))
		expect(await failure(cloud.deleteSubscription(token, 'sub_nope'))).toMatchObject({
			status: 404,
			message: 'Subscription sub_nope was not found.',
		})
		expect(
			await failure(cloud.cancelSubscription(token, { subscriptionId: 'sub_nope', cancellationReason: 'quality' })),
		).toMatchObject({ status: 404 })
		const bad = await failure(
			cloud.noRenewSubscription(token, {
				subscriptionId: 'sub_demo_member_pro',
				cancellationReason: 'too expensive' as 'quality',
			}),
		)
		expect(bad).toMatchObject({ status: 400, message: 'Invalid parameters.' })
		expect((await cloud.getUserSubscriptions(token))[0]!.status).toBe(contract.SUBSCRIPTION_STATUS.Subscribed)
	})

	it('lets a non-renewing member resubscribe: the same subscription renews again, nothing charged now', async () => {
		const { user, token, subscription } = await subscribedUser('pro-monthly')
		const cancelled = await cloud.cancelSubscription(token, {
			subscriptionId: subscription.subscriptionId,
			cancellationReason: 'instruments',
		})
		const checkout = await cloud.validateToken(token, {
			source: FASTSPRING,
			email: user.email,
			planIds: ['pro-monthly'],
		})
		const resumed = await cloud.postSubscription(token, { type: 1, planIds: ['pro-monthly'], token: checkout.token })
		expect(resumed).toMatchObject({
			subscriptionId: subscription.subscriptionId,
			status: contract.SUBSCRIPTION_STATUS.Subscribed,
			nextChargeDate: cancelled.endDate,
			endDate: null,
			cancellationReason: null,
			processorStatus: 'Active',
		})
		expect(await cloud.getPaymentHistory(token, user.id)).toHaveLength(1)
	})

	it('ends a cancelled trial at once', async () => {
		const user = freshUser()
		const token = await idToken(user)
		const trial = await cloud.postSubscription(token, { type: 2, planIds: ['ultimate-annual'] })
		expect(await cloud.deleteSubscription(token, trial.subscriptionId)).toEqual({
			subscriptionId: trial.subscriptionId,
			processorStatus: 'NotApplicable',
			cancelledDate: null,
		})
		const cancelled = await cloud.noRenewSubscription(token, {
			subscriptionId: trial.subscriptionId,
			cancellationReason: 'disuse',
		})
		expect(cancelled.status).toBe(contract.SUBSCRIPTION_STATUS.TrialCancelled)
		expect(await cloud.getUserProducts(token)).toEqual([])
		expect(hasActiveCloudSubscription(emu.emulator.context().db, user.id)).toBe(false)
	})
})

describe('Play2-4Life reward instruments', () => {
	it('lets a member choose and give back rewards up to the tier’s number, from the pool', async () => {
		const { token } = await subscribedUser('pro-monthly')
		const { loyaltyProgram } = await cloud.getUserRuleStatus(token)
		const UserRuleId = loyaltyProgram.UserRuleId!
		expect(loyaltyProgram).toMatchObject({
			rewardsStatus: 'Active',
			monthsCompleted: 1,
			monthsRemaining: 23,
			currentRewardInstruments: [],
		})

		const chosen = await cloud.putUserProduct(token, { UserRuleId, productIds: ['jupiter-8', 'srx-piano'] })
		expect(chosen.currentRewardInstruments.map((i) => i.productId)).toEqual(['jupiter-8', 'srx-piano'])
		expect(
			(await cloud.getUserProducts(token)).filter((p) => p.ruleType === 'LoyaltyReward').map((p) => p.productId),
		).toEqual(['jupiter-8', 'srx-piano'])
		const tooMany = await failure(cloud.putUserProduct(token, { UserRuleId, productIds: ['sh-2'] }))
		expect(tooMany).toMatchObject({ status: 409, message: 'You can choose up to 2 reward instruments.' })
		const notReward = await failure(cloud.putUserProduct(token, { UserRuleId, productIds: ['zenology'] }))
		expect(notReward).toMatchObject({ status: 400, message: 'Product zenology is not a reward instrument.' })

		const swapped = await cloud.deleteUserProduct(token, { UserRuleId, productIds: ['srx-piano'] })
		expect(swapped.currentRewardInstruments.map((i) => i.productId)).toEqual(['jupiter-8'])
		const notChosen = await failure(cloud.deleteUserProduct(token, { UserRuleId, productIds: ['srx-piano'] }))
		expect(notChosen).toMatchObject({
			status: 404,
			message: 'Product srx-piano is not one of your reward instruments.',
		})
		const otherRule = await failure(
			cloud.deleteUserProduct(token, { UserRuleId: 'rule_demo_member_loyalty', productIds: ['jd-800'] }),
		)
		expect(otherRule).toMatchObject({ status: 404, message: 'Rule rule_demo_member_loyalty was not found.' })
	})
})

describe('the card on file', () => {
	it('hands out the processor’s page, where a plain form changes the card', async () => {
		const { token, subscription } = await subscribedUser('core-annual')
		const { url, expiresDate } = await cloud.getPaymentInformationUrl(token, subscription.subscriptionId)
		expect(Date.parse(expiresDate)).toBeGreaterThan(now())
		const page = await fetch(url)
		const html = await page.text()
		expect(html).toContain('<label for="number">Card number</label>')
		expect(html).toContain('autocomplete="cc-number"')
		expect(html).not.toContain('<script')

		const post = (fields: Record<string, string>) =>
			fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams(fields),
			})
		const wrong = await post({ name: 'Fresh Customer', number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' })
		expect(wrong.status).toBe(400)
		const wrongHtml = await wrong.text()
		expect(wrongHtml).toContain('<p class="error" role="alert">Please correct the 3 fields below.</p>')
		expect(wrongHtml).toContain('aria-describedby="number-error"')
		expect(wrongHtml).toContain('This card has expired.')

		const right = await post({ name: 'Fresh Customer', number: '5555 5555 5555 4444', expiry: '12/39', cvc: '123' })
		expect(right.status).toBe(200)
		expect(await right.text()).toContain('Mastercard •••• 4444')
		expect((await cloud.getUserSubscriptions(token))[0]!.paymentMethod).toBe('Mastercard •••• 4444')
		expect((await fetch(url)).status).toBe(410)
	})

	it('has no page for a subscription no processor bills', async () => {
		const user = freshUser()
		const token = await idToken(user)
		const trial = await cloud.postSubscription(token, { type: 2, planIds: ['ultimate-monthly'] })
		const refused = await failure(cloud.getPaymentInformationUrl(token, trial.subscriptionId))
		expect(refused).toMatchObject({
			status: 409,
			message: 'This subscription is not billed through a payment processor.',
		})
	})
})

describe('the cloud’s copy of the user', () => {
	it('put-user creates and updates it; a partial update keeps the rest', async () => {
		const user = freshUser()
		const token = await idToken(user)
		const created = await cloud.putUser(token, {
			email: user.email,
			firstName: 'Robin',
			lastName: 'Player',
			country: 'de',
			cultureCode: 'de-DE',
		})
		expect(created).toMatchObject({
			id: user.id,
			email: user.email,
			firstName: 'Robin',
			lastName: 'Player',
			country: 'DE',
			cultureCode: 'de-DE',
		})
		const updated = await cloud.putUser(token, { email: 'robin.new@example.com', lastName: 'Keys' })
		expect(updated).toMatchObject({
			email: 'robin.new@example.com',
			firstName: 'Robin',
			lastName: 'Keys',
			country: 'DE',
		})
		expect(updated.createdDate).toBe(created.createdDate)
		const invalid = await failure(cloud.putUser(token, { email: 'not-an-email' }))
		expect(invalid).toMatchObject({ status: 400, message: 'Invalid parameters.' })
	})

	it('put-anonymize scrubs it; a user the cloud never knew is ignored; an active subscription refuses', async () => {
		const user = freshUser()
		const token = await idToken(user)
		expect(await cloud.anonymizeUser(token)).toBeNull()
		await cloud.putUser(token, { email: user.email, firstName: 'Sam' })
		const done = await cloud.anonymizeUser(token)
		expect(done).toMatchObject({ userId: user.id, anonymized: true })
		expect(await cloud.anonymizeUser(token)).toBeNull()

		const member = await failure(cloud.anonymizeUser(await idToken(demoUser('cloudMember'))))
		expect(member).toMatchObject({ status: 409, message: contract.ACTIVE_SUBSCRIPTIONS_MESSAGE })
	})

	it('get-products-images answers an image per product and names the unknown ones', async () => {
		const token = await idToken(demoUser('customer'))
		const { images, missing } = await cloud.getProductsImages(token, ['jupiter-8', 'no-such-thing'])
		expect(images).toEqual([expect.objectContaining({ productId: 'jupiter-8', productCode: 'JUPITER-8' })])
		expect(missing).toEqual(['no-such-thing'])
		const svg = await fetch(images[0]!.thumbnail)
		expect(await svg.text()).toMatch(/^<svg [^>]*width="160"/)
		expect(await failure(cloud.getProductsImages(token, []))).toMatchObject({
			status: 400,
			message: 'Invalid parameters.',
		})
	})
})

describe('registering an entitlement key or a serial number', () => {
	async function refusal(promise: Promise<unknown>) {
		const error = await failure(promise)
		return { status: error.status, message: error.message, failure: contract.keyRegistrationFailure(error.body) }
	}

	it('registers a lifetime key: RCM-STATUS-DONE and its instruments for life', async () => {
		const user = freshUser()
		const token = await idToken(user)
		const done = await cloud.registerKey(token, { key: 'rclk-j8lt-0001-aaaa' })
		expect(done).toMatchObject({
			message: 'RCM-STATUS-DONE',
			kind: 'EntitlementKey',
			key: 'RCLK-J8LT-0001-AAAA',
			productCode: 'LK-JUPITER-8',
		})
		expect(done.products).toEqual([
			expect.objectContaining({ productId: 'jupiter-8', userProductType: 1, productType: 'Key', expiresDate: null }),
		])
		expect((await cloud.getUserProducts(token)).map((p) => p.productId)).toEqual(['jupiter-8'])
		expect(await refusal(cloud.registerKey(token, { key: 'RCLK-J8LT-0001-AAAA' }))).toEqual({
			status: 409,
			message: 'RCM-STATUS-ALREADY-REGISTERED',
			failure: 'alreadyRegistered',
		})
	})

	it('answers each way a key registration fails', async () => {
		const token = await idToken(freshUser())
		expect(await refusal(cloud.registerKey(token, { key: 'RCLK-J8LT-0003-CCCC' }))).toMatchObject({
			status: 409,
			failure: 'alreadyRegistered',
		})
		expect(await refusal(cloud.registerKey(token, { key: 'RCLK-ZZZZ-9999-ZZZZ' }))).toEqual({
			status: 404,
			message: 'RCM-STATUS-NOT-FOUND',
			failure: 'notFound',
		})
		expect(await refusal(cloud.registerKey(token, { key: 'RCLK-RHYT-0004-DDDD' }))).toEqual({
			status: 422,
			message: 'RCM-STATUS-UNABLE-TO-REGISTER',
			failure: 'unableToRegister',
		})
		expect(await refusal(cloud.registerKey(token, { key: 'not-a-key' }))).toEqual({
			status: 400,
			message: 'RCM-STATUS-INVALID-KEY',
			failure: 'invalidKey',
		})
		expect(
			await refusal(cloud.registerKey(token, { key: 'RCLK-TR8L-0002-BBBB', productCode: 'LK-JUNO' })),
		).toMatchObject({ failure: 'notFound' })
	})

	it('registers a hardware serial number with its product code, and answers each way that fails', async () => {
		const token = await idToken(freshUser())
		const done = await cloud.registerKey(token, { key: 'Z8A1234', productCode: 'SYSTEM-8' })
		expect(done).toMatchObject({ message: 'RCM-STATUS-DONE', kind: 'SerialNumber', productCode: 'SYSTEM-8' })
		expect(done.products.map((p) => [p.productId, p.userProductType, p.productType, p.serialNumber])).toEqual([
			['jupiter-8', 2, 'Purchase', 'Z8A1234'],
			['juno-106', 2, 'Purchase', 'Z8A1234'],
		])
		expect(await refusal(cloud.registerKey(token, { key: 'A7B2345', productCode: 'JUPITER-X' }))).toMatchObject({
			status: 409,
			failure: 'alreadyRegistered',
		})
		expect(await refusal(cloud.registerKey(token, { key: 'F6C4567', productCode: 'FANTOM-6' }))).toMatchObject({
			status: 422,
			failure: 'unableToRegister',
		})
		expect(await refusal(cloud.registerKey(token, { key: 'Z8A1234', productCode: 'TR-8S' }))).toMatchObject({
			status: 404,
			failure: 'notFound',
		})
		expect(await refusal(cloud.registerKey(token, { key: '12', productCode: 'TR-8S' }))).toMatchObject({
			status: 400,
			failure: 'invalidKey',
		})
	})
})

describe('as time passes', () => {
	it('renews, ends non-renewing subscriptions and trials, completes or ends Play2-4Life, and expires id tokens', async () => {
		const ctx = emu.emulator.context()
		const renewing = await subscribedUser('pro-monthly')
		const leaving = await subscribedUser('pro-monthly')
		const leavingRule = (await cloud.getUserRuleStatus(leaving.token)).loyaltyProgram.UserRuleId!
		await cloud.putUserProduct(leaving.token, { UserRuleId: leavingRule, productIds: ['jd-800'] })
		await cloud.registerKey(leaving.token, { key: 'RCLK-TR8L-0002-BBBB' })
		await cloud.cancelSubscription(leaving.token, {
			subscriptionId: leaving.subscription.subscriptionId,
			cancellationReason: 'disuse',
		})
		const loyal = await subscribedUser('ultimate-annual')
		const loyalRule = (await cloud.getUserRuleStatus(loyal.token)).loyaltyProgram.UserRuleId!
		await cloud.putUserProduct(loyal.token, { UserRuleId: loyalRule, productIds: ['system-100', 'promars'] })
		const trialist = freshUser()
		await cloud.postSubscription(await idToken(trialist), { type: 2, planIds: ['ultimate-monthly'] })
		const staleToken = renewing.token

		await emu.advanceClock(32 * DAY)
		const expired = await failure(cloud.getUserSubscriptions(staleToken))
		expect(expired).toMatchObject({ status: 401, code: 'TokenExpired', message: 'Id Token has expired' })

		const renewingToken = await idToken(renewing.user)
		const payments = await cloud.getPaymentHistory(renewingToken, renewing.user.id)
		expect(payments.map((p) => p.amount.amount)).toEqual([9.99, 9.99])
		const [running] = await cloud.getUserSubscriptions(renewingToken)
		expect(Date.parse(running!.nextChargeDate!)).toBeGreaterThan(now())
		expect((await cloud.getUserRuleStatus(renewingToken)).loyaltyProgram.monthsCompleted).toBe(2)

		const leavingToken = await idToken(leaving.user)
		expect((await cloud.getUserSubscriptions(leavingToken))[0]!.status).toBe(contract.SUBSCRIPTION_STATUS.Expired)
		expect(hasActiveCloudSubscription(ctx.db, leaving.user.id)).toBe(false)
		expect((await cloud.getUserProducts(leavingToken)).map((p) => p.productId)).toEqual(['tr-808'])
		const ended = await cloud.getUserRuleStatus(leavingToken)
		expect(ended.loyaltyProgram).toMatchObject({ rewardsStatus: 'Ended', monthsCompleted: 1 })
		expect(
			await failure(cloud.putUserProduct(leavingToken, { UserRuleId: leavingRule, productIds: ['sh-2'] })),
		).toMatchObject({
			status: 409,
			message: 'The reward choice is final.',
		})
		expect(await cloud.getPaymentHistory(leavingToken, leaving.user.id)).toHaveLength(1)
		expect((await cloud.getCustomersOffers(leavingToken)).map((o) => o.id)).toContain('come-back-monthly-50')

		const trialToken = await idToken(trialist)
		expect((await cloud.getUserSubscriptions(trialToken))[0]!.status).toBe(contract.SUBSCRIPTION_STATUS.TrialExpired)
		expect(await cloud.getUserProducts(trialToken)).toEqual([])

		await emu.advanceClock(365 * DAY)
		const loyalToken = await idToken(loyal.user)
		const completed = (await cloud.getUserRuleStatus(loyalToken)).loyaltyProgram
		expect(completed).toMatchObject({ rewardsStatus: 'Completed', monthsCompleted: 24, monthsRemaining: 0 })
		const rewards = (await cloud.getUserProducts(loyalToken)).filter((p) => p.ruleType === 'Reward')
		expect(rewards.map((p) => [p.productId, p.expiresDate])).toEqual([
			['system-100', null],
			['promars', null],
		])
		expect(
			await failure(cloud.deleteUserProduct(loyalToken, { UserRuleId: loyalRule, productIds: ['promars'] })),
		).toMatchObject({
			message: 'The reward choice is final.',
		})
	})
})
