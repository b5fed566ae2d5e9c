/** A user's phones (create, update, delete; at most 3) and interests (create and delete only). */
import express, { type Router } from 'express'
import type { z } from 'zod'
import {
	type DeletedResponseSchema,
	type InterestListResponseSchema,
	InterestRequestSchema,
	MAX_PHONES,
	type PhoneListResponseSchema,
	PhoneRequestSchema,
	type PhoneSchema,
	type UserInterestSchema,
} from '#app/upstream/contract/account-identity.ts'
import { requireToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { caller, ownUser, page, param, parseBody } from './http.ts'
import { findInterest } from './masters.ts'
import { isValidPhoneNumber } from './rules.ts'
import {
	deleteInterest,
	deletePhone,
	findInterestOf,
	insertInterest,
	insertPhone,
	listInterests,
	listPhones,
	updatePhone,
	type InterestRow,
	type PhoneRow,
} from './tables.ts'

type PhoneAnswer = z.input<typeof PhoneSchema>
type InterestAnswer = z.input<typeof UserInterestSchema>

const phoneAnswer = (p: PhoneRow): PhoneAnswer => ({ id: p.id, number: p.number, type: p.type as PhoneAnswer['type'] })

function interestAnswer(row: InterestRow): InterestAnswer | undefined {
	const interest = findInterest(row.interestId)
	return interest && { id: row.id, interest }
}

export function collectionRoutes(ctx: EmulatorContext): Router {
	const router = express.Router()
	const access = requireToken(ctx, 'access')

	router.get('/users/:id/phones', access, ownUser, (req, res) => {
		const answer: z.input<typeof PhoneListResponseSchema> = page(
			req,
			listPhones(ctx.db, param(req, 'id')).map(phoneAnswer),
		)
		res.json(answer)
	})

	router.post('/users/:id/phones', access, ownUser, (req, res) => {
		if (!caller(ctx, res)) return
		const body = parseBody(PhoneRequestSchema, req, res)
		if (!body) return
		if (!isValidPhoneNumber(body.number))
			return sendError(res, 400, 'Phone number must be valid.', 'InvalidParameterException')
		if (listPhones(ctx.db, param(req, 'id')).length >= MAX_PHONES) {
			return sendError(res, 400, `A user can have at most ${MAX_PHONES} phones.`, 'InvalidParameterException')
		}
		res.status(201).json(phoneAnswer(insertPhone(ctx, param(req, 'id'), body)))
	})

	router.put('/users/:id/phones/:phoneId', access, ownUser, (req, res) => {
		const body = parseBody(PhoneRequestSchema, req, res)
		if (!body) return
		if (!isValidPhoneNumber(body.number))
			return sendError(res, 400, 'Phone number must be valid.', 'InvalidParameterException')
		const phone = updatePhone(ctx, param(req, 'id'), param(req, 'phoneId'), body)
		if (!phone) return sendError(res, 404, 'Phone not found.', 'ResourceNotFoundException')
		res.json(phoneAnswer(phone))
	})

	router.delete('/users/:id/phones/:phoneId', access, ownUser, (req, res) => {
		if (!deletePhone(ctx.db, param(req, 'id'), param(req, 'phoneId')))
			return sendError(res, 404, 'Phone not found.', 'ResourceNotFoundException')
		const answer: z.input<typeof DeletedResponseSchema> = { id: param(req, 'phoneId'), deleted: true }
		res.json(answer)
	})

	router.get('/users/:id/interests', access, ownUser, (req, res) => {
		const interests = listInterests(ctx.db, param(req, 'id')).flatMap((row) => interestAnswer(row) ?? [])
		const answer: z.input<typeof InterestListResponseSchema> = page(req, interests)
		res.json(answer)
	})

	router.post('/users/:id/interests', access, ownUser, (req, res) => {
		if (!caller(ctx, res)) return
		const body = parseBody(InterestRequestSchema, req, res)
		if (!body) return
		if (!findInterest(body.interestId)) return sendError(res, 400, 'Unknown interest.', 'InvalidParameterException')
		if (findInterestOf(ctx.db, param(req, 'id'), body.interestId))
			return sendError(res, 409, 'The interest has already been added.', 'ConflictException')
		res.status(201).json(interestAnswer(insertInterest(ctx, param(req, 'id'), body.interestId)))
	})

	router.delete('/users/:id/interests/:interestId', access, ownUser, (req, res) => {
		if (!deleteInterest(ctx.db, param(req, 'id'), param(req, 'interestId')))
			return sendError(res, 404, 'Interest not found.', 'ResourceNotFoundException')
		const answer: z.input<typeof DeletedResponseSchema> = { id: param(req, 'interestId'), deleted: true }
		res.json(answer)
	})

	return router
}
