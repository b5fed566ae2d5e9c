/**
 * The emulated cloud subscription API (spec 2 §7). Every `api/…` call needs
 * `Authorization: Bearer {id token}`; the configured JSON lists under
 * `content/`, the images and the processor's card page are public, as files
 * on a CDN and a processor's hosted page would be.
 */
import express, { type Request, type Response } from 'express'
import { z } from 'zod'
import {
	CustomersOffersRequestSchema,
	KeyRegistrationQuerySchema,
	ServiceRequestSchema,
	SubscriptionSourceSchema,
	ValidateTokenRequestSchema,
	type HardwareProduct,
	type LifetimeKey,
	type MembershipProduct,
	type Offer,
	type PaymentSchema,
	type RefundPolicy,
} from '#app/upstream/contract/cloud.ts'
import { migrateUsers } from '../account/users.ts'
import { requireToken, sendError } from '../auth.ts'
import type { EmulatorContext, EmulatorService } from '../context.ts'
import { transaction } from '../db.ts'
import {
	imageLabel,
	listHardware,
	listLifetimeKeys,
	listMemberships,
	listOffers,
	listProducts,
	migrateCatalogue,
	refundPolicy,
} from './catalogue.ts'
import { customersOffers, validateCheckout } from './checkout.ts'
import { migrateCheckoutDecisions, showCheckoutPage, submitCheckoutPage } from './checkout-page.ts'
import { registerKey } from './keys.ts'
import { paymentInformationUrl, showPaymentPage, submitPaymentPage, svgImage } from './processors.ts'
import { seedCloud } from './seed.ts'
import { ensureCloudUser, runAction } from './service.ts'
import { CloudError, listPayments, listSubscriptions, migrateCloud, type PaymentRow } from './store.ts'
import { cancelAtProcessor, settle, subscriptionView, userProducts } from './subscriptions.ts'

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
	const parsed = schema.safeParse(value)
	if (!parsed.success) throw new CloudError(400, 'Invalid parameters.', 'InvalidParameterException')
	return parsed.data
}

function paymentView(p: PaymentRow): z.input<typeof PaymentSchema> {
	return {
		paymentId: `pay_${p.id}`,
		subscriptionId: p.subscriptionId,
		date: p.paidAt,
		description: p.description,
		amount: { amount: p.amount, currency: p.currency },
		status: p.status,
		invoiceNumber: `INV-${p.paidAt.slice(0, 4)}-${String(p.id).padStart(6, '0')}`,
		paymentMethod: p.paymentMethod,
		source: p.source as z.input<typeof PaymentSchema>['source'],
	}
}

const sameEmail = (a: string, b: string | undefined) => a.trim().toLowerCase() === (b ?? '').trim().toLowerCase()

interface Caller {
	userId: string
	email: string | undefined
}

function router(ctx: EmulatorContext) {
	const r = express.Router()

	// The JSON lists the portal reads "from configured paths" (spec 2 §7).
	r.get('/content/offers.json', (_req, res) => res.json(listOffers(ctx) satisfies Offer[]))
	r.get('/content/membership-products.json', (_req, res) =>
		res.json(listMemberships(ctx) satisfies MembershipProduct[]),
	)
	r.get('/content/lifetime-keys.json', (_req, res) => res.json(listLifetimeKeys(ctx) satisfies LifetimeKey[]))
	r.get('/content/hardware-products.json', (_req, res) => res.json(listHardware(ctx) satisfies HardwareProduct[]))
	r.get('/content/refund-policy.json', (_req, res) => res.json(refundPolicy() satisfies RefundPolicy))

	r.get('/images/:kind/:file', (req, res) => {
		const file = String(req.params.file)
		const label = file.endsWith('.svg')
			? imageLabel(ctx, String(req.params.kind), decodeURIComponent(file.slice(0, -4)))
			: undefined
		if (!label) return sendError(res, 404, 'Image not found', 'NotFound')
		const size = Math.min(1024, Math.max(32, Number(req.query.size) || 480))
		res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(svgImage(label, size))
	})

	r.get('/processors/payment-information/:session', (req, res) => showPaymentPage(ctx, req, res))
	r.post('/processors/payment-information/:session', (req, res) => submitPaymentPage(ctx, req, res))
	r.get('/processors/checkout/:token', (req, res) => showCheckoutPage(ctx, req, res))
	r.post('/processors/checkout/:token', (req, res) => submitCheckoutPage(ctx, req, res))

	const api = express.Router()
	api.use(requireToken(ctx, 'id'))
	/** Runs a call in one transaction, after bringing the caller's subscriptions up to the clock. */
	const handle = (work: (req: Request, caller: Caller) => unknown) => (req: Request, res: Response) => {
		const caller: Caller = { userId: String(res.locals.userId), email: res.locals.tokenEmail as string | undefined }
		try {
			res.json(
				transaction(ctx.db, () => {
					settle(ctx, caller.userId)
					return work(req, caller)
				}),
			)
		} catch (error) {
			if (!(error instanceof CloudError)) throw error
			sendError(res, error.status, error.message, error.code)
		}
	}

	api.get(
		'/account-details/user-products',
		handle((_req, { userId }) => userProducts(ctx, userId)),
	)
	api.get(
		'/account-details/all-products',
		handle(() => listProducts(ctx)),
	)
	api.get(
		'/account-details/user-subscriptions',
		handle((_req, { userId }) => listSubscriptions(ctx, userId).map((s) => subscriptionView(ctx, s))),
	)
	api.get(
		'/account-details/user-payment-history/:userId',
		handle((req, { userId }) => {
			if (req.params.userId !== userId)
				throw new CloudError(403, 'You can only read your own payment history.', 'Forbidden')
			return listPayments(ctx, userId).map(paymentView)
		}),
	)

	api.get(
		'/Processors/payment-information/:subscriptionId/url',
		handle((req, { userId }) => paymentInformationUrl(ctx, userId, String(req.params.subscriptionId))),
	)
	api.delete(
		'/Processors/subscription/:subscriptionId',
		handle((req, { userId }) => cancelAtProcessor(ctx, userId, String(req.params.subscriptionId))),
	)

	api.post(
		'/token/:source/validate',
		handle((req, { userId, email }) => {
			const source = parse(z.coerce.number().pipe(SubscriptionSourceSchema), req.params.source)
			const body = parse(ValidateTokenRequestSchema, req.body)
			if (!sameEmail(body.Email, email))
				throw new CloudError(403, 'Email does not match the signed-in user.', 'EmailMismatch')
			return validateCheckout(ctx, userId, {
				source,
				email: body.Email,
				planIds: body.PlanIds,
				productIds: body.ProductIds,
				offerId: body.OfferId ?? null,
			})
		}),
	)
	api.post(
		'/management/functions/get-customers-offers',
		handle((req, { userId, email }) => {
			const body = parse(CustomersOffersRequestSchema, req.body ?? {})
			if (body.email !== undefined && !sameEmail(body.email, email))
				throw new CloudError(403, 'Email does not match the signed-in user.', 'EmailMismatch')
			return { offers: customersOffers(ctx, userId, body.planIds) }
		}),
	)

	api.post(
		'/service',
		handle((req, { userId, email }) => runAction(ctx, userId, email, parse(ServiceRequestSchema, req.body))),
	)

	api.post(
		'/notifications/key/:key/register',
		handle((req, { userId, email }) => {
			const query = parse(KeyRegistrationQuerySchema, req.query)
			ensureCloudUser(ctx, userId, email)
			return registerKey(ctx, userId, String(req.params.key), query.productCode)
		}),
	)

	r.use('/api', api)
	return r
}

export const cloudService: EmulatorService = {
	name: 'cloud subscription API',
	mount: '/cloud',
	migrate(ctx) {
		// Its copy of a user is filled from the account API's users table.
		migrateUsers(ctx.db)
		migrateCatalogue(ctx.db)
		migrateCloud(ctx)
		migrateCheckoutDecisions(ctx.db)
	},
	seed: seedCloud,
	router,
}
