/**
 * When the portal may believe a shop's handoff reply (ADR 0028, 0032). The reply reaches the portal
 * through the user's browser, so whatever the browser posts could have been written by the user: a
 * shop account id is saved only from a reply the shop signed with its key, for this user, this portal
 * and this handoff, a few minutes old at most. The keys and secrets come in as parameters; nothing
 * here reads settings or calls out. A `.server` module: it handles the session secrets.
 */
import type { KeyObject } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { isShopOrigin } from '#app/domain/shop-origins.ts'

/** A shop's public key, for a shop origin (`https://shop.example`) or a preview host suffix. */
export interface ShopKey {
	shop: string
	key: KeyObject
	/** The JWS algorithms the key may sign with (by its type, so `none` or HMAC never are). */
	algorithms: readonly string[]
}

/** How long the handoff the portal starts stays open: a page left longer starts again. */
export const HANDOFF_STATE_SECONDS = 600
/** A signed reply older than this is refused: it is made for one handoff, seconds before it is used. */
export const SHOP_REPLY_MAX_AGE_SECONDS = 300
/** Clocks of the portal and the shops may differ this much. */
const CLOCK_TOLERANCE_SECONDS = 30

const SHOPIFY_ID = /^[A-Za-z0-9_:/.-]{1,200}$/

/** The state key is the session secret bound to this one use, so a state is never another token of ours. */
const stateKey = (secret: string) => new TextEncoder().encode(`owners-portal shop handoff state\0${secret}`)

/**
 * The state of one handoff: a short-lived token the portal signs, naming the user and the shop. The
 * page sends it to the shop with the id token, and the shop signs it back as the reply's `nonce`.
 */
export function handoffState(userId: string, shopOrigin: string, secret: string, now: Date): Promise<string> {
	const issuedAt = Math.floor(now.getTime() / 1000)
	return new SignJWT({ shop: shopOrigin })
		.setProtectedHeader({ alg: 'HS256' })
		.setSubject(userId)
		.setIssuedAt(issuedAt)
		.setExpirationTime(issuedAt + HANDOFF_STATE_SECONDS)
		.setJti(crypto.randomUUID())
		.sign(stateKey(secret))
}

/** The key that speaks for the shop at `origin`: the first configured for it, else none. */
export function shopKeyFor(origin: string, keys: readonly ShopKey[]): ShopKey | undefined {
	return keys.find((entry) =>
		isShopOrigin(
			origin,
			entry.shop.includes('://')
				? { shops: [entry.shop], previewHosts: [] }
				: { shops: [], previewHosts: [entry.shop] },
		),
	)
}

/** Why a reply does not count; said in the portal's log, which holds no user's data. */
export type ShopReplyRefusal =
	| 'not signed'
	| 'no key configured for the shop'
	| 'bad signature'
	| 'expired'
	| 'for another user'
	| 'for another portal'
	| 'from another shop'
	| 'not for this handoff'
	| 'malformed'

export type ShopReplyCheck = { signed: true; shopifyId: string } | { signed: false; refusal: ShopReplyRefusal }

export interface ExpectedReply {
	/** The origin the handoff went to (the target's, which the reply came from). */
	shopOrigin: string
	/** The portal's own origin: the audience a shop signs for. */
	portalOrigin: string
	/** The signed-in user (the id token's subject the shop verified). */
	userId: string
	keys: readonly ShopKey[]
	/** The session secrets; any of them may have signed the state (rotation). */
	stateSecrets: readonly string[]
	now: Date
}

function refusalOf(error: unknown): ShopReplyRefusal {
	if (error instanceof errors.JWTExpired) return 'expired'
	if (error instanceof errors.JWTClaimValidationFailed) {
		if (error.claim === 'sub') return 'for another user'
		if (error.claim === 'aud') return 'for another portal'
		if (error.claim === 'iss') return 'from another shop'
		if (error.claim === 'iat') return 'expired'
		if (error.claim === 'nonce') return 'not for this handoff'
		return 'malformed'
	}
	if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed)
		return 'bad signature'
	return 'malformed'
}

async function isStateOf(state: unknown, expected: ExpectedReply): Promise<boolean> {
	if (typeof state !== 'string') return false
	for (const secret of expected.stateSecrets) {
		try {
			const { payload } = await jwtVerify(state, stateKey(secret), {
				algorithms: ['HS256'],
				subject: expected.userId,
				currentDate: expected.now,
				requiredClaims: ['exp', 'jti'],
			})
			return payload.shop === expected.shopOrigin
		} catch {
			// Another secret may have signed it.
		}
	}
	return false
}

/**
 * Checks a shop's signed reply (a compact JWS): signed by the key configured for the shop it came
 * from, issued by that shop (`iss`), for this portal (`aud`) and this user (`sub`), with this
 * handoff's state as `nonce`, at most a few minutes old; then its `shopifyId` is the shop's word.
 */
export async function checkShopReply(token: string | undefined, expected: ExpectedReply): Promise<ShopReplyCheck> {
	if (!token) return { signed: false, refusal: 'not signed' }
	const shopKey = shopKeyFor(expected.shopOrigin, expected.keys)
	if (!shopKey) return { signed: false, refusal: 'no key configured for the shop' }
	let payload: Record<string, unknown>
	try {
		;({ payload } = await jwtVerify(token, shopKey.key, {
			algorithms: [...shopKey.algorithms],
			issuer: expected.shopOrigin,
			audience: expected.portalOrigin,
			subject: expected.userId,
			currentDate: expected.now,
			maxTokenAge: SHOP_REPLY_MAX_AGE_SECONDS,
			clockTolerance: CLOCK_TOLERANCE_SECONDS,
			requiredClaims: ['iss', 'aud', 'sub', 'iat', 'exp', 'nonce'],
		}))
	} catch (error) {
		return { signed: false, refusal: refusalOf(error) }
	}
	if (!(await isStateOf(payload.nonce, expected))) return { signed: false, refusal: 'not for this handoff' }
	const id = typeof payload.shopifyId === 'number' ? String(payload.shopifyId) : payload.shopifyId
	return typeof id === 'string' && SHOPIFY_ID.test(id)
		? { signed: true, shopifyId: id }
		: { signed: false, refusal: 'malformed' }
}
