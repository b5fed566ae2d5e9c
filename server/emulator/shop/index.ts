/**
 * The brand web shop the emulator plays in the service-worker handoff (ADR 0028, 0032):
 * `POST owners-portal/token-verification?as=<shop origin>` takes the worker's token message, checks
 * the id token as a shop would, and answers the shop's reply with a signed `token` (a compact JWS,
 * EdDSA) whose public key the portal trusts on the emulator (`EMULATOR_SHOP_PUBLIC_KEY`). It plays
 * whichever shop `as` names: a test serves that origin by a route and forwards this one call here.
 */
import { createHash, createPrivateKey } from 'node:crypto'
import express from 'express'
import { SignJWT } from 'jose'
import { z } from 'zod'
import { sendError } from '../auth.ts'
import type { EmulatorService } from '../context.ts'

/** The private half of EMULATOR_SHOP_PUBLIC_KEY (app/env.server.ts): a demo key, trusted only on the emulator. */
const SHOP_PRIVATE_KEY = createPrivateKey({
	key: Buffer.from('MC4CAQAwBQYDK2VwBCIEIOh1nNImupw26NA4+ttf5et+3+m2cpyl067gSkxKKZtY', 'base64'),
	format: 'der',
	type: 'pkcs8',
})

/** How long the shop's signed reply holds: it is used seconds later. */
const REPLY_SECONDS = 120

const TokenMessageSchema = z.object({
	type: z.literal('cognitoToken'),
	idToken: z.string().min(1).max(8000),
	event: z.string().max(100).optional(),
	state: z.string().max(2000).optional(),
})

/** The shop's customer id for a portal user: the same every time, numeric like the shop's own. */
export function shopCustomerId(userId: string): string {
	return String(BigInt(`0x${createHash('sha256').update(userId).digest('hex').slice(0, 12)}`))
}

export interface ShopReplyClaims {
	shop: string
	portal: string
	userId: string
	shopifyId: string
	nonce?: string
	/** Seconds since the epoch; now by default. */
	issuedAt?: number
	expiresAt?: number
}

/** The shop's signed reply (a compact JWS): also used by tests to sign an expired or misaddressed one. */
export function signedShopReply(claims: ShopReplyClaims): Promise<string> {
	// The shop's own clock, not the emulator's movable one: the portal checks the reply's age by real time.
	const issuedAt = claims.issuedAt ?? Math.floor(Date.now() / 1000)
	return new SignJWT({ shopifyId: claims.shopifyId, ...(claims.nonce === undefined ? {} : { nonce: claims.nonce }) })
		.setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
		.setIssuer(claims.shop)
		.setAudience(claims.portal)
		.setSubject(claims.userId)
		.setIssuedAt(issuedAt)
		.setExpirationTime(claims.expiresAt ?? issuedAt + REPLY_SECONDS)
		.sign(SHOP_PRIVATE_KEY)
}

export const shopService: EmulatorService = {
	name: 'brand web shop (handoff)',
	mount: '/shop',
	router(ctx) {
		const router = express.Router()
		router.post('/owners-portal/token-verification', express.text({ type: '*/*', limit: '16kb' }), async (req, res) => {
			const shop = typeof req.query.as === 'string' && URL.canParse(req.query.as) ? new URL(req.query.as).origin : null
			// The worker sends text/plain (no preflight); a JSON body is read by the emulator's own parser.
			let body: unknown = req.body
			if (typeof body === 'string')
				try {
					body = JSON.parse(body)
				} catch {
					// Answered below.
				}
			const message = TokenMessageSchema.safeParse(body)
			if (!shop || !message.success) return sendError(res, 400, 'Invalid parameters.', 'InvalidParameterException')
			res.set({ 'Access-Control-Allow-Origin': new URL(ctx.portalUrl).origin, Vary: 'Origin' })
			let userId: string
			try {
				userId = (await ctx.tokens.verify(message.data.idToken, 'id')).sub
			} catch {
				return res.json({ type: 'tokenVerification', status: 'invalid' })
			}
			const shopifyId = shopCustomerId(userId)
			const token = await signedShopReply({
				shop,
				portal: new URL(ctx.portalUrl).origin,
				userId,
				shopifyId,
				nonce: message.data.state,
			})
			res.json({ type: 'tokenVerification', status: 'success', shopifyId, token })
		})
		return router
	},
}
