/**
 * A registered product's purchase details (spec 1 §3: purchase date, purchase method, dealer) as
 * forms and pages show them. No zod here: views import this module, so it goes to the browser; the
 * rules a form is checked with are in purchase-details.ts.
 */
import { formatDay } from './formats.ts'

export const PURCHASE_FIELDS = ['purchaseDate', 'purchaseMethod', 'purchaseDealer'] as const
export type PurchaseField = (typeof PURCHASE_FIELDS)[number]

/**
 * As the account API keeps them: the date as YYYY-MM-DD, the method a purchasingMethods id, the
 * dealer a stores id or the dealer's name as the user typed it; null when not given.
 */
export type PurchaseDetails = Record<PurchaseField, string | null>

/** As a form shows them: what was typed, '' for nothing. */
export type PurchaseDetailsValues = Record<PurchaseField, string>

export const PURCHASE_DEALER_MAX_LENGTH = 200

/** The earliest purchase date the account API takes. */
export const EARLIEST_PURCHASE_DATE = '1950-01-01'

/** The catalogue key of spec 1 §5's purchase-date message. */
export const PURCHASE_DATE_ERROR = 'validation.purchaseDateInvalid'
/** A real day after today: its own message, since the format is not what is wrong. */
export const PURCHASE_DATE_FUTURE_ERROR = 'validation.purchaseDateFuture'
/** No date where one is required. */
export const PURCHASE_DATE_REQUIRED_ERROR = 'validation.purchaseDateRequired'

/**
 * The latest purchase date that is not in the future: today where the day starts first (UTC+14).
 * The server does not know the visitor's time zone (no cookie or header says it, and the page works
 * without JavaScript), and its own UTC day would refuse a visitor in Tokyo or Sydney their own today
 * for up to 14 hours. So the bound is the latest today anywhere: a visitor west of UTC may enter
 * tomorrow for a few hours, a harmless error, where a refused real today is not. The date input's
 * `max` is the same day, so the calendar and the server agree.
 */
export function latestPurchaseDate(now: Date = new Date()): string {
	return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)
}

/**
 * A purchase date (YYYY-MM-DD) in the culture's own date format (`Mar 14, 2023` in en-US,
 * `2023/03/14` in ja-JP). A calendar day has no time zone: it is formatted as the day it names.
 */
export function formatPurchaseDate(date: string, cultureCode: string): string {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date
	return formatDay(date, cultureCode)
}

/** A dealer of the stores master list, as the forms offer it. */
export interface StoreOption {
	id: string
	name: string
}

/** The dealer as the user knows it: a store's name for a stores id, else what was typed. */
export function dealerName(stored: string | null, stores: readonly StoreOption[]): string {
	if (!stored) return ''
	return stores.find((store) => store.id === stored)?.name ?? stored
}

/** The details as a form shows them before anything is typed. */
export function purchaseValuesOf(details: PurchaseDetails, stores: readonly StoreOption[]): PurchaseDetailsValues {
	return {
		purchaseDate: details.purchaseDate ?? '',
		purchaseMethod: details.purchaseMethod ?? '',
		purchaseDealer: dealerName(details.purchaseDealer, stores),
	}
}
