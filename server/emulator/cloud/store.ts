/**
 * The cloud API's tables and their rows: subscriptions (the shared table),
 * payments, the cloud's copy of each user, user products (keys, hardware,
 * loyalty rewards), loyalty rules, entitlement keys, hardware serial numbers,
 * checkouts and payment-information sessions.
 */
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { CancellationReasonSchema, RuleTypeSchema } from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { ACTIVE_SUBSCRIPTION_STATUSES, migrateSubscriptions } from './subscriptions-table.ts'

/** A refusal with the status, message and code the API answers. */
export class CloudError extends Error {
	readonly status: number
	readonly code: string
	readonly body: Record<string, unknown> | undefined
	constructor(status: number, message: string, code: string, body?: Record<string, unknown>) {
		super(message)
		this.status = status
		this.code = code
		this.body = body
	}
}

export const iso = (ms: number) => new Date(ms).toISOString()
export const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 20)}`

export function migrateCloud(ctx: EmulatorContext): void {
	migrateSubscriptions(ctx.db)
	ctx.db.exec(`
		CREATE TABLE IF NOT EXISTS cloud_users (
			id TEXT PRIMARY KEY,
			email TEXT NOT NULL,
			first_name TEXT,
			last_name TEXT,
			country TEXT,
			culture_code TEXT,
			created_at TEXT NOT NULL,
			updated_at TEXT NOT NULL,
			anonymized_at TEXT
		);
		CREATE TABLE IF NOT EXISTS cloud_payments (
			id INTEGER PRIMARY KEY AUTOINCREMENT,
			user_id TEXT NOT NULL,
			subscription_id TEXT NOT NULL,
			paid_at TEXT NOT NULL,
			amount REAL NOT NULL,
			currency TEXT NOT NULL,
			months INTEGER NOT NULL,
			description TEXT NOT NULL,
			status TEXT NOT NULL,
			payment_method TEXT,
			source INTEGER NOT NULL
		);
		CREATE INDEX IF NOT EXISTS cloud_payments_user ON cloud_payments (user_id);
		CREATE TABLE IF NOT EXISTS cloud_user_products (
			id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			product_id TEXT NOT NULL,
			user_product_type INTEGER NOT NULL,
			product_type TEXT NOT NULL,
			rule_type TEXT,
			user_rule_id TEXT,
			entitlement_key TEXT,
			serial_number TEXT,
			granted_at TEXT NOT NULL
		);
		CREATE INDEX IF NOT EXISTS cloud_user_products_user ON cloud_user_products (user_id);
		CREATE TABLE IF NOT EXISTS cloud_user_rules (
			id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			rule_type TEXT NOT NULL,
			status TEXT NOT NULL,
			started_at TEXT NOT NULL,
			ended_at TEXT
		);
		CREATE INDEX IF NOT EXISTS cloud_user_rules_user ON cloud_user_rules (user_id);
		CREATE TABLE IF NOT EXISTS cloud_entitlement_keys (
			key TEXT PRIMARY KEY,
			lifetime_key_id TEXT NOT NULL,
			status TEXT NOT NULL,
			registered_by TEXT,
			registered_at TEXT
		);
		CREATE TABLE IF NOT EXISTS cloud_serial_numbers (
			product_code TEXT NOT NULL,
			serial TEXT NOT NULL,
			status TEXT NOT NULL,
			registered_by TEXT,
			registered_at TEXT,
			PRIMARY KEY (product_code, serial)
		);
		CREATE TABLE IF NOT EXISTS cloud_checkouts (
			token TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			source INTEGER NOT NULL,
			plan_id TEXT NOT NULL,
			offer_id TEXT,
			product_ids TEXT NOT NULL,
			amount REAL NOT NULL,
			currency TEXT NOT NULL,
			expires_at INTEGER NOT NULL,
			used_at INTEGER
		);
		CREATE TABLE IF NOT EXISTS cloud_payment_sessions (
			id TEXT PRIMARY KEY,
			user_id TEXT NOT NULL,
			subscription_id TEXT NOT NULL,
			expires_at INTEGER NOT NULL,
			used_at INTEGER
		);
	`)
}

// ── Subscriptions ───────────────────────────────────────────────────────

type RuleType = z.infer<typeof RuleTypeSchema>
export type ProcessorStatus = 'Active' | 'Cancelled' | 'NotApplicable'

/** What the shared table's `data` column holds for the cloud API. */
export interface SubscriptionData {
	offerId: string | null
	rewardEligible: boolean
	processorStatus: ProcessorStatus
	processorCancelledAt: string | null
	paymentMethod: string | null
	/** The UserSubscriptionRuleId. */
	ruleId: string
	ruleType: RuleType
}

export interface SubscriptionRow {
	id: string
	userId: string
	type: number
	status: number
	source: number
	membershipId: string
	planId: string
	createdAt: string
	nextChargeAt: string | null
	endAt: string | null
	cancellationReason: z.infer<typeof CancellationReasonSchema> | null
	cancellationComment: string | null
	data: SubscriptionData
}

type SubscriptionDbRow = {
	id: string
	user_id: string
	type: number
	status: number
	source: number
	product_id: string
	plan_id: string
	created_at: string
	next_charge_at: string | null
	end_at: string | null
	cancellation_reason: string | null
	cancellation_comment: string | null
	data: string
}

const toSubscription = (row: SubscriptionDbRow): SubscriptionRow => ({
	id: row.id,
	userId: row.user_id,
	type: row.type,
	status: row.status,
	source: row.source,
	membershipId: row.product_id,
	planId: row.plan_id,
	createdAt: row.created_at,
	nextChargeAt: row.next_charge_at,
	endAt: row.end_at,
	cancellationReason: row.cancellation_reason as SubscriptionRow['cancellationReason'],
	cancellationComment: row.cancellation_comment,
	data: JSON.parse(row.data) as SubscriptionData,
})

/** Newest first. */
export function listSubscriptions(ctx: EmulatorContext, userId: string): SubscriptionRow[] {
	const rows = ctx.db
		.prepare('SELECT * FROM cloud_subscriptions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC')
		.all(userId) as SubscriptionDbRow[]
	return rows.map(toSubscription)
}

export function findSubscription(ctx: EmulatorContext, userId: string, id: string): SubscriptionRow | undefined {
	const row = ctx.db.prepare('SELECT * FROM cloud_subscriptions WHERE id = ? AND user_id = ?').get(id, userId) as
		SubscriptionDbRow | undefined
	return row && toSubscription(row)
}

export function saveSubscription(ctx: EmulatorContext, s: SubscriptionRow): void {
	ctx.db
		.prepare(
			`INSERT INTO cloud_subscriptions (id, user_id, type, status, source, product_id, plan_id, created_at, next_charge_at, end_at, cancellation_reason, cancellation_comment, data)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET type = excluded.type, status = excluded.status, source = excluded.source, product_id = excluded.product_id,
				plan_id = excluded.plan_id, next_charge_at = excluded.next_charge_at, end_at = excluded.end_at,
				cancellation_reason = excluded.cancellation_reason, cancellation_comment = excluded.cancellation_comment, data = excluded.data`,
		)
		.run(
			s.id,
			s.userId,
			s.type,
			s.status,
			s.source,
			s.membershipId,
			s.planId,
			s.createdAt,
			s.nextChargeAt,
			s.endAt,
			s.cancellationReason,
			s.cancellationComment,
			JSON.stringify(s.data),
		)
}

/**
 * Whether a subscription still runs at `now`: an active status (spec 2 §3,
 * see ACTIVE_SUBSCRIPTION_STATUSES) whose end, if set, is ahead.
 */
export function isRunning(s: SubscriptionRow, now: number): boolean {
	return ACTIVE_SUBSCRIPTION_STATUSES.includes(s.status) && (s.endAt === null || Date.parse(s.endAt) > now)
}

// ── Payments ────────────────────────────────────────────────────────────

export interface PaymentRow {
	id: number
	userId: string
	subscriptionId: string
	paidAt: string
	amount: number
	currency: string
	months: number
	description: string
	status: 'Paid' | 'Refunded' | 'Failed'
	paymentMethod: string | null
	source: number
}

export function insertPayment(
	ctx: EmulatorContext,
	p: Omit<PaymentRow, 'id' | 'status'> & { status?: PaymentRow['status'] },
): void {
	ctx.db
		.prepare(
			'INSERT INTO cloud_payments (user_id, subscription_id, paid_at, amount, currency, months, description, status, payment_method, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			p.userId,
			p.subscriptionId,
			p.paidAt,
			p.amount,
			p.currency,
			p.months,
			p.description,
			p.status ?? 'Paid',
			p.paymentMethod,
			p.source,
		)
}

/** Newest first. */
export function listPayments(ctx: EmulatorContext, userId: string): PaymentRow[] {
	const rows = ctx.db
		.prepare('SELECT * FROM cloud_payments WHERE user_id = ? ORDER BY paid_at DESC, id DESC')
		.all(userId) as Array<{
		id: number
		user_id: string
		subscription_id: string
		paid_at: string
		amount: number
		currency: string
		months: number
		description: string
		status: PaymentRow['status']
		payment_method: string | null
		source: number
	}>
	return rows.map((r) => ({
		id: r.id,
		userId: r.user_id,
		subscriptionId: r.subscription_id,
		paidAt: r.paid_at,
		amount: r.amount,
		currency: r.currency,
		months: r.months,
		description: r.description,
		status: r.status,
		paymentMethod: r.payment_method,
		source: r.source,
	}))
}

// ── The cloud's copy of the user ────────────────────────────────────────

export interface CloudUserRow {
	id: string
	email: string
	firstName: string | null
	lastName: string | null
	country: string | null
	cultureCode: string | null
	createdAt: string
	updatedAt: string
	anonymizedAt: string | null
}

export function findCloudUser(ctx: EmulatorContext, id: string): CloudUserRow | undefined {
	const r = ctx.db.prepare('SELECT * FROM cloud_users WHERE id = ?').get(id) as
		| {
				id: string
				email: string
				first_name: string | null
				last_name: string | null
				country: string | null
				culture_code: string | null
				created_at: string
				updated_at: string
				anonymized_at: string | null
		  }
		| undefined
	return (
		r && {
			id: r.id,
			email: r.email,
			firstName: r.first_name,
			lastName: r.last_name,
			country: r.country,
			cultureCode: r.culture_code,
			createdAt: r.created_at,
			updatedAt: r.updated_at,
			anonymizedAt: r.anonymized_at,
		}
	)
}

export function saveCloudUser(
	ctx: EmulatorContext,
	u: Omit<CloudUserRow, 'createdAt' | 'updatedAt' | 'anonymizedAt'> & { anonymizedAt?: string | null },
): CloudUserRow {
	const now = iso(ctx.clock.now())
	ctx.db
		.prepare(
			`INSERT INTO cloud_users (id, email, first_name, last_name, country, culture_code, created_at, updated_at, anonymized_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name,
				country = excluded.country, culture_code = excluded.culture_code, updated_at = excluded.updated_at, anonymized_at = excluded.anonymized_at`,
		)
		.run(u.id, u.email, u.firstName, u.lastName, u.country, u.cultureCode, now, now, u.anonymizedAt ?? null)
	return findCloudUser(ctx, u.id)!
}

// ── User products kept in the table (keys, hardware, loyalty rewards) ────

export interface UserProductRow {
	id: string
	userId: string
	productId: string
	userProductType: number
	productType: 'Rule' | 'Key' | 'Admin' | 'Purchase'
	ruleType: RuleType | null
	userRuleId: string | null
	entitlementKey: string | null
	serialNumber: string | null
	grantedAt: string
}

type UserProductDbRow = {
	id: string
	user_id: string
	product_id: string
	user_product_type: number
	product_type: UserProductRow['productType']
	rule_type: RuleType | null
	user_rule_id: string | null
	entitlement_key: string | null
	serial_number: string | null
	granted_at: string
}

const toUserProduct = (r: UserProductDbRow): UserProductRow => ({
	id: r.id,
	userId: r.user_id,
	productId: r.product_id,
	userProductType: r.user_product_type,
	productType: r.product_type,
	ruleType: r.rule_type,
	userRuleId: r.user_rule_id,
	entitlementKey: r.entitlement_key,
	serialNumber: r.serial_number,
	grantedAt: r.granted_at,
})

export function insertUserProduct(ctx: EmulatorContext, p: Omit<UserProductRow, 'id'>): UserProductRow {
	const row = { ...p, id: newId('up') }
	ctx.db
		.prepare(
			'INSERT INTO cloud_user_products (id, user_id, product_id, user_product_type, product_type, rule_type, user_rule_id, entitlement_key, serial_number, granted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
		)
		.run(
			row.id,
			row.userId,
			row.productId,
			row.userProductType,
			row.productType,
			row.ruleType,
			row.userRuleId,
			row.entitlementKey,
			row.serialNumber,
			row.grantedAt,
		)
	return row
}

export function listStoredUserProducts(ctx: EmulatorContext, userId: string): UserProductRow[] {
	return (
		ctx.db
			.prepare('SELECT * FROM cloud_user_products WHERE user_id = ? ORDER BY granted_at, rowid')
			.all(userId) as UserProductDbRow[]
	).map(toUserProduct)
}

export function listRuleProducts(ctx: EmulatorContext, ruleId: string): UserProductRow[] {
	return (
		ctx.db
			.prepare('SELECT * FROM cloud_user_products WHERE user_rule_id = ? ORDER BY granted_at, rowid')
			.all(ruleId) as UserProductDbRow[]
	).map(toUserProduct)
}

// ── Loyalty rules ───────────────────────────────────────────────────────

export type RuleStatus = 'Active' | 'Completed' | 'Ended'

export interface UserRuleRow {
	id: string
	userId: string
	ruleType: RuleType
	status: RuleStatus
	startedAt: string
	endedAt: string | null
}

/** The user's latest rule of a type. */
export function latestRule(ctx: EmulatorContext, userId: string, ruleType: RuleType): UserRuleRow | undefined {
	const r = ctx.db
		.prepare(
			'SELECT * FROM cloud_user_rules WHERE user_id = ? AND rule_type = ? ORDER BY started_at DESC, rowid DESC LIMIT 1',
		)
		.get(userId, ruleType) as
		| {
				id: string
				user_id: string
				rule_type: RuleType
				status: RuleStatus
				started_at: string
				ended_at: string | null
		  }
		| undefined
	return (
		r && {
			id: r.id,
			userId: r.user_id,
			ruleType: r.rule_type,
			status: r.status,
			startedAt: r.started_at,
			endedAt: r.ended_at,
		}
	)
}

export function insertRule(
	ctx: EmulatorContext,
	rule: Omit<UserRuleRow, 'id' | 'endedAt' | 'status'> & { id?: string },
): UserRuleRow {
	const row: UserRuleRow = {
		id: rule.id ?? newId('rule'),
		userId: rule.userId,
		ruleType: rule.ruleType,
		status: 'Active',
		startedAt: rule.startedAt,
		endedAt: null,
	}
	ctx.db
		.prepare('INSERT INTO cloud_user_rules (id, user_id, rule_type, status, started_at) VALUES (?, ?, ?, ?, ?)')
		.run(row.id, row.userId, row.ruleType, row.status, row.startedAt)
	return row
}

export function endRule(ctx: EmulatorContext, id: string, status: Exclude<RuleStatus, 'Active'>): void {
	ctx.db
		.prepare('UPDATE cloud_user_rules SET status = ?, ended_at = ? WHERE id = ?')
		.run(status, iso(ctx.clock.now()), id)
}
