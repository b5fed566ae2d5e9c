import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { z } from 'zod'
import { requireToken, sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'

/** `users/{id}/…` calls: an access token, and only for its own user. */
export function ownUser(ctx: EmulatorContext): RequestHandler[] {
	return [
		requireToken(ctx, 'access'),
		(req: Request, res: Response, next: NextFunction) => {
			if (req.params.id !== res.locals.userId) return sendError(res, 403, 'Access Denied', 'AccessDeniedException')
			next()
		},
	]
}

/** Parses a request body with its contract schema, or answers the API's 400. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, res: Response): z.infer<S> | undefined {
	const parsed = schema.safeParse(req.body ?? {})
	if (parsed.success) return parsed.data
	sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
	return undefined
}

export function isoNow(ctx: EmulatorContext): string {
	return new Date(ctx.clock.now()).toISOString()
}

/** A query value that may be repeated (`labelIds[]=1&labelIds[]=2`) or given once. */
export function queryList(req: Request, ...keys: string[]): string[] {
	const values: string[] = []
	for (const key of keys) {
		const value = (req.query as Record<string, unknown>)[key]
		if (typeof value === 'string') values.push(...value.split(','))
		else if (Array.isArray(value))
			for (const item of value) if (typeof item === 'string') values.push(...item.split(','))
	}
	return values.map((v) => v.trim()).filter(Boolean)
}
