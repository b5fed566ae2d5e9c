/** Small pieces every identity route uses: body validation, the caller, own-id checks. */
import type { NextFunction, Request, Response } from 'express'
import type { z } from 'zod'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { findUserById, type UserRow } from '../users.ts'
import type { RuleError } from './rules.ts'

/** The body parsed with its contract schema, or undefined after answering 400. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, res: Response): z.output<S> | undefined {
	const parsed = schema.safeParse(req.body ?? {})
	if (parsed.success) return parsed.data
	sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
	return undefined
}

export function sendRuleError(res: Response, error: RuleError): void {
	sendError(res, error.status, error.message, error.code)
}

/** After requireToken: the path's user must be the caller. */
export function ownUser(req: Request, res: Response, next: NextFunction): void {
	if (param(req, 'id') !== res.locals.userId)
		return sendError(res, 403, 'You may only access your own account.', 'Forbidden')
	next()
}

/** The caller's user row, or undefined after answering 404 (a token outliving its account). */
export function caller(ctx: EmulatorContext, res: Response): UserRow | undefined {
	const user = findUserById(ctx.db, String(res.locals.userId))
	if (!user) sendError(res, 404, 'User does not exist.', 'UserNotFoundException')
	return user
}

/** Spec 2 §7 list paging: `perPage=-1` is everything; page from 1. */
export function page<T>(req: Request, items: T[]): { items: T[]; total: number; page: number; perPage: number } {
	const perPage = Number(req.query.perPage ?? 20)
	const pageNumber = Math.max(1, Math.floor(Number(req.query.page ?? 1)) || 1)
	if (!Number.isFinite(perPage) || perPage < 0) return { items, total: items.length, page: 1, perPage: -1 }
	const size = Math.min(100, Math.max(1, Math.floor(perPage)))
	return {
		items: items.slice((pageNumber - 1) * size, pageNumber * size),
		total: items.length,
		page: pageNumber,
		perPage: size,
	}
}

export const isoNow = (ctx: EmulatorContext) => new Date(ctx.clock.now()).toISOString()

/** A path parameter as a string (Express types them loosely). */
export function param(req: Request, name: string): string {
	const value = req.params[name]
	return typeof value === 'string' ? value : ''
}
