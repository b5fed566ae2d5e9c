/**
 * Help-centre single sign-on: `POST zendesk/sso` {idToken, returnTo} checks
 * the id token and answers the help centre's JWT login URL, carrying a
 * short-lived (3 minutes), single-use HS256 token and the return_to. The
 * emulated help centre's landing (`zendesk/hc/access/jwt`) checks it and
 * says who is signed in.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import express, { type Request, type Response } from 'express'
import { jwtVerify, SignJWT } from 'jose'
import type { z } from 'zod'
import {
	HELP_CENTRE_MESSAGES,
	HelpCentreSsoRequestSchema,
	type HelpCentreSsoResponseSchema,
} from '#app/upstream/contract/help-centre.ts'
import { sendError } from '../../auth.ts'
import type { EmulatorContext } from '../../context.ts'
import { getMeta, setMeta } from '../../db.ts'
import { TokenError } from '../../tokens.ts'
import { parseBody } from '../gear/request.ts'
import { findUserById } from '../users.ts'
import { escapeMarkup as escapeHtml } from '../../markup.ts'
import { helpCentrePage } from './html.ts'

export const HELP_CENTRE_JWT_SECONDS = 180
const AUDIENCE = 'help-centre'

export function migrateSso(db: DatabaseSync): void {
	db.exec('CREATE TABLE IF NOT EXISTS help_centre_sso_used (jti TEXT PRIMARY KEY, used_at TEXT NOT NULL)')
}

/** The secret the account API shares with the help centre; made once, kept in the database. */
function sharedSecret(db: DatabaseSync): Uint8Array {
	let secret = getMeta(db, 'helpCentreJwtSecret')
	if (!secret) {
		secret = randomBytes(32).toString('base64url')
		setMeta(db, 'helpCentreJwtSecret', secret)
	}
	return new TextEncoder().encode(secret)
}

export function ssoRouter(ctx: EmulatorContext) {
	const router = express.Router()
	const landing = `${ctx.emulatorUrl}/account/zendesk/hc/access/jwt`
	const home = `${ctx.emulatorUrl}/account/zendesk/hc`

	router.post('/zendesk/sso', async (req: Request, res: Response) => {
		const body = parseBody(HelpCentreSsoRequestSchema, req, res)
		if (!body) return
		if (!body.idToken?.trim())
			return sendError(res, 400, HELP_CENTRE_MESSAGES.idTokenRequired, 'InvalidParameterException')
		let userId: string
		try {
			userId = (await ctx.tokens.verify(body.idToken.trim(), 'id')).sub
		} catch (error) {
			const expired = error instanceof TokenError && error.expired
			return sendError(
				res,
				401,
				error instanceof TokenError ? error.message : 'Invalid token',
				expired ? 'TokenExpired' : 'NotAuthorizedException',
			)
		}
		const user = findUserById(ctx.db, userId)
		if (!user) return sendError(res, 401, 'User does not exist.', 'UserNotFoundException')
		const name =
			[user.profile.firstName, user.profile.lastName].filter((part) => typeof part === 'string' && part).join(' ') ||
			user.email
		const now = Math.floor(ctx.clock.now() / 1000)
		const jwt = await new SignJWT({ email: user.email, name, external_id: user.id })
			.setProtectedHeader({ alg: 'HS256' })
			.setAudience(AUDIENCE)
			.setIssuedAt(now)
			.setExpirationTime(now + HELP_CENTRE_JWT_SECONDS)
			.setJti(randomUUID())
			.sign(sharedSecret(ctx.db))
		const url = new URL(landing)
		url.searchParams.set('jwt', jwt)
		url.searchParams.set('return_to', body.returnTo ?? home)
		const answer: z.input<typeof HelpCentreSsoResponseSchema> = { redirectUrl: url.toString() }
		res.json(answer)
	})

	router.get('/zendesk/hc/access/jwt', async (req: Request, res: Response) => {
		const failed = () =>
			res
				.status(401)
				.type('html')
				.send(helpCentrePage('Sign-in failed', '<p>The single sign-on token is invalid, expired or already used.</p>'))
		const jwt = typeof req.query.jwt === 'string' ? req.query.jwt : ''
		const returnTo =
			typeof req.query.return_to === 'string' && /^https?:\/\//.test(req.query.return_to) ? req.query.return_to : home
		let payload: Record<string, unknown>
		try {
			;({ payload } = await jwtVerify(jwt, sharedSecret(ctx.db), {
				audience: AUDIENCE,
				algorithms: ['HS256'],
				currentDate: new Date(ctx.clock.now()),
			}))
		} catch {
			return failed()
		}
		if (typeof payload.jti !== 'string') return failed()
		const used = ctx.db
			.prepare('INSERT INTO help_centre_sso_used (jti, used_at) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING')
			.run(payload.jti, new Date(ctx.clock.now()).toISOString())
		if (used.changes === 0) return failed()
		const who = `${String(payload.name)} (${String(payload.email)})`
		res
			.type('html')
			.send(
				helpCentrePage(
					'Help Center',
					`<p>Signed in to the help centre as ${escapeHtml(who)}.</p><p><a href="${escapeHtml(returnTo)}">Continue</a></p>`,
				),
			)
	})

	return router
}
