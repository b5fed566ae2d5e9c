/**
 * The member's side of the cloud area (spec 2 §2–§4): a subscription's type, status and source in words,
 * which subscription is the member's state at a glance, what may be done with one (cancel, resubscribe),
 * the trial's days left, and the billing history's pages.
 */
import { isRunning, SUBSCRIPTION_STATUS, SUBSCRIPTION_TYPE } from './cloud-subscription-codes.ts'

/** Spec 2 §3, by number: the words are the catalogue's `cloudAccount.type.*`, `.status.*`, `.source.*`. */
export const SUBSCRIPTION_TYPE_NAMES = ['None', 'Standard', 'Trial', 'Free', 'Partner'] as const
export const SUBSCRIPTION_STATUS_NAMES = {
	1: 'Trial',
	2: 'TrialExpired',
	3: 'SubscriptionPending',
	4: 'Subscribed',
	5: 'Cancelled',
	6: 'TrialCancelled',
	7: 'Expired',
	8: 'NonRenew',
} as const
export const SUBSCRIPTION_SOURCE_NAMES = {
	1: 'RolandCloud',
	2: 'Xsolla',
	3: 'Xchange',
	4: 'Admin',
	5: 'FastSpring',
} as const

export type SubscriptionTypeName = (typeof SUBSCRIPTION_TYPE_NAMES)[number]
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUS_NAMES)[keyof typeof SUBSCRIPTION_STATUS_NAMES]
export type SubscriptionSourceName = (typeof SUBSCRIPTION_SOURCE_NAMES)[keyof typeof SUBSCRIPTION_SOURCE_NAMES]

export function typeName(type: number): SubscriptionTypeName {
	return SUBSCRIPTION_TYPE_NAMES[type] ?? 'None'
}
export function statusName(status: number): SubscriptionStatusName {
	return SUBSCRIPTION_STATUS_NAMES[status as keyof typeof SUBSCRIPTION_STATUS_NAMES] ?? 'Expired'
}
export function sourceName(source: number): SubscriptionSourceName {
	return SUBSCRIPTION_SOURCE_NAMES[source as keyof typeof SUBSCRIPTION_SOURCE_NAMES] ?? 'RolandCloud'
}

/** What these rules read of a subscription (the cloud contract's Subscription has it all). */
export interface SubscriptionFacts {
	subscriptionId: string
	type: number
	status: number
	membershipName: string
	nextChargeDate: string | null
	endDate: string | null
}

const DAY_MS = 24 * 3600 * 1000

/** Cancel is offered on a subscription that still renews (a paid one, or a trial: it then ends at once). */
export function canCancel(s: SubscriptionFacts, now: number): boolean {
	return s.status === SUBSCRIPTION_STATUS.Subscribed && isRunning(s, now)
}

/**
 * Resubscribe is offered on a paid subscription set not to renew whose cycle has not ended: it renews
 * again from its end date (spec 2 §4: after a cancellation, resubscribe is possible).
 */
export function canResubscribe(s: SubscriptionFacts, now: number): boolean {
	return s.type === SUBSCRIPTION_TYPE.Standard && s.status === SUBSCRIPTION_STATUS.NonRenew && isRunning(s, now)
}

/** Whole days of a running trial left, counting a part day as one; null for anything else. */
export function trialDaysLeft(s: SubscriptionFacts, now: number): number | null {
	if (s.type !== SUBSCRIPTION_TYPE.Trial || !isRunning(s, now) || s.endDate === null) return null
	return Math.max(0, Math.ceil((Date.parse(s.endDate) - now) / DAY_MS))
}

export interface MembershipGlance {
	subscriptionId: string
	tier: string
	status: SubscriptionStatusName
	type: SubscriptionTypeName
	/** The next charge of a renewing subscription. */
	nextChargeDate: string | null
	/** When access ends: a trial's or a non-renewing subscription's end. */
	endDate: string | null
	trialDaysLeft: number | null
	canResubscribe: boolean
}

/**
 * The member's state at a glance: the running subscription (the newest if more than one), else the
 * newest one that ended, else null (never a member). Subscriptions come newest first.
 */
export function membershipGlance(subscriptions: readonly SubscriptionFacts[], now: number): MembershipGlance | null {
	const current = subscriptions.find((s) => isRunning(s, now)) ?? subscriptions[0]
	if (!current) return null
	const running = isRunning(current, now)
	return {
		subscriptionId: current.subscriptionId,
		tier: current.membershipName,
		status: statusName(current.status),
		type: typeName(current.type),
		nextChargeDate: running ? current.nextChargeDate : null,
		endDate: current.endDate,
		trialDaysLeft: trialDaysLeft(current, now),
		canResubscribe: canResubscribe(current, now),
	}
}

// ── Billing history ─────────────────────────────────────────────────────

export const BILLING_PAGE_SIZE = 10

/** `?page=`: a whole number from 1; anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
	if (!value || !/^\d{1,6}$/.test(value)) return 1
	return Math.max(1, Number(value))
}

export interface Page<T> {
	items: T[]
	page: number
	pageCount: number
	total: number
}

/** One page of a list (newest first as given); a page past the end shows the last page. */
export function pageOf<T>(items: readonly T[], requested: number, size = BILLING_PAGE_SIZE): Page<T> {
	const pageCount = Math.max(1, Math.ceil(items.length / size))
	const page = Math.min(Math.max(1, requested), pageCount)
	return { items: items.slice((page - 1) * size, page * size), page, pageCount, total: items.length }
}

/** The address of a billing page: page 1 is the screen's own address. */
export function billingPageHref(path: string, page: number): string {
	return page <= 1 ? `${path}#billing-history` : `${path}?page=${page}#billing-history`
}
