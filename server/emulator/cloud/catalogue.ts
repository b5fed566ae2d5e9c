/**
 * The cloud catalogue, kept in sqlite as documents per kind and served in the
 * contract's shapes. What follows from the documents is computed when read:
 * which tiers include a product, plan savings, image URLs (the emulator's
 * address changes between runs).
 */
import type { DatabaseSync } from 'node:sqlite'
import type {
	CloudProduct,
	HardwareProduct,
	LifetimeKey,
	MembershipProduct,
	Money,
	Offer,
	Plan,
	RefundPolicy,
} from '#app/upstream/contract/cloud.ts'
import { FREE_TRIAL_DAYS } from '#app/upstream/contract/cloud.ts'
import type { EmulatorContext } from '../context.ts'
import { BRAND_SITES } from '../public/brands.ts'
import {
	HARDWARE_TABLE,
	LIFETIME_KEY_TABLE,
	MEMBERSHIPS,
	offerSeeds,
	PRODUCT_TABLE,
	REWARD_POOL,
	type MembershipSeed,
} from './catalogue-data.ts'

type Kind = 'product' | 'membership' | 'lifetimeKey' | 'hardware' | 'offer' | 'rewardPool'

interface ProductDoc {
	id: string
	productCode: string
	name: string
	category: string
	description: string
	/** The lowest tier rank that includes it. */
	minRank: number
}
type LifetimeKeyDoc = Omit<LifetimeKey, 'image'>
type HardwareDoc = Omit<HardwareProduct, 'image'>

export function migrateCatalogue(db: DatabaseSync): void {
	db.exec(`CREATE TABLE IF NOT EXISTS cloud_catalogue (
		kind TEXT NOT NULL,
		id TEXT NOT NULL,
		position INTEGER NOT NULL,
		data TEXT NOT NULL,
		PRIMARY KEY (kind, id)
	)`)
}

/**
 * The parsed documents of each kind, per database. The catalogue is written only when the emulator seeds it,
 * and read by nearly every cloud call (a subscription's plan, the tiers, the offers), so parsing its JSON on
 * every read made the emulator, not the portal, the busy process when a benchmark shares two cores between
 * them. A reset opens a new database, so its documents start a new entry. Frozen: a caller that changed a
 * shared document would change it for every later call.
 */
const parsed = new WeakMap<DatabaseSync, Map<Kind, readonly unknown[]>>()

function put(ctx: EmulatorContext, kind: Kind, docs: Array<{ id?: string; productCode?: string }>) {
	const insert = ctx.db.prepare('INSERT OR REPLACE INTO cloud_catalogue (kind, id, position, data) VALUES (?, ?, ?, ?)')
	docs.forEach((doc, position) =>
		insert.run(kind, doc.id ?? doc.productCode ?? String(position), position, JSON.stringify(doc)),
	)
	parsed.get(ctx.db)?.delete(kind)
}

function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const inner of Object.values(value)) deepFreeze(inner)
	}
	return value
}

/** A kind's documents in catalogue order: a new array (callers sort it) of shared, frozen documents. */
function docs<T>(ctx: EmulatorContext, kind: Kind): T[] {
	let byKind = parsed.get(ctx.db)
	if (!byKind) parsed.set(ctx.db, (byKind = new Map()))
	let kindDocs = byKind.get(kind)
	if (!kindDocs) {
		const rows = ctx.db.prepare('SELECT data FROM cloud_catalogue WHERE kind = ? ORDER BY position').all(kind) as {
			data: string
		}[]
		kindDocs = rows.map((row) => deepFreeze(JSON.parse(row.data) as unknown))
		byKind.set(kind, kindDocs)
	}
	return [...kindDocs] as T[]
}

export function seedCatalogue(ctx: EmulatorContext): void {
	put(
		ctx,
		'product',
		PRODUCT_TABLE.map(([id, productCode, name, category, minRank, description]): ProductDoc => ({
			id,
			productCode,
			name,
			category,
			minRank,
			description,
		})),
	)
	put(ctx, 'membership', [...MEMBERSHIPS])
	put(
		ctx,
		'lifetimeKey',
		LIFETIME_KEY_TABLE.map(([id, productCode, name, productIds, price]): LifetimeKeyDoc => ({
			id,
			productCode,
			name,
			description: `Own ${productIds.length === 1 ? 'this instrument' : `these ${productIds.length} instruments`} for life, with or without a membership.`,
			productIds,
			price: { amount: price, currency: 'USD' },
		})),
	)
	put(
		ctx,
		'hardware',
		HARDWARE_TABLE.map(([productCode, name, productIds]): HardwareDoc => ({ productCode, name, productIds })),
	)
	put(
		ctx,
		'rewardPool',
		REWARD_POOL.map((id) => ({ id })),
	)
	const plans = MEMBERSHIPS.flatMap((m) => [planId(m.id, 'Monthly'), planId(m.id, 'Annual')])
	put(
		ctx,
		'offer',
		offerSeeds(ctx.clock.now(), {
			monthly: plans.filter((p) => p.endsWith('-monthly')),
			annual: plans.filter((p) => p.endsWith('-annual')),
			ultimate: plans.filter((p) => p.startsWith('ultimate-')),
		}),
	)
}

export function imageUrl(
	ctx: EmulatorContext,
	kind: 'products' | 'lifetime-keys' | 'hardware',
	id: string,
	size?: number,
): string {
	return `${ctx.emulatorUrl}/cloud/images/${kind}/${encodeURIComponent(id)}.svg${size ? `?size=${size}` : ''}`
}

const round2 = (n: number) => Math.round(n * 100) / 100
export const money = (amount: number, currency: string): Money => ({ amount: round2(amount), currency })

export const planId = (membershipId: string, interval: 'Monthly' | 'Annual') =>
	`${membershipId}-${interval.toLowerCase()}`

function plansOf(m: MembershipSeed): Plan[] {
	const saving = Math.round((1 - m.annual.amount / (12 * m.monthly.amount)) * 100)
	return [
		{
			id: planId(m.id, 'Monthly'),
			membershipProductId: m.id,
			interval: 'Monthly',
			price: m.monthly,
			monthlyEquivalent: m.monthly,
			savingPercent: 0,
		},
		{
			id: planId(m.id, 'Annual'),
			membershipProductId: m.id,
			interval: 'Annual',
			price: m.annual,
			monthlyEquivalent: money(m.annual.amount / 12, m.annual.currency),
			savingPercent: Math.max(0, saving),
		},
	]
}

export function listMemberships(ctx: EmulatorContext): MembershipProduct[] {
	const seeds = docs<MembershipSeed>(ctx, 'membership').sort((a, b) => a.rank - b.rank)
	const products = docs<ProductDoc>(ctx, 'product')
	const topRank = Math.max(...seeds.map((m) => m.rank))
	return seeds.map((m) => ({
		id: m.id,
		name: m.name,
		rank: m.rank,
		description: m.description,
		features: m.features,
		productIds: products.filter((p) => p.minRank <= m.rank).map((p) => p.id),
		freeTrialDays: m.rank === topRank ? FREE_TRIAL_DAYS : 0,
		maxRewardInstruments: m.maxRewardInstruments,
		plans: plansOf(m),
	}))
}

export function findMembership(ctx: EmulatorContext, id: string): MembershipProduct | undefined {
	return listMemberships(ctx).find((m) => m.id === id)
}

/** The top tier: the one with the free trial. */
export function topMembership(ctx: EmulatorContext): MembershipProduct {
	const all = listMemberships(ctx)
	return all[all.length - 1]!
}

export function findPlan(ctx: EmulatorContext, id: string): { plan: Plan; membership: MembershipProduct } | undefined {
	for (const membership of listMemberships(ctx)) {
		const plan = membership.plans.find((p) => p.id === id)
		if (plan) return { plan, membership }
	}
	return undefined
}

export function listProducts(ctx: EmulatorContext): CloudProduct[] {
	const memberships = docs<MembershipSeed>(ctx, 'membership')
	return docs<ProductDoc>(ctx, 'product').map((p) => ({
		id: p.id,
		productCode: p.productCode,
		name: p.name,
		category: p.category,
		description: p.description,
		image: imageUrl(ctx, 'products', p.id),
		membershipProductIds: memberships
			.filter((m) => m.rank >= p.minRank)
			.sort((a, b) => a.rank - b.rank)
			.map((m) => m.id),
	}))
}

export function findProduct(ctx: EmulatorContext, id: string): CloudProduct | undefined {
	return listProducts(ctx).find((p) => p.id === id)
}

export function listOffers(ctx: EmulatorContext): Offer[] {
	return docs<Offer>(ctx, 'offer')
}

export function listLifetimeKeys(ctx: EmulatorContext): LifetimeKey[] {
	return docs<LifetimeKeyDoc>(ctx, 'lifetimeKey').map((k) => ({ ...k, image: imageUrl(ctx, 'lifetime-keys', k.id) }))
}

export function listHardware(ctx: EmulatorContext): HardwareProduct[] {
	return docs<HardwareDoc>(ctx, 'hardware').map((h) => ({ ...h, image: imageUrl(ctx, 'hardware', h.productCode) }))
}

export function findHardware(ctx: EmulatorContext, productCode: string): HardwareProduct | undefined {
	return listHardware(ctx).find((h) => h.productCode.toUpperCase() === productCode.toUpperCase())
}

const REFUND_POLICY_UPDATED = '2025-04-01T00:00:00.000Z'

/** The cloud site's refund policy page, in the languages the site is published in. */
export function refundPolicy(): RefundPolicy {
	const page = (language: string) => `https://${BRAND_SITES.cloud}/${language}/refund-policy/`
	const languages = ['en', 'ja', 'de', 'fr', 'es', 'it', 'pt', 'nl']
	return {
		url: page('en'),
		byLanguage: Object.fromEntries(languages.map((language) => [language, page(language)])),
		updateDate: REFUND_POLICY_UPDATED,
	}
}

export function rewardPool(ctx: EmulatorContext): string[] {
	return docs<{ id: string }>(ctx, 'rewardPool').map((d) => d.id)
}

/** A name for an image of anything in the catalogue. */
export function imageLabel(ctx: EmulatorContext, kind: string, id: string): string | undefined {
	if (kind === 'products') return findProduct(ctx, id)?.name
	if (kind === 'lifetime-keys') return listLifetimeKeys(ctx).find((k) => k.id === id)?.name
	if (kind === 'hardware') return findHardware(ctx, id)?.name
	return undefined
}
