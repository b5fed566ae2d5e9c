/**
 * The cloud account's form schemas (zod, so kept out of the modules the browser loads): the cancel form
 * and the choice of Play2-4Life reward instruments. Messages are catalogue keys.
 */
import { z } from 'zod'
import { CANCEL_DETAILS_MAX, CANCEL_FORM_REASONS } from './cloud-cancel-reasons.ts'
import { LOYALTY_ERRORS, type LoyaltyFacts } from './cloud-loyalty.ts'

/**
 * The cancel form: a reason (required) and optional details. `step` says whether the customer is
 * reviewing (the confirmation, which says what cancelling means) or has confirmed.
 */
export const CancelFormSchema = z.object({
	reason: z.enum(CANCEL_FORM_REASONS, { error: 'cloudAccount.cancel.errors.reasonRequired' }),
	details: z
		.string()
		.trim()
		.max(CANCEL_DETAILS_MAX, { error: 'cloudAccount.cancel.errors.detailsTooLong' })
		.optional()
		.transform((value) => value || undefined),
	step: z.enum(['review', 'confirm']).default('review'),
})
export type CancelFormValues = z.infer<typeof CancelFormSchema>

/**
 * The choice of reward instruments: `productIds` (checkboxes) from the instruments available, at most
 * the tier's number; none gives every chosen instrument back.
 */
export function rewardChoiceSchema(program: LoyaltyFacts) {
	const available = new Set(program.instrumentsAvailable.map((i) => i.productId))
	return z.object({
		productIds: z
			.array(z.string().max(128))
			.max(50)
			.default([])
			.transform((ids) => [...new Set(ids)])
			.refine((ids) => ids.every((id) => available.has(id)), { message: LOYALTY_ERRORS.unknown })
			.refine((ids) => ids.length <= program.maxRewardInstruments, { message: LOYALTY_ERRORS.tooMany }),
	})
}

const subscriptionId = z.string().trim().min(1).max(128)
/** Resubscribe: the same form from account details and the memberships screen. */
export const ResubscribeSchema = z.object({ intent: z.literal('resubscribe'), subscriptionId })
/** The processor's payment-information page for a subscription. */
export const PaymentInformationSchema = z.object({ intent: z.literal('payment-information'), subscriptionId })

/** Starting a membership from a plan's card: its free trial, or buying it (with the offer the card showed). */
export const MembershipStartSchema = z.object({
	intent: z.enum(['trial', 'buy']),
	planId: z.string().min(1).max(128),
	offerId: z.string().min(1).max(128).optional(),
})
