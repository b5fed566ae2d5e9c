/**
 * The cancel form's seven reasons (spec 2 §3) and the four values the no-renew request takes. The spec
 * does not say whether the two lists are one mapping: this table is the mapping (ADR 0024).
 */
/** The form's options, in the form's order. */
export const CANCEL_FORM_REASONS = [
	'too_expensive',
	'instrument_selection',
	'not_enough_variety',
	'manager_app',
	'too_little_use',
	'missing_features',
	'other',
] as const
export type CancelFormReason = (typeof CANCEL_FORM_REASONS)[number]

/** Spec 2 §3's request-side values (the cloud contract's CANCELLATION_REASONS). */
export type CancellationRequestReason = 'instruments' | 'quality' | 'financial' | 'disuse'

/**
 * What each form reason is sent as: the price is `financial`; the instruments on offer (which, and how
 * many) are `instruments`; the manager app and missing features are the service's `quality`; too little
 * use is `disuse`. 'Other' has no value of its own: it goes as `quality`, the widest of the four, and the
 * customer's details (sent as the comment) say the rest.
 */
export const CANCEL_REASON_REQUEST_VALUE: Readonly<Record<CancelFormReason, CancellationRequestReason>> = {
	too_expensive: 'financial',
	instrument_selection: 'instruments',
	not_enough_variety: 'instruments',
	manager_app: 'quality',
	too_little_use: 'disuse',
	missing_features: 'quality',
	other: 'quality',
}

export function cancellationReasonOf(reason: CancelFormReason): CancellationRequestReason {
	return CANCEL_REASON_REQUEST_VALUE[reason]
}

/** The longest details the request takes (the cloud contract's cancellationComment). */
export const CANCEL_DETAILS_MAX = 1000
