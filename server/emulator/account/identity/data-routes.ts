/**
 * Temporary data (spec 2 §3: kept under an email until its owner has an
 * account — a signed-out visitor's QR registration or post-sign-up redirect)
 * and external user ids (the shop account id per service).
 */
import express, { type Router } from 'express'
import type { z } from 'zod'
import {
	CreateTemporaryDataRequestSchema,
	type DeletedResponseSchema,
	ExternalUserIdRequestSchema,
	type ExternalUserIdSchema,
	SaveTemporaryDataRequestSchema,
	TEMPORARY_DATA_PURPOSES,
	type TemporaryDataPurpose,
	type TemporaryDataSchema,
} from '#app/upstream/contract/account-identity.ts'
import { requireToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { caller, ownUser, param, parseBody } from './http.ts'
import {
	deleteTemporaryData,
	findExternalId,
	findTemporaryData,
	putExternalId,
	saveTemporaryData,
	type ExternalIdRow,
	type TemporaryDataRow,
} from './tables.ts'

const temporaryAnswer = (row: TemporaryDataRow): z.input<typeof TemporaryDataSchema> => ({
	id: row.id,
	userId: row.userId,
	email: row.email,
	purpose: row.purpose,
	body: row.body,
	createDate: row.createDate,
	expiresAt: new Date(row.expiresAt).toISOString(),
})

const externalAnswer = (row: ExternalIdRow): z.input<typeof ExternalUserIdSchema> => row

const isPurpose = (value: string): value is TemporaryDataPurpose =>
	(TEMPORARY_DATA_PURPOSES as readonly string[]).includes(value)
const SERVICE_ID = /^[A-Za-z0-9_-]{1,40}$/

export function dataRoutes(ctx: EmulatorContext): Router {
	const router = express.Router()
	const access = requireToken(ctx, 'access')

	router.post('/temporaryData', (req, res) => {
		const body = parseBody(CreateTemporaryDataRequestSchema, req, res)
		if (!body) return
		res
			.status(201)
			.json(temporaryAnswer(saveTemporaryData(ctx, { userId: null, email: body.email }, body.purpose, body.body)))
	})

	function purposeOf(purpose: string, res: express.Response): TemporaryDataPurpose | undefined {
		if (isPurpose(purpose)) return purpose
		sendError(res, 404, 'Unknown temporary data purpose.', 'ResourceNotFoundException')
		return undefined
	}

	router.get('/temporaryData/:id/:purpose', access, ownUser, (req, res) => {
		const purpose = purposeOf(param(req, 'purpose'), res)
		const user = purpose && caller(ctx, res)
		if (!purpose || !user) return
		const row = findTemporaryData(ctx, { userId: user.id, email: user.email }, purpose)
		if (!row) return sendError(res, 404, 'Temporary data not found.', 'ResourceNotFoundException')
		res.json(temporaryAnswer(row))
	})

	router.post('/temporaryData/:id/:purpose', access, ownUser, (req, res) => {
		const purpose = purposeOf(param(req, 'purpose'), res)
		const user = purpose && caller(ctx, res)
		if (!purpose || !user) return
		const body = parseBody(SaveTemporaryDataRequestSchema, req, res)
		if (!body) return
		res
			.status(201)
			.json(temporaryAnswer(saveTemporaryData(ctx, { userId: user.id, email: user.email }, purpose, body.body)))
	})

	router.delete('/temporaryData/:id/:purpose', access, ownUser, (req, res) => {
		const purpose = purposeOf(param(req, 'purpose'), res)
		const user = purpose && caller(ctx, res)
		if (!purpose || !user) return
		const existing = findTemporaryData(ctx, { userId: user.id, email: user.email }, purpose)
		if (!existing) return sendError(res, 404, 'Temporary data not found.', 'ResourceNotFoundException')
		deleteTemporaryData(ctx.db, { userId: user.id, email: user.email }, purpose)
		const answer: z.input<typeof DeletedResponseSchema> = { id: existing.id, deleted: true }
		res.json(answer)
	})

	function serviceIdOf(serviceId: string, res: express.Response): string | undefined {
		if (SERVICE_ID.test(serviceId)) return serviceId
		sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
		return undefined
	}

	router.get('/externalUserId/services/:serviceId', access, (req, res) => {
		const serviceId = serviceIdOf(param(req, 'serviceId'), res)
		const user = serviceId && caller(ctx, res)
		if (!serviceId || !user) return
		const row = findExternalId(ctx.db, user.id, serviceId)
		if (!row) return sendError(res, 404, 'External user id not found.', 'ResourceNotFoundException')
		res.json(externalAnswer(row))
	})

	router.post('/externalUserId/services/:serviceId', access, (req, res) => {
		const serviceId = serviceIdOf(param(req, 'serviceId'), res)
		const user = serviceId && caller(ctx, res)
		if (!serviceId || !user) return
		const body = parseBody(ExternalUserIdRequestSchema, req, res)
		if (!body) return
		if (findExternalId(ctx.db, user.id, serviceId))
			return sendError(res, 409, 'An external user id for this service already exists.', 'ConflictException')
		res.status(201).json(externalAnswer(putExternalId(ctx, user.id, serviceId, body.id)))
	})

	router.put('/externalUserId/services/:serviceId', access, (req, res) => {
		const serviceId = serviceIdOf(param(req, 'serviceId'), res)
		const user = serviceId && caller(ctx, res)
		if (!serviceId || !user) return
		const body = parseBody(ExternalUserIdRequestSchema, req, res)
		if (!body) return
		if (!findExternalId(ctx.db, user.id, serviceId))
			return sendError(res, 404, 'External user id not found.', 'ResourceNotFoundException')
		res.json(externalAnswer(putExternalId(ctx, user.id, serviceId, body.id)))
	})

	return router
}
