/**
 * The emulated account API's catalogue (spec 2 §7): the master lists and
 * their signed cache downloads, the product lookup by model code, and the
 * JSON documents (product json, curation json, localisation json), seeded
 * with the lists of spec 1 §3 and a product catalogue. All anonymous.
 */
import express from 'express'
import type { EmulatorContext, EmulatorService } from '../context.ts'
import { getMeta, setMeta, transaction } from '../db.ts'
import {
	BRANDS,
	GENDERS,
	INTERESTS,
	PHONE_TYPES,
	PURCHASING_METHODS,
	QUESTIONNAIRE_LABELS,
	type MasterSeedItem,
} from '../seed/master-lists.ts'
import { CULTURES } from '../seed/cultures.ts'
import { PRODUCT_SEEDS, productRow } from '../seed/products.ts'
import { STATE_PROVINCES } from '../seed/state-provinces.ts'
import { STORES } from '../seed/stores.ts'
import { assetsRouter } from './catalogue/assets.ts'
import { migrateCacheFiles } from './catalogue/cache-files.ts'
import { jsonRouter } from './catalogue/json.ts'
import { listsRouter } from './catalogue/lists.ts'
import { migrateMasterItems, upsertMasterItem } from './catalogue/master-items.ts'
import { insertProduct, migrateProducts } from './products.ts'

const CULTURE_ITEMS: MasterSeedItem[] = CULTURES.map((c) => ({
	id: c.id,
	value: c.value,
	label: c.label,
	labelJa: c.labelJa,
	fields: { regions: c.regions, country: c.country, language: c.language },
	// The html lang a culture renders (spec 1 §9: cultures without a catalogue of their own render en).
	meta: { htmlLang: ['en', 'ja'].includes(c.language) ? c.language : 'en' },
}))

const SEED_LISTS = {
	genders: GENDERS,
	cultureCodes: CULTURE_ITEMS,
	interests: INTERESTS,
	phoneTypes: PHONE_TYPES,
	purchasingMethods: PURCHASING_METHODS,
	questionnaireLabels: QUESTIONNAIRE_LABELS,
	brands: BRANDS,
	stateProvinces: STATE_PROVINCES,
	stores: STORES,
} as const

/**
 * The master lists' shape. Raise it when a seed item changes shape (2: cultures carry `regions`):
 * a data directory seeded before gets its lists upserted again at start, users and all else kept.
 */
const MASTER_LISTS_VERSION = '2'

function seedMasterLists(ctx: EmulatorContext): void {
	for (const [list, items] of Object.entries(SEED_LISTS)) {
		items.forEach((item, index) => upsertMasterItem(ctx, list as keyof typeof SEED_LISTS, item, index + 1))
	}
	setMeta(ctx.db, 'masterListsVersion', MASTER_LISTS_VERSION)
}

export function seedCatalogue(ctx: EmulatorContext): void {
	const now = new Date(ctx.clock.now()).toISOString()
	transaction(ctx.db, () => {
		seedMasterLists(ctx)
		for (const seed of PRODUCT_SEEDS) insertProduct(ctx.db, productRow(seed, ctx.emulatorUrl, now))
		setMeta(ctx.db, 'catalogueSeededAt', now)
		setMeta(ctx.db, 'catalogueEmulatorUrl', ctx.emulatorUrl)
	})
}

export const accountCatalogueService: EmulatorService = {
	name: 'account catalogue',
	mount: '/account',
	migrate(ctx) {
		migrateProducts(ctx.db)
		migrateMasterItems(ctx.db)
		migrateCacheFiles(ctx.db)
		// Only a data directory seeded by an earlier version: a new one is seeded whole after this.
		const version = getMeta(ctx.db, 'masterListsVersion')
		if (getMeta(ctx.db, 'seeded') !== undefined && version !== MASTER_LISTS_VERSION)
			transaction(ctx.db, () => seedMasterLists(ctx))
	},
	seed(ctx) {
		seedCatalogue(ctx)
		ctx.log(
			`catalogue: ${PRODUCT_SEEDS.length} products, ${STORES.length} stores, ${STATE_PROVINCES.length} state/provinces`,
		)
	},
	router(ctx) {
		const router = express.Router()
		router.use(listsRouter(ctx))
		router.use(jsonRouter(ctx))
		router.use(assetsRouter(ctx))
		return router
	},
}
