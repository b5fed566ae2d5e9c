/**
 * The emulated log service (spec 2 §7): `POST log/{backstageService}` stores
 * an event, with the user when an id token comes in Authorization and
 * anonymously without one; `DELETE log/{backstageService}` deletes the
 * signed-in user's events. Admin read for tests and demos:
 * `GET log/_events?service=&userId=` (userId `anonymous` for events sent
 * without a token), newest first, at most 500.
 */
import express from 'express'
import type { z } from 'zod'
import {
	BackstageServiceSchema,
	ErrorLogEventSchema,
	isErrorLogBody,
	type LogDeletionSchema,
	LogEventSchema,
	type LogReceiptSchema,
	type StoredLogEventsSchema,
} from '#app/upstream/contract/log.ts'
import { optionalToken, requireToken, sendError } from '../auth.ts'
import type { EmulatorService } from '../context.ts'
import { deleteUserLogEvents, insertLogEvent, listLogEvents, migrateLogEvents } from './events-table.ts'

export const logService: EmulatorService = {
	name: 'log service',
	mount: '/log',
	migrate(ctx) {
		migrateLogEvents(ctx.db)
	},
	router(ctx) {
		const router = express.Router()

		// A stage's analytics script (ANALYTICS_SCRIPT_URL, spec 2 §4) for demos and tests: it marks the page it ran on.
		router.get('/analytics.js', (_req, res) => {
			res.type('application/javascript').send("document.documentElement.setAttribute('data-analytics', 'loaded')\n")
		})

		// Not the log service's API but every user's stored events: admin only.
		router.get('/log/_events', ctx.adminOnly, (req, res) => {
			const service = typeof req.query.service === 'string' && req.query.service ? req.query.service : undefined
			const rawUser = typeof req.query.userId === 'string' && req.query.userId ? req.query.userId : undefined
			const userId = rawUser === 'anonymous' ? null : rawUser
			const answer: z.input<typeof StoredLogEventsSchema> = { events: listLogEvents(ctx.db, { service, userId }) }
			res.json(answer)
		})

		router.post('/log/:service', optionalToken(ctx, 'id'), (req, res) => {
			const service = BackstageServiceSchema.safeParse(req.params.service)
			const body = (isErrorLogBody(req.body) ? ErrorLogEventSchema : LogEventSchema).safeParse(req.body)
			if (!service.success || !body.success)
				return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
			const stored = insertLogEvent(ctx.db, {
				service: service.data,
				userId: typeof res.locals.userId === 'string' ? res.locals.userId : null,
				event: body.data.event,
				payload: body.data,
				receivedAt: new Date(ctx.clock.now()).toISOString(),
			})
			const answer: z.input<typeof LogReceiptSchema> = { id: stored.id, receivedAt: stored.receivedAt }
			res.status(201).json(answer)
		})

		router.delete('/log/:service', requireToken(ctx, 'id'), (req, res) => {
			const service = BackstageServiceSchema.safeParse(req.params.service)
			if (!service.success) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
			const answer: z.input<typeof LogDeletionSchema> = {
				deleted: deleteUserLogEvents(ctx.db, service.data, res.locals.userId as string),
			}
			res.json(answer)
		})

		return router
	},
}
