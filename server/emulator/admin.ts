/**
 * Who may use the emulator's admin calls (mail outbox, reset, clock, faults,
 * token settings, the log of calls received, connected devices, backdated
 * cloud subscriptions, the
 * help-centre tickets). They read
 * every code the emulated account API mailed and can wipe its data, so only
 * this machine may call them, or, when
 * EMULATOR_ADMIN_TOKEN is set, whoever sends it in a header.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'

export const ADMIN_TOKEN_HEADER = 'X-Emulator-Admin-Token'
/** Mount paths under /_emulator. */
export const ADMIN_PATHS = [
	'/mail',
	'/mail.json',
	'/requests.json',
	'/reset',
	'/clock',
	'/faults',
	'/tokens/settings',
	'/devices',
	'/subscriptions',
	'/tickets',
	'/tickets.json',
]

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack listener reports `::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
	if (!address) return false
	const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
	return v4.startsWith('127.') || address === '::1'
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** What the emulator logs at start: which rule the admin calls follow. */
export function adminRule(token: string | undefined): string {
	const what =
		'admin calls (mail, calls received, reset, clock, faults, token settings, devices, subscriptions, help-centre tickets)'
	return token
		? `${what}: loopback, or the ${ADMIN_TOKEN_HEADER} header`
		: `${what}: loopback only; set EMULATOR_ADMIN_TOKEN to allow others`
}

export function adminGuard(token: string | undefined): RequestHandler {
	const expected = token ? digest(token) : undefined
	return (req, res, next) => {
		// The socket's peer, never req.ip: under `trust proxy` a client could forward itself a loopback address.
		if (isLoopback(req.socket.remoteAddress)) return next()
		const sent = req.get(ADMIN_TOKEN_HEADER)
		// Digests have one length, so the comparison takes the same time whatever was sent.
		if (expected && sent && timingSafeEqual(digest(sent), expected)) return next()
		res.status(403).json({
			message: expected
				? `Emulator admin calls from another machine need the ${ADMIN_TOKEN_HEADER} header`
				: 'Emulator admin calls answer loopback only (EMULATOR_ADMIN_TOKEN is not set)',
		})
	}
}
