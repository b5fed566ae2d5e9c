/**
 * The purchase details of a registration (spec 1 §3, §5): the rules the register form and the
 * edit form of a registered product share. The purchase date is a real day ('Enter a valid date
 * format or use the calendar.'), never in the future (a message of its own); the purchase method comes from the
 * purchasingMethods master list; the dealer is a store of the user's culture (stores master list)
 * or the dealer's name as typed. An edit sends only what changed.
 */
import { z } from 'zod'
import {
	EARLIEST_PURCHASE_DATE,
	PURCHASE_DATE_ERROR,
	PURCHASE_DATE_FUTURE_ERROR,
	PURCHASE_DATE_REQUIRED_ERROR,
	PURCHASE_DEALER_MAX_LENGTH,
	PURCHASE_FIELDS,
	type PurchaseDetails,
	type StoreOption,
} from './purchase-details-fields.ts'

export {
	dealerName,
	formatPurchaseDate,
	latestPurchaseDate,
	PURCHASE_DATE_ERROR,
	PURCHASE_DATE_FUTURE_ERROR,
	PURCHASE_DATE_REQUIRED_ERROR,
	PURCHASE_DEALER_MAX_LENGTH,
	PURCHASE_FIELDS,
	purchaseValuesOf,
} from './purchase-details-fields.ts'
export type { PurchaseDetails, PurchaseDetailsValues, PurchaseField, StoreOption } from './purchase-details-fields.ts'

export const PURCHASE_METHOD_ERROR = 'validation.purchaseMethodInvalid'
export const PURCHASE_DEALER_ERROR = 'validation.purchaseDealerTooLong'

export interface PurchaseFormOptions {
	/** The latest date allowed, YYYY-MM-DD: `latestPurchaseDate()`. */
	today: string
	/** The purchasingMethods ids offered. */
	purchaseMethods: readonly string[]
	/** Whether a date must be given (an edit may clear it). */
	dateRequired?: boolean
}

/** A YYYY-MM-DD that names a real day. */
export function isCalendarDate(text: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
	const day = new Date(`${text}T00:00:00Z`)
	return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text
}

export function isValidPurchaseDate(text: string, today: string): boolean {
	return purchaseDateProblem(text, today) === null
}

/**
 * What is wrong with a typed purchase date: not a real day of the range ('invalid', spec 1 §5's
 * message), a real day after `today` ('future': the format is right, so it gets its own message),
 * or nothing (null).
 */
export function purchaseDateProblem(text: string, today: string): 'invalid' | 'future' | null {
	if (!isCalendarDate(text) || text < EARLIEST_PURCHASE_DATE) return 'invalid'
	return text > today ? 'future' : null
}

/**
 * The three fields' schemas, to spread into a form's own `z.object` (the register form adds the
 * product and serial). Empty fields arrive as undefined (conform).
 */
export function purchaseDetailsFields(options: PurchaseFormOptions) {
	const date = z
		.string({ error: PURCHASE_DATE_REQUIRED_ERROR })
		.trim()
		.superRefine((value, ctx) => {
			if (value === '' && options.dateRequired)
				return ctx.addIssue({ code: 'custom', message: PURCHASE_DATE_REQUIRED_ERROR })
			const problem = purchaseDateProblem(value, options.today)
			if (problem === 'future') ctx.addIssue({ code: 'custom', message: PURCHASE_DATE_FUTURE_ERROR })
			else if (problem) ctx.addIssue({ code: 'custom', message: PURCHASE_DATE_ERROR })
		})
	return {
		purchaseDate: options.dateRequired ? date : date.optional(),
		purchaseMethod: z
			.string()
			.trim()
			.optional()
			.refine((value) => value === undefined || options.purchaseMethods.includes(value), {
				error: PURCHASE_METHOD_ERROR,
			}),
		purchaseDealer: z.string().trim().max(PURCHASE_DEALER_MAX_LENGTH, { error: PURCHASE_DEALER_ERROR }).optional(),
	}
}

export function purchaseDetailsSchema(options: PurchaseFormOptions) {
	return z.object(purchaseDetailsFields(options))
}

export type PurchaseDetailsForm = z.output<ReturnType<typeof purchaseDetailsSchema>>

const comparable = (name: string) => name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase()

/** The dealer to keep: the id of the store of that name, else the name as typed; null for none. */
export function dealerValue(typed: string | undefined, stores: readonly StoreOption[]): string | null {
	const name = typed?.trim()
	if (!name) return null
	const wanted = comparable(name)
	return stores.find((store) => comparable(store.name) === wanted)?.id ?? name
}

/** What a valid form holds, as the account API keeps it (`stores`: the dealers the form offered). */
export function purchaseDetailsOf(form: PurchaseDetailsForm, stores: readonly StoreOption[]): PurchaseDetails {
	return {
		purchaseDate: form.purchaseDate ?? null,
		purchaseMethod: form.purchaseMethod ?? null,
		purchaseDealer: dealerValue(form.purchaseDealer, stores),
	}
}

/**
 * Only what changed between the registration as kept and the form (null clears a field); empty
 * when nothing did. The `PUT` of an edit carries this and nothing else.
 */
export function purchaseDetailsPatch(before: PurchaseDetails, after: PurchaseDetails): Partial<PurchaseDetails> {
	const patch: Partial<PurchaseDetails> = {}
	for (const field of PURCHASE_FIELDS) {
		const was = before[field] || null
		const now = after[field] || null
		if (was !== now) patch[field] = now
	}
	return patch
}
