/**
 * The cloud subscription API client (spec 2 §7): every call sends
 * `Bearer {id token}`, except the JSON lists read from their configured
 * paths, which are public files. Shapes are in `contract/cloud.ts`.
 */
import type { z } from 'zod'
import {
	AnonymizeResponseSchema,
	CloudProductsSchema,
	CloudUserSchema,
	CustomersOffersResponseSchema,
	HardwareProductsSchema,
	KeyRegistrationResponseSchema,
	RefundPolicySchema,
	LifetimeKeysSchema,
	LoyaltyProgramSchema,
	MembershipProductsSchema,
	OffersSchema,
	PaymentHistorySchema,
	PaymentInformationUrlSchema,
	ProcessorCancellationSchema,
	ProductsImagesResponseSchema,
	SubscriptionSchema,
	SubscriptionsSchema,
	UserProductsSchema,
	UserRuleStatusSchema,
	ValidateTokenResponseSchema,
	type CancellationReasonSchema,
	type SubscriptionSourceSchema,
} from './contract/cloud.ts'
import { isUpstreamError } from './errors.ts'
import { upstreamRequest, type RequestOptions } from './http.server.ts'

interface CallOptions {
	signal?: AbortSignal
}

/** Where the JSON lists live under the cloud base (spec 2 §7: "read from configured paths"). */
export const CONTENT_PATHS = {
	offers: 'content/offers.json',
	membershipProducts: 'content/membership-products.json',
	lifetimeKeys: 'content/lifetime-keys.json',
	hardwareProducts: 'content/hardware-products.json',
	refundPolicy: 'content/refund-policy.json',
} as const

function call<S extends z.ZodType>(idToken: string, options: Omit<RequestOptions<S>, 'auth'>): Promise<z.infer<S>> {
	return upstreamRequest('cloud', { ...options, auth: { kind: 'bearer', token: idToken } })
}

function service<S extends z.ZodType>(
	idToken: string,
	body: { action: string } & Record<string, unknown>,
	schema: S,
	options: CallOptions,
) {
	// The `get-…` actions only read: safe to send twice (http.server.ts `exchange`).
	const idempotent = body.action.startsWith('get-')
	return call(idToken, { method: 'POST', path: 'api/service', body, schema, signal: options.signal, idempotent })
}

// ── Account details ─────────────────────────────────────────────────────

export function getUserProducts(idToken: string, options: CallOptions = {}) {
	return call(idToken, {
		path: 'api/account-details/user-products',
		schema: UserProductsSchema,
		signal: options.signal,
	})
}

export function getAllProducts(idToken: string, options: CallOptions = {}) {
	return call(idToken, {
		path: 'api/account-details/all-products',
		schema: CloudProductsSchema,
		signal: options.signal,
	})
}

export function getUserSubscriptions(idToken: string, options: CallOptions = {}) {
	return call(idToken, {
		path: 'api/account-details/user-subscriptions',
		schema: SubscriptionsSchema,
		signal: options.signal,
	})
}

/** The user's own billing history only. */
export function getPaymentHistory(idToken: string, userId: string, options: CallOptions = {}) {
	return call(idToken, {
		path: `api/account-details/user-payment-history/${encodeURIComponent(userId)}`,
		schema: PaymentHistorySchema,
		signal: options.signal,
	})
}

// ── Processors ──────────────────────────────────────────────────────────

/** The processor's page where the card is changed: send the browser there. */
export function getPaymentInformationUrl(idToken: string, subscriptionId: string, options: CallOptions = {}) {
	return call(idToken, {
		path: `api/Processors/payment-information/${encodeURIComponent(subscriptionId)}/url`,
		schema: PaymentInformationUrlSchema,
		signal: options.signal,
	})
}

/** Cancel, part 1: the processor side. */
export function deleteSubscription(idToken: string, subscriptionId: string, options: CallOptions = {}) {
	return call(idToken, {
		method: 'DELETE',
		path: `api/Processors/subscription/${encodeURIComponent(subscriptionId)}`,
		schema: ProcessorCancellationSchema,
		signal: options.signal,
	})
}

// ── Checkout and offers ─────────────────────────────────────────────────

/** Prices a plan (with an offer) for a payment source and answers the checkout token post-subscription takes. */
export function validateToken(
	idToken: string,
	params: {
		source: z.infer<typeof SubscriptionSourceSchema>
		email: string
		planIds: string[]
		productIds?: string[]
		offerId?: string | null
	},
	options: CallOptions = {},
) {
	return call(idToken, {
		method: 'POST',
		path: `api/token/${params.source}/validate`,
		body: {
			ProductIds: params.productIds ?? [],
			OfferId: params.offerId ?? null,
			Email: params.email,
			PlanIds: params.planIds,
		},
		schema: ValidateTokenResponseSchema,
		signal: options.signal,
	})
}

/** The offers this customer may use now. */
export async function getCustomersOffers(
	idToken: string,
	params: { email?: string; planIds?: string[] } = {},
	options: CallOptions = {},
) {
	const answer = await call(idToken, {
		method: 'POST',
		path: 'api/management/functions/get-customers-offers',
		body: params,
		schema: CustomersOffersResponseSchema,
		signal: options.signal,
	})
	return answer.offers
}

// ── api/service actions ─────────────────────────────────────────────────

export function putUser(
	idToken: string,
	user: { email: string; firstName?: string; lastName?: string; country?: string; cultureCode?: string },
	options: CallOptions = {},
) {
	return service(idToken, { action: 'put-user', ...user }, CloudUserSchema, options)
}

export function getUserRuleStatus(idToken: string, options: CallOptions = {}) {
	return service(idToken, { action: 'get-user-rule-status' }, UserRuleStatusSchema, options)
}

/** Chooses Play2-4Life reward instruments; answers the program as it now stands. */
export function putUserProduct(
	idToken: string,
	params: { UserRuleId: string; productIds: string[] },
	options: CallOptions = {},
) {
	return service(idToken, { action: 'put-user-product', ...params }, LoyaltyProgramSchema, options)
}

/** Gives chosen reward instruments back while the program runs. */
export function deleteUserProduct(
	idToken: string,
	params: { UserRuleId: string; productIds: string[] },
	options: CallOptions = {},
) {
	return service(idToken, { action: 'delete-user-product', ...params }, LoyaltyProgramSchema, options)
}

export interface Cancellation {
	subscriptionId: string
	cancellationReason: z.infer<typeof CancellationReasonSchema>
	cancellationComment?: string
}

/** Cancel, part 2: stops renewing; the subscription runs to the end of its billing cycle. */
export function noRenewSubscription(idToken: string, params: Cancellation, options: CallOptions = {}) {
	return service(idToken, { action: 'no-renew-subscription', ...params }, SubscriptionSchema, options)
}

/**
 * Subscribes (type 1, with a validated checkout's token) or starts the free trial (type 2, top tier,
 * first-time members only).
 */
export function postSubscription(
	idToken: string,
	params: { type: 1 | 2; planIds: string[]; productIds?: string[]; offerId?: string; token?: string },
	options: CallOptions = {},
) {
	return service(idToken, { action: 'post-subscription', ...params }, SubscriptionSchema, options)
}

/** put-anonymize; a user the cloud never knew is nothing to anonymize: null (spec 2 §8: 'was not found' is ignored). */
export async function anonymizeUser(
	idToken: string,
	options: CallOptions = {},
): Promise<z.infer<typeof AnonymizeResponseSchema> | null> {
	try {
		return await service(idToken, { action: 'put-anonymize' }, AnonymizeResponseSchema, options)
	} catch (error) {
		if (isUpstreamError(error) && /was not found/i.test(error.message)) return null
		throw error
	}
}

export function getProductsImages(idToken: string, productIds: string[], options: CallOptions = {}) {
	return service(idToken, { action: 'get-products-images', productIds }, ProductsImagesResponseSchema, options)
}

/** The spec's cancel: the processor side, then no-renew with the reason. */
export async function cancelSubscription(idToken: string, params: Cancellation, options: CallOptions = {}) {
	await deleteSubscription(idToken, params.subscriptionId, options)
	return noRenewSubscription(idToken, params, options)
}

// ── Notification hub ────────────────────────────────────────────────────

/**
 * Registers an entitlement key, or a hardware serial number with its
 * product code. A refusal is rethrown as it came (spec 2 §7): an
 * UpstreamError whose `body.message` is the RCM status; `keyRegistrationFailure`
 * in the contract names it.
 */
export function registerKey(idToken: string, params: { key: string; productCode?: string }, options: CallOptions = {}) {
	return call(idToken, {
		method: 'POST',
		path: `api/notifications/key/${encodeURIComponent(params.key.trim())}/register`,
		// A key may be letters only: the metrics name the call, not the key.
		call: 'POST /api/notifications/key/:key/register',
		query: { productCode: params.productCode },
		schema: KeyRegistrationResponseSchema,
		signal: options.signal,
	})
}

// ── The configured JSON lists (public) ──────────────────────────────────

export function getOffers(options: CallOptions = {}) {
	return upstreamRequest('cloud', { path: CONTENT_PATHS.offers, schema: OffersSchema, signal: options.signal })
}

export function getMembershipProducts(options: CallOptions = {}) {
	return upstreamRequest('cloud', {
		path: CONTENT_PATHS.membershipProducts,
		schema: MembershipProductsSchema,
		signal: options.signal,
	})
}

export function getLifetimeKeys(options: CallOptions = {}) {
	return upstreamRequest('cloud', {
		path: CONTENT_PATHS.lifetimeKeys,
		schema: LifetimeKeysSchema,
		signal: options.signal,
	})
}

export function getHardwareProducts(options: CallOptions = {}) {
	return upstreamRequest('cloud', {
		path: CONTENT_PATHS.hardwareProducts,
		schema: HardwareProductsSchema,
		signal: options.signal,
	})
}

export function getRefundPolicy(options: CallOptions = {}) {
	return upstreamRequest('cloud', {
		path: CONTENT_PATHS.refundPolicy,
		schema: RefundPolicySchema,
		signal: options.signal,
	})
}
