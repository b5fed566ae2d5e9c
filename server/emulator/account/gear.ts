/**
 * The account API's gear calls: registered products and their answer infos
 * (`users/{id}/registeredProducts…`) and the product questionnaires
 * (`questionnaires…`). Spec 1 §3–§5, §8; spec 2 §7.
 */
import express from 'express'
import type { EmulatorService } from '../context.ts'
import { migrateAnswerInfos } from './gear/answer-infos-table.ts'
import {
	migrateQuestionnaires,
	questionnairesRouter,
	seedQuestionnaires,
	upgradeQuestionnaires,
} from './gear/questionnaires.ts'
import { registeredProductsRouter } from './gear/registered-products.ts'
import { seedDemoGear } from './gear/seed.ts'
import { migrateProducts } from './products.ts'
import { migrateRegisteredProducts } from './registered-products-table.ts'
import { migrateUsers } from './users.ts'

export const accountGearService: EmulatorService = {
	name: 'account gear and questionnaires',
	mount: '/account',
	migrate(ctx) {
		// Both are shared: created here too, so the gear calls work whichever service migrates first.
		migrateUsers(ctx.db)
		migrateProducts(ctx.db)
		migrateRegisteredProducts(ctx.db)
		migrateQuestionnaires(ctx.db)
		migrateAnswerInfos(ctx.db)
		upgradeQuestionnaires(ctx)
	},
	seed(ctx) {
		seedQuestionnaires(ctx)
		seedDemoGear(ctx)
	},
	router(ctx) {
		const router = express.Router()
		router.use(registeredProductsRouter(ctx))
		router.use(questionnairesRouter(ctx))
		return router
	},
}
