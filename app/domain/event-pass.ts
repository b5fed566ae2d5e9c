/**
 * The event pass (spec 1 §1 "a 'thank you for coming' page with a pass", ADR 0026): a short-lived
 * token of who checked in and at which event, that staff verify at /check-in/verify. Its rules: the
 * event code, its lifetime, what staff may enter. The signing is `app/session/event-pass-token.server.ts`.
 */

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
