/**
 * A cloud subscription's type and status as spec 2 §3 numbers them. The membership rules
 * (`cloud-membership-cta.ts`, `cloud-account.ts`) decide by them, and the cloud contract
 * (`app/upstream/contract/cloud.ts`) validates the API's answers against them.
 */
export const SUBSCRIPTION_TYPE = { None: 0, Standard: 1, Trial: 2, Free: 3, Partner: 4 } as const
export const SUBSCRIPTION_STATUS = {
	Trial: 1,
	TrialExpired: 2,
	SubscriptionPending: 3,
	Subscribed: 4,
	Cancelled: 5,
	TrialCancelled: 6,
	Expired: 7,
	NonRenew: 8,
} as const

/** Statuses under which a subscription still gives access (a non-renewing one runs to the end of its cycle). */
const RUNNING_STATUSES: readonly number[] = [
	SUBSCRIPTION_STATUS.Trial,
	SUBSCRIPTION_STATUS.SubscriptionPending,
	SUBSCRIPTION_STATUS.Subscribed,
	SUBSCRIPTION_STATUS.NonRenew,
]

/**
 * Whether a subscription still gives access at `now`: a running status whose end date, if it has one,
 * is ahead. The one test of "running" for the account screen and the memberships' call to action.
 */
export function isRunning(s: { status: number; endDate: string | null }, now: number): boolean {
	return RUNNING_STATUSES.includes(s.status) && (s.endDate === null || Date.parse(s.endDate) > now)
}
