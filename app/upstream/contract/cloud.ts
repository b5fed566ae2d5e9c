/**
 * The cloud subscription API (spec 2 §1, §3–§5, §7–§9): every request and
 * answer body. The spec shows the calls, the ids and the enumerations; the
 * shapes are designed here (ids are strings, dates ISO 8601 strings, money a
 * decimal amount with an ISO 4217 currency).
 *
 * The model behind them:
 * - membership products (tiers Core, Pro, Ultimate) each have a monthly and an
 *   annual plan; the top tier has the 30-day free trial;
 * - a paid subscription starts from a checkout token (`api/token/{source}/validate`)
 *   handed to `post-subscription`; it renews at each next charge, and is
 *   cancelled in two steps: the processor side (`DELETE api/Processors/subscription/{id}`),
 *   then `no-renew-subscription` with the reason;
 * - a subscription's tier grants its instruments through a subscription rule
 *   (`UserSubscriptionRuleId`); the loyalty program Play2-4Life is a user rule
 *   (`UserRuleId`) whose reward instruments are chosen with put/delete-user-product;
 * - entitlement keys (lifetime keys) and hardware serial numbers are registered
 *   through the notification hub, granting user products of type Key or Other.
 */
import { z } from 'zod'
import { SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE } from '#app/domain/cloud-subscription-codes.ts'

// ── Spec 2 §3 enumerations ──────────────────────────────────────────────

// The types and statuses are the spec's words, which the membership rules speak too: they live with the rules.
export { SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE }
export const SUBSCRIPTION_SOURCE = { RolandCloud: 1, Xsolla: 2, Xchange: 3, Admin: 4, FastSpring: 5 } as const
/** The spec gives rule types no numbers: they travel as their names. */
export const RULE_TYPES = [
	'Reward',
	'FreeTrial',
	'InstantUserProduct',
	'FreeSub',
	'LoyaltyReward',
	'Trial',
	'InstantReward',
	'Free',
] as const
export const USER_PRODUCT_TYPE = { Rule: 0, Key: 1, Other: 2 } as const
/** How a user got a product: Rule and Key are user product types Rule and Key; Admin and Purchase are Other. */
export const PRODUCT_TYPES = ['Rule', 'Key', 'Admin', 'Purchase'] as const
/** Spec 2 §3: the request-side cancel reasons. */
export const CANCELLATION_REASONS = ['instruments', 'quality', 'financial', 'disuse'] as const
export const PLAN_INTERVALS = ['Monthly', 'Annual'] as const

export const SubscriptionTypeSchema = z.literal(Object.values(SUBSCRIPTION_TYPE))
export const SubscriptionStatusSchema = z.literal(Object.values(SUBSCRIPTION_STATUS))
export const SubscriptionSourceSchema = z.literal(Object.values(SUBSCRIPTION_SOURCE))
export const RuleTypeSchema = z.enum(RULE_TYPES)
export const UserProductTypeSchema = z.literal(Object.values(USER_PRODUCT_TYPE))
export const ProductTypeSchema = z.enum(PRODUCT_TYPES)
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS)
export const PlanIntervalSchema = z.enum(PLAN_INTERVALS)

/** Spec 2 §9 and §4. */
export const FREE_TRIAL_DAYS = 30
export const LOYALTY_PROGRAM_NAME = 'Play2-4Life'
/** Play2-4Life: after this many paid months the chosen reward instruments are the member's for life. */
export const LOYALTY_MONTHS_REQUIRED = 24
/** The notification hub's answer to a registration that worked (spec 2 §7). */
export const KEY_REGISTRATION_DONE = 'RCM-STATUS-DONE'
/** Its answers to the four ways a registration fails (spec 2 §4; wording designed). */
export const KEY_REGISTRATION_FAILURES = {
	notFound: 'RCM-STATUS-NOT-FOUND',
	alreadyRegistered: 'RCM-STATUS-ALREADY-REGISTERED',
	unableToRegister: 'RCM-STATUS-UNABLE-TO-REGISTER',
	invalidKey: 'RCM-STATUS-INVALID-KEY',
} as const
export type KeyRegistrationFailure = keyof typeof KEY_REGISTRATION_FAILURES
/** Spec 2 §8: deletion refused while a subscription runs (the cloud API answers it to put-anonymize). */
export const ACTIVE_SUBSCRIPTIONS_MESSAGE =
	'Your account has active Roland Cloud subscriptions and cannot be deleted. If you still hope to delete your account, please contact us.'
export const FREE_TRIAL_REFUSED_MESSAGE = 'The free trial is only for first-time members.'

/** An entitlement key as printed on a lifetime-key card: RCLK and three groups of four. */
export const ENTITLEMENT_KEY_PATTERN = /^RCLK(-[A-Z0-9]{4}){3}$/
/** A hardware serial number: 7 to 8 letters and digits (spec 1 §5). */
export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9]{7,8}$/

// ── Shared pieces ───────────────────────────────────────────────────────

const isoDate = z.iso.datetime()
const id = z.string().min(1).max(128)

export const MoneySchema = z.object({
	/** Decimal, two places: 9.99. */
	amount: z.number().nonnegative(),
	currency: z.string().length(3),
})
export type Money = z.infer<typeof MoneySchema>

// ── Catalogue: the configured JSON lists and all-products ───────────────

/** A cloud instrument or app (`GET api/account-details/all-products`). */
export const CloudProductSchema = z.object({
	id,
	productCode: z.string(),
	name: z.string(),
	category: z.string(),
	description: z.string(),
	image: z.url(),
	/** The membership products (tiers) that include it. */
	membershipProductIds: z.array(id),
})
export type CloudProduct = z.infer<typeof CloudProductSchema>

export const PlanSchema = z.object({
	id,
	membershipProductId: id,
	interval: PlanIntervalSchema,
	price: MoneySchema,
	/** What the price comes to per month. */
	monthlyEquivalent: MoneySchema,
	/** Against twelve monthly payments, whole percent (spec 2 §9: annual saves up to 17%); 0 for monthly. */
	savingPercent: z.number().int().min(0).max(100),
})
export type Plan = z.infer<typeof PlanSchema>

/** `content/membership-products.json`: the tiers, lowest first. */
export const MembershipProductSchema = z.object({
	id,
	name: z.string(),
	/** 1 is the lowest tier; the highest rank is the top tier. */
	rank: z.number().int().positive(),
	description: z.string(),
	features: z.array(z.string()),
	productIds: z.array(id),
	/** 30 on the top tier, 0 elsewhere. */
	freeTrialDays: z.number().int().min(0),
	/** How many reward instruments a member of this tier chooses in Play2-4Life. */
	maxRewardInstruments: z.number().int().min(0),
	plans: z.array(PlanSchema),
})
export type MembershipProduct = z.infer<typeof MembershipProductSchema>
export const MembershipProductsSchema = z.array(MembershipProductSchema)

export const OFFER_AUDIENCES = ['all', 'new', 'returning', 'members'] as const
/** `content/offers.json`: promotions on plans. */
export const OfferSchema = z.object({
	id,
	name: z.string(),
	description: z.string(),
	planIds: z.array(id),
	discountPercent: z.number().int().min(1).max(100),
	/** new: never subscribed; returning: subscribed before, nothing running now; members: a paid subscription running. */
	audience: z.enum(OFFER_AUDIENCES),
	validFrom: isoDate,
	validUntil: isoDate,
})
export type Offer = z.infer<typeof OfferSchema>
export const OffersSchema = z.array(OfferSchema)

/** `content/lifetime-keys.json`: instrument collections bought once. */
export const LifetimeKeySchema = z.object({
	id,
	productCode: z.string(),
	name: z.string(),
	description: z.string(),
	productIds: z.array(id),
	price: MoneySchema,
	image: z.url(),
})
export type LifetimeKey = z.infer<typeof LifetimeKeySchema>
export const LifetimeKeysSchema = z.array(LifetimeKeySchema)

/** `content/hardware-products.json`: hardware whose serial number unlocks cloud products. */
export const HardwareProductSchema = z.object({
	productCode: z.string(),
	name: z.string(),
	image: z.url(),
	productIds: z.array(id),
})
export type HardwareProduct = z.infer<typeof HardwareProductSchema>
export const HardwareProductsSchema = z.array(HardwareProductSchema)

/**
 * `content/refund-policy.json`: where the cloud's refund policy is published (the spec leaves it
 * open; the terms and the privacy policy have calls of their own): a page per language, `url` for
 * the others.
 */
export const RefundPolicySchema = z.object({
	url: z.url(),
	/** Two-letter language code → its page. */
	byLanguage: z.record(z.string(), z.url()),
	updateDate: isoDate,
})
export type RefundPolicy = z.infer<typeof RefundPolicySchema>

export const CloudProductsSchema = z.array(CloudProductSchema)

// ── Account details ─────────────────────────────────────────────────────

/** `GET api/account-details/user-subscriptions`: every subscription of the user, newest first. */
export const SubscriptionSchema = z.object({
	subscriptionId: id,
	type: SubscriptionTypeSchema,
	status: SubscriptionStatusSchema,
	source: SubscriptionSourceSchema,
	membershipProductId: id,
	membershipName: z.string(),
	planId: id,
	interval: PlanIntervalSchema,
	/** What each renewal charges; null for a trial. */
	price: MoneySchema.nullable(),
	offerId: id.nullable(),
	createdDate: isoDate,
	nextChargeDate: isoDate.nullable(),
	endDate: isoDate.nullable(),
	/** Whether it counts towards Play2-4Life (a trial does not). */
	rewardEligible: z.boolean(),
	/** The rule through which it grants its tier's instruments. */
	UserSubscriptionRuleId: id,
	ruleType: RuleTypeSchema,
	cancellationReason: CancellationReasonSchema.nullable(),
	cancellationComment: z.string().nullable(),
	/** The card on file, masked: 'Visa •••• 4242'. */
	paymentMethod: z.string().nullable(),
	/** The payment processor's side: Active, Cancelled, or NotApplicable when no processor bills it. */
	processorStatus: z.enum(['Active', 'Cancelled', 'NotApplicable']),
})
export type Subscription = z.infer<typeof SubscriptionSchema>
export const SubscriptionsSchema = z.array(SubscriptionSchema)

/** `GET api/account-details/user-products`: what the user may use, and how they got it. */
export const UserProductSchema = z.object({
	id,
	productId: id,
	productCode: z.string(),
	name: z.string(),
	image: z.url(),
	userProductType: UserProductTypeSchema,
	productType: ProductTypeSchema,
	ruleType: RuleTypeSchema.nullable(),
	UserRuleId: id.nullable(),
	UserSubscriptionRuleId: id.nullable(),
	subscriptionId: id.nullable(),
	entitlementKey: z.string().nullable(),
	serialNumber: z.string().nullable(),
	grantedDate: isoDate,
	/** When access ends (the subscription's end); null for products kept for life. */
	expiresDate: isoDate.nullable(),
})
export type UserProduct = z.infer<typeof UserProductSchema>
export const UserProductsSchema = z.array(UserProductSchema)

/** `GET api/account-details/user-payment-history/{userId}`: newest first. */
export const PaymentSchema = z.object({
	paymentId: id,
	subscriptionId: id,
	date: isoDate,
	description: z.string(),
	amount: MoneySchema,
	status: z.enum(['Paid', 'Refunded', 'Failed']),
	invoiceNumber: z.string(),
	paymentMethod: z.string().nullable(),
	source: SubscriptionSourceSchema,
})
export type Payment = z.infer<typeof PaymentSchema>
export const PaymentHistorySchema = z.array(PaymentSchema)

// ── Processors ──────────────────────────────────────────────────────────

/** `GET api/Processors/payment-information/{subscriptionId}/url`: a page of the processor where the card is changed. */
export const PaymentInformationUrlSchema = z.object({ url: z.url(), expiresDate: isoDate })

/** `DELETE api/Processors/subscription/{subscriptionId}`: cancel, part 1. */
export const ProcessorCancellationSchema = z.object({
	subscriptionId: id,
	processorStatus: z.enum(['Cancelled', 'NotApplicable']),
	cancelledDate: isoDate.nullable(),
})

// ── Checkout and offers ─────────────────────────────────────────────────

/** `POST api/token/{source}/validate`: the spec's upper-camel names. A checkout buys one plan. */
export const ValidateTokenRequestSchema = z.object({
	ProductIds: z.array(id).max(10).default([]),
	OfferId: id.nullish(),
	Email: z.email(),
	PlanIds: z.array(id).length(1),
})
export type ValidateTokenRequest = z.input<typeof ValidateTokenRequestSchema>

export const CheckoutItemSchema = z.object({
	planId: id,
	membershipProductId: id,
	name: z.string(),
	interval: PlanIntervalSchema,
	price: MoneySchema,
	discountPercent: z.number().int().min(0).max(100),
	/** The first payment, after the offer's discount. */
	total: MoneySchema,
})

/** A validated checkout: its token is what post-subscription takes, for 30 minutes. */
export const ValidateTokenResponseSchema = z.object({
	valid: z.literal(true),
	token: z.string().min(1),
	source: SubscriptionSourceSchema,
	email: z.email(),
	planIds: z.array(id),
	productIds: z.array(id),
	offerId: id.nullable(),
	items: z.array(CheckoutItemSchema),
	total: MoneySchema,
	expiresDate: isoDate,
	/**
	 * The processor's hosted checkout page for this token: the browser goes there (with `return`, the
	 * merchant's page it comes back to with `checkout` and `result` = paid or cancelled).
	 */
	checkoutUrl: z.url(),
})
export type ValidateTokenResponse = z.infer<typeof ValidateTokenResponseSchema>

/** `POST api/management/functions/get-customers-offers`: both filters optional; an email must be the caller's. */
export const CustomersOffersRequestSchema = z.object({ email: z.email().optional(), planIds: z.array(id).optional() })
export const CustomersOffersResponseSchema = z.object({ offers: OffersSchema })

// ── POST api/service, by action ─────────────────────────────────────────

export const CloudUserSchema = z.object({
	id,
	email: z.string(),
	firstName: z.string().nullable(),
	lastName: z.string().nullable(),
	country: z.string().nullable(),
	cultureCode: z.string().nullable(),
	createdDate: isoDate,
	updatedDate: isoDate,
})
export type CloudUser = z.infer<typeof CloudUserSchema>

/** put-user: creates or updates the cloud's copy of the signed-in customer. */
export const PutUserRequestSchema = z.object({
	action: z.literal('put-user'),
	email: z.email(),
	firstName: z.string().trim().max(100).optional(),
	lastName: z.string().trim().max(100).optional(),
	country: z.string().length(2).toUpperCase().optional(),
	cultureCode: z.string().max(16).optional(),
})

export const GetUserRuleStatusRequestSchema = z.object({ action: z.literal('get-user-rule-status') })

/** put-user-product: choose reward instruments of the loyalty program. */
export const PutUserProductRequestSchema = z.object({
	action: z.literal('put-user-product'),
	UserRuleId: id,
	productIds: z.array(id).min(1).max(10),
})
/** delete-user-product: give chosen reward instruments back (while the program runs). */
export const DeleteUserProductRequestSchema = z.object({
	action: z.literal('delete-user-product'),
	UserRuleId: id,
	productIds: z.array(id).min(1).max(10),
})

/** no-renew-subscription: cancel, part 2. */
export const NoRenewSubscriptionRequestSchema = z.object({
	action: z.literal('no-renew-subscription'),
	subscriptionId: id,
	cancellationReason: CancellationReasonSchema,
	cancellationComment: z.string().trim().max(1000).optional(),
})

/**
 * post-subscription: type Standard (1) with the checkout token of a validated
 * checkout, or type Trial (2) on a plan of the top tier, for first-time
 * members only.
 */
export const PostSubscriptionRequestSchema = z.object({
	action: z.literal('post-subscription'),
	type: z.literal([SUBSCRIPTION_TYPE.Standard, SUBSCRIPTION_TYPE.Trial]),
	planIds: z.array(id).length(1),
	productIds: z.array(id).max(10).optional(),
	offerId: id.optional(),
	token: z.string().min(1).max(256).optional(),
})

export const PutAnonymizeRequestSchema = z.object({ action: z.literal('put-anonymize') })

export const GetProductsImagesRequestSchema = z.object({
	action: z.literal('get-products-images'),
	productIds: z.array(id).min(1).max(100),
})

export const ServiceRequestSchema = z.discriminatedUnion('action', [
	PutUserRequestSchema,
	GetUserRuleStatusRequestSchema,
	PutUserProductRequestSchema,
	DeleteUserProductRequestSchema,
	NoRenewSubscriptionRequestSchema,
	PostSubscriptionRequestSchema,
	PutAnonymizeRequestSchema,
	GetProductsImagesRequestSchema,
])
export type ServiceRequest = z.input<typeof ServiceRequestSchema>

const RewardInstrumentSchema = z.object({ productId: id, productCode: z.string(), name: z.string(), image: z.url() })

/**
 * Spec 2 §3 loyalty program: instruments available, current reward
 * instruments, rewards status, months remaining. Active: choices can change;
 * Completed: the months are paid, the instruments are kept for life; Ended: the
 * paid membership stopped first. After Completed or Ended the choice is final.
 */
export const LoyaltyProgramSchema = z.object({
	name: z.literal(LOYALTY_PROGRAM_NAME),
	ruleType: z.literal('LoyaltyReward'),
	UserRuleId: id.nullable(),
	rewardsStatus: z.enum(['NotEnrolled', 'Active', 'Completed', 'Ended']),
	monthsRequired: z.number().int().positive(),
	monthsCompleted: z.number().int().min(0),
	monthsRemaining: z.number().int().min(0),
	maxRewardInstruments: z.number().int().min(0),
	instrumentsAvailable: z.array(RewardInstrumentSchema),
	currentRewardInstruments: z.array(RewardInstrumentSchema),
})
export type LoyaltyProgram = z.infer<typeof LoyaltyProgramSchema>

export const UserRuleStatusSchema = z.object({
	freeTrial: z.object({
		ruleType: z.literal('FreeTrial'),
		eligible: z.boolean(),
		days: z.number().int().positive(),
		membershipProductId: id,
		planId: id,
	}),
	loyaltyProgram: LoyaltyProgramSchema,
	/** The rules of the user's running subscriptions. */
	subscriptionRules: z.array(
		z.object({
			UserSubscriptionRuleId: id,
			subscriptionId: id,
			ruleType: RuleTypeSchema,
			productIds: z.array(id),
			rewardEligible: z.boolean(),
		}),
	),
})
export type UserRuleStatus = z.infer<typeof UserRuleStatusSchema>

export const AnonymizeResponseSchema = z.object({ userId: id, anonymized: z.literal(true), anonymizedDate: isoDate })

export const ProductsImagesResponseSchema = z.object({
	images: z.array(z.object({ productId: id, productCode: z.string(), image: z.url(), thumbnail: z.url() })),
	/** Asked-for ids that name no product. */
	missing: z.array(z.string()),
})

// ── Notification hub ────────────────────────────────────────────────────

/**
 * `POST api/notifications/key/{key}/register?productCode=`: an entitlement key, or a serial number
 * with its hardware's productCode.
 */
export const KeyRegistrationQuerySchema = z.object({ productCode: z.string().min(1).max(64).optional() })

export const KeyRegistrationResponseSchema = z.object({
	message: z.literal(KEY_REGISTRATION_DONE),
	kind: z.enum(['EntitlementKey', 'SerialNumber']),
	key: z.string(),
	productCode: z.string(),
	/** What it granted. */
	products: UserProductsSchema,
})
export type KeyRegistrationResponse = z.infer<typeof KeyRegistrationResponseSchema>

/** The body of a failed registration (4xx): `message` and `code` are the RCM status. */
export const KeyRegistrationErrorSchema = z.object({
	message: z.enum(Object.values(KEY_REGISTRATION_FAILURES) as [string, ...string[]]),
	code: z.string(),
})

/** Which failure a registration error body names, if any. */
export function keyRegistrationFailure(body: unknown): KeyRegistrationFailure | undefined {
	const parsed = KeyRegistrationErrorSchema.safeParse(body)
	if (!parsed.success) return undefined
	return (Object.keys(KEY_REGISTRATION_FAILURES) as KeyRegistrationFailure[]).find(
		(k) => KEY_REGISTRATION_FAILURES[k] === parsed.data.message,
	)
}
