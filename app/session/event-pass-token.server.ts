/**
 * The event pass's token (ADR 0026): signed by the portal (a JWT, HS256, through jose). The key is
 * derived from the session secret for this purpose alone (HKDF), so no other token the portal signs
 * passes for a pass; every secret in rotation is accepted, the first signs. The pass's rules are in
 * `app/domain/event-pass.ts`.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { parseEventCode, PASS_LIFETIME_SECONDS, type EventPass, type PassCheck } from '#app/domain/event-pass.ts'

const ALGORITHM = 'HS256'
const keys = new Map<string, Promise<Uint8Array>>()

function passKey(secret: string): Promise<Uint8Array> {
	let key = keys.get(secret)
	if (!key) {
		const encoder = new TextEncoder()
		key = crypto.subtle
			.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveBits'])
			.then((material) =>
				crypto.subtle.deriveBits(
					{ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode('owners-portal event pass') },
					material,
					256,
				),
			)
			.then((bits) => new Uint8Array(bits))
		keys.set(secret, key)
	}
	return key
}

/** A new pass for the user at the event, valid from `now` for the pass lifetime. */
export async function issuePass(
	{ userId, event }: { userId: string; event: string },
	secret: string,
	now = Date.now(),
): Promise<string> {
	const issuedAt = Math.floor(now / 1000)
	return new SignJWT({ evt: event })
		.setProtectedHeader({ alg: ALGORITHM })
		.setSubject(userId)
		.setIssuedAt(issuedAt)
		.setExpirationTime(issuedAt + PASS_LIFETIME_SECONDS)
		.sign(await passKey(secret))
}

function passOf(payload: JWTPayload): EventPass | null {
	const event = typeof payload.evt === 'string' ? parseEventCode(payload.evt) : null
	if (!payload.sub || !event || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null
	return {
		userId: payload.sub,
		event,
		issuedAt: new Date(payload.iat * 1000),
		expiresAt: new Date(payload.exp * 1000),
	}
}

/**
 * Whether a pass is one the portal signed, and still good at `now`. Anything else (edited, signed
 * with another key, not a token at all) is forged; a genuine pass past its time is expired, with
 * whose and which event it was, so staff can tell the visitor to open a fresh one.
 */
export async function checkPass(token: string, secrets: readonly string[], now = Date.now()): Promise<PassCheck> {
	for (const secret of secrets) {
		try {
			const { payload } = await jwtVerify(token, await passKey(secret), {
				algorithms: [ALGORITHM],
				currentDate: new Date(now),
				requiredClaims: ['sub', 'iat', 'exp'],
			})
			const pass = passOf(payload)
			return pass ? { kind: 'valid', pass } : { kind: 'forged' }
		} catch (error) {
			// jose checks the signature before the claims: an expired pass is a genuine one.
			if (error instanceof errors.JWTExpired) {
				const pass = passOf(error.payload)
				return pass ? { kind: 'expired', pass } : { kind: 'forged' }
			}
			if (error instanceof errors.JWSSignatureVerificationFailed) continue
			return { kind: 'forged' }
		}
	}
	return { kind: 'forged' }
}
