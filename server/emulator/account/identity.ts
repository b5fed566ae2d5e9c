/**
 * The account API's identity calls (spec 2 §7): sign-up and activation,
 * migration, sign-in and tokens, the user record, phones and interests,
 * email and password changes, deletion, staff views, temporary data and
 * external user ids. Errors answer `{ message, code }` in Cognito's words.
 */
import express from 'express'
import { migrateSubscriptions } from '../cloud/subscriptions-table.ts'
import type { EmulatorService } from '../context.ts'
import { collectionRoutes } from './identity/collection-routes.ts'
import { dataRoutes } from './identity/data-routes.ts'
import { seedIdentity } from './identity/seed.ts'
import { sessionRoutes } from './identity/session-routes.ts'
import { migrateIdentityTables } from './identity/tables.ts'
import { userRoutes } from './identity/user-routes.ts'
import { migrateProducts } from './products.ts'
import { migrateRegisteredProducts } from './registered-products-table.ts'
import { migrateUsers } from './users.ts'

export const accountIdentityService: EmulatorService = {
	name: 'account identity',
	mount: '/account',
	migrate(ctx) {
		migrateUsers(ctx.db)
		// Read here: products and registered products for `me`, subscriptions to refuse a deletion.
		migrateProducts(ctx.db)
		migrateRegisteredProducts(ctx.db)
		migrateSubscriptions(ctx.db)
		migrateIdentityTables(ctx.db)
	},
	seed(ctx) {
		seedIdentity(ctx)
	},
	router(ctx) {
		const router = express.Router()
		router.use(sessionRoutes(ctx), userRoutes(ctx), collectionRoutes(ctx), dataRoutes(ctx))
		return router
	},
}
