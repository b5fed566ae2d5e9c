import type { NextFunction, Request, Response } from 'express'
import { jwtVerify } from 'jose'
import {
	SECURITY_TOKEN_AUDIENCE,
	SECURITY_TOKEN_HEADER,
	SECURITY_TOKEN_SECONDS,
	SECURITY_TOKEN_SKEW_SECONDS,
} from '#app/upstream/contract/security-token.ts'
import type { EmulatorContext } from './context.ts'
import { TokenError } from './tokens.ts'

/** The emulator's error answer: `{ message, code }`, as the real APIs answer. */
export function sendError(res: Response, status: number, message: string, code?: string) {
	res.status(status).json({ message, ...(code ? { code } : {}) })
}

function bearer(req: Request): string | undefined {
	const header = req.get('Authorization')
	if (!header) return undefined
	return header.replace(/^Bearer\s+/i, '').trim() || undefined
}

/**
 * Requires a valid token in Authorization (raw or `Bearer …`): an access
 * token for the account and device APIs, an id token for the cloud API and
 * the log service. Puts the user id in `res.locals.userId`.
 */
export function requireToken(ctx: EmulatorContext, use: 'access' | 'id') {
	return async (req: Request, res: Response, next: NextFunction) => {
		const token = bearer(req)
		if (!token) return sendError(res, 401, 'Unauthorized', 'NotAuthorizedException')
		try {
			const payload = await ctx.tokens.verify(token, use)
			res.locals.userId = payload.sub
			res.locals.tokenEmail = payload.email
			next()
		} catch (error) {
			const message = error instanceof TokenError ? error.message : 'Invalid token'
			sendError(
				res,
				401,
				message,
				error instanceof TokenError && error.expired ? 'TokenExpired' : 'NotAuthorizedException',
			)
		}
	}
}

/** Like requireToken, but lets anonymous requests through (the log service). */
export function optionalToken(ctx: EmulatorContext, use: 'access' | 'id') {
	const required = requireToken(ctx, use)
	return (req: Request, res: Response, next: NextFunction) =>
		req.get('Authorization') ? required(req, res, next) : next()
}

/** Requires the X-RCP-Security-Token header: signed with the shared secret over the server time, 60 s. */
export function requireSecurityToken(ctx: EmulatorContext) {
	const secret = new TextEncoder().encode(ctx.securitySecret)
	return async (req: Request, res: Response, next: NextFunction) => {
		const token = req.get(SECURITY_TOKEN_HEADER)
		if (!token) return sendError(res, 403, 'Missing security token', 'InvalidSecurityToken')
		try {
			const now = Math.floor(ctx.clock.now() / 1000)
			const { payload } = await jwtVerify(token, secret, {
				algorithms: ['HS256'],
				audience: SECURITY_TOKEN_AUDIENCE,
				currentDate: new Date(now * 1000),
			})
			const iat = payload.iat ?? 0
			if (iat > now + SECURITY_TOKEN_SKEW_SECONDS || iat < now - SECURITY_TOKEN_SECONDS) throw new Error('stale')
			next()
		} catch {
			sendError(res, 403, 'Invalid security token', 'InvalidSecurityToken')
		}
	}
}
