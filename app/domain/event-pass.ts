/**
 * The event pass (spec 1 §1 "a 'thank you for coming' page with a pass", ADR 0026): a short-lived
 * token of who checked in and at which event, signed by the portal (a JWT, HS256, through jose),
 * that staff verify at /check-in/verify. The key is derived from the session secret for this purpose
 * alone (HKDF), so no other token the portal signs passes for a pass; every secret in rotation is
 * accepted, the first signs.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'

/** A pass is shown at the door: an hour, then the thank-you page gives a fresh one. */
export const PASS_LIFETIME_SECONDS = 60 * 60

/** An event's code as the link at the venue carries it (`/check-in?event=tokyo-2026`). */
const EVENT_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

export function parseEventCode(raw: string | null | undefined): string | null {
	const value = (raw ?? '').trim()
	return EVENT_CODE.test(value) ? value : null
}

export interface EventPass {
	userId: string
	event: string
	issuedAt: Date
	expiresAt: Date
}

export type PassCheck = { kind: 'valid'; pass: EventPass } | { kind: 'expired'; pass: EventPass } | { kind: 'forged' }

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

/** The verify page's address for a pass: what the QR code holds, so a phone's camera opens it. */
export function passVerifyPath(token: string): string {
	return `/check-in/verify?${new URLSearchParams({ pass: token })}`
}

/** What staff entered: the token itself, or the verify address a scanner typed (`…?pass=…`). */
export function passTokenOf(input: string): string {
	const value = input.trim()
	const query = value.indexOf('?')
	if (query >= 0) {
		const pass = new URLSearchParams(value.slice(query + 1)).get('pass')
		if (pass) return pass.trim()
	}
	return value
}

/** The longest thing the form takes: a pass is about 250 characters, its address a little more. */
export const PASS_INPUT_MAX_LENGTH = 2000

const TIME_FORMAT: Intl.DateTimeFormatOptions = {
	year: 'numeric',
	month: 'short',
	day: 'numeric',
	hour: 'numeric',
	minute: '2-digit',
	timeZoneName: 'short',
}

/** A pass's time in the culture's words, in UTC named as such (the server does not know the visitor's zone). */
export function formatPassTime(date: Date, culture: string): string {
	try {
		return new Intl.DateTimeFormat(culture, { ...TIME_FORMAT, timeZone: 'UTC' }).format(date)
	} catch {
		return new Intl.DateTimeFormat('en', { ...TIME_FORMAT, timeZone: 'UTC' }).format(date)
	}
}
