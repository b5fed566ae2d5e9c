/**
 * Who may use the emulator's admin calls: every path that is not part of an
 * emulated upstream's API (the mail outbox, the calls received, reset, clock,
 * faults, token settings, devices, backdated subscriptions, the help centre's
 * stored tickets, the log service's stored events…). They read every code the
 * emulated account API mailed, every ticket's name, email and phone, and can
 * wipe its data, so only this machine may call them, or, when
 * EMULATOR_ADMIN_TOKEN is set, whoever sends it in a header (ADR 0031).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Request, RequestHandler } from 'express'

export const ADMIN_TOKEN_HEADER = 'X-Emulator-Admin-Token'

/**
 * Headers by which a proxy names the client it forwards for. A request that carries one came through a
 * proxy, so its connection's loopback peer says nothing about who sent it.
 */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack listener reports `::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
	if (!address) return false
	const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
	return v4.startsWith('127.') || address === '::1'
}

/**
 * A request from this machine: its connection's peer is loopback (the socket, never `req.ip`, which
 * under `trust proxy` a client can forward itself), and it names no other client. With the emulator
 * mounted in a portal behind a proxy on the same host, every visitor's connection comes from
 * loopback; the forwarding headers the proxy adds are what tell them apart, whatever they say.
 */
export function isLoopbackRequest(req: Pick<Request, 'socket' | 'headers'>): boolean {
	return isLoopback(req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined)
}

const digest = (value: string) => createHash('sha256').update(value).digest()

const ADMIN_CALLS =
	'admin calls (every path that is not an emulated API: mail, calls received, reset, clock, faults, token settings, devices, subscriptions, help-centre tickets, log events)'

/** What the emulator logs at start: which rule the admin calls follow. */
export function adminRule(token: string | undefined): string {
	return token
		? `${ADMIN_CALLS}: loopback without forwarding headers, or the ${ADMIN_TOKEN_HEADER} header`
		: `${ADMIN_CALLS}: loopback without forwarding headers only; set EMULATOR_ADMIN_TOKEN to allow others`
}

export function adminGuard(token: string | undefined): RequestHandler {
	const expected = token ? digest(token) : undefined
	return (req, res, next) => {
		const sent = req.get(ADMIN_TOKEN_HEADER)
		// Digests have one length, so the comparison takes the same time whatever was sent.
		if (expected && sent && timingSafeEqual(digest(sent), expected)) return next()
		if (isLoopbackRequest(req)) return next()
		res.status(403).json({
			message: expected
				? `Emulator admin calls from another machine or through a proxy need the ${ADMIN_TOKEN_HEADER} header`
				: 'Emulator admin calls answer loopback only, with no forwarding header (EMULATOR_ADMIN_TOKEN is not set)',
		})
	}
}
