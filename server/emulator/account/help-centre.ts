/**
 * The account API's help-centre calls (support tickets, article search,
 * single sign-on: `zendesk/…`) and its social proxy (`graphApi/{id}`),
 * spec 2 §3, §5, §7, §9. Besides the calls, the emulated help centre's own
 * pages (`zendesk/hc…`), placeholder images (`_images/…`) and an admin read
 * of stored tickets (`zendesk/_tickets?email=`) for tests.
 */
import express from 'express'
import type { EmulatorService } from '../context.ts'
import { articlesRouter, migrateArticles, seedArticles } from './help-centre/articles.ts'
import { imagesRouter } from './help-centre/images.ts'
import { migrateSocial, seedSocial, socialRouter } from './help-centre/social.ts'
import { migrateSso, ssoRouter } from './help-centre/sso.ts'
import { migrateTickets, ticketsRouter } from './help-centre/tickets.ts'
import { migrateUsers } from './users.ts'

export const helpCentreService: EmulatorService = {
	name: 'help centre and social proxy',
	mount: '/account',
	migrate(ctx) {
		// Shared: created here too, so these calls work whichever service migrates first.
		migrateUsers(ctx.db)
		migrateTickets(ctx.db)
		migrateArticles(ctx.db)
		migrateSso(ctx.db)
		migrateSocial(ctx.db)
	},
	seed(ctx) {
		seedArticles(ctx)
		seedSocial(ctx)
	},
	router(ctx) {
		const router = express.Router()
		router.use(ticketsRouter(ctx))
		router.use(articlesRouter(ctx))
		router.use(ssoRouter(ctx))
		router.use(socialRouter(ctx))
		router.use(imagesRouter())
		return router
	},
}
