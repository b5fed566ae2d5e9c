/**
 * The cloud subscriptions table, shared: the cloud API owns the data; the
 * account API reads it to refuse deleting an account with active
 * subscriptions (spec 1 §6).
 */
import type { DatabaseSync } from 'node:sqlite'
import { SUBSCRIPTION_STATUS } from '#app/upstream/contract/cloud.ts'
import { createClock } from '../clock.ts'

/** Spec 2 §3 subscription status values (defined once, in the cloud contract). */
export { SUBSCRIPTION_STATUS }

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

/**
 * Whether a subscription of the user still runs by the emulator's clock: an
 * active status whose end date, if it has one, is still ahead (the cloud API
 * moves statuses on lazily, when it is next called).
 */
export function hasActiveCloudSubscription(
	db: DatabaseSync,
	userId: string,
	now: number = createClock(db).now(),
): boolean {
	const placeholders = ACTIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(',')
	const row = db
		.prepare(
			`SELECT COUNT(*) AS n FROM cloud_subscriptions WHERE user_id = ? AND status IN (${placeholders}) AND (end_at IS NULL OR end_at > ?)`,
		)
		.get(userId, ...ACTIVE_SUBSCRIPTION_STATUSES, new Date(now).toISOString()) as { n: number }
	return row.n > 0
}
