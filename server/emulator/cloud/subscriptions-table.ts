/**
 * The cloud subscriptions table, shared: the cloud API owns the data; the
 * account API reads it to refuse deleting an account with active
 * subscriptions (spec 1 §6).
 */
import type { DatabaseSync } from 'node:sqlite'

/** Spec 2 §3 subscription status values. */
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

/** Statuses under which a subscription still runs (a non-renewing one runs to the end of its cycle). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly number[] = [
	SUBSCRIPTION_STATUS.Trial,
	SUBSCRIPTION_STATUS.SubscriptionPending,
	SUBSCRIPTION_STATUS.Subscribed,
	SUBSCRIPTION_STATUS.NonRenew,
]

export function migrateSubscriptions(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS cloud_subscriptions (
		id TEXT PRIMARY KEY,
		user_id TEXT NOT NULL,
		type INTEGER NOT NULL,
		status INTEGER NOT NULL,
		source INTEGER NOT NULL,
		product_id TEXT NOT NULL,
		plan_id TEXT NOT NULL,
		created_at TEXT NOT NULL,
		next_charge_at TEXT,
		end_at TEXT,
		cancellation_reason TEXT,
		cancellation_comment TEXT,
		data TEXT NOT NULL DEFAULT '{}'
	);
	CREATE INDEX IF NOT EXISTS cloud_subscriptions_user ON cloud_subscriptions (user_id);`)
}

export function hasActiveCloudSubscription(db: DatabaseSync, userId: string): boolean {
	const placeholders = ACTIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(',')
	const row = db
		.prepare(`SELECT COUNT(*) AS n FROM cloud_subscriptions WHERE user_id = ? AND status IN (${placeholders})`)
		.get(userId, ...ACTIVE_SUBSCRIPTION_STATUSES) as { n: number }
	return row.n > 0
}
