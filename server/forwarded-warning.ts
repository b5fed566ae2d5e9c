/**
 * Behind a proxy, the portal knows a visitor's address only from the `X-Forwarded-For` the proxy writes,
 * and takes it only from a peer that `TRUST_PROXY` names. A proxy left out of it is a quiet failure: every
 * visitor then has the proxy's address, so the limits per address (ADR 0009) become one budget for the whole
 * site, and one visitor's sign-in guesses lock everyone out. Nothing else would tell the operator, so the
 * first such request says so in the log (once per process: a log line per request would bury the rest).
 */
import type { RequestHandler } from 'express'

/** Express's compiled `trust proxy` (`app.get('trust proxy fn')`): whether the hop-th address is trusted. */
export type TrustFunction = (address: string, hop: number) => boolean

export function untrustedForwardingWarning(
	trust: TrustFunction,
	/** What TRUST_PROXY says, for the message. */
	setting: string,
	warn: (line: string) => void = (line) => console.warn(line),
): RequestHandler {
	let warned = false
	return (req, _res, next) => {
		if (!warned && req.headers['x-forwarded-for'] !== undefined) {
			const peer = req.socket.remoteAddress ?? ''
			if (!trust(peer, 0)) {
				warned = true
				warn(
					`TRUST_PROXY (${setting}) does not trust ${peer || 'the peer'}, which sent X-Forwarded-For: ` +
						`visitors are counted by that address, not their own, so they share its rate limits. ` +
						`Behind a proxy, set TRUST_PROXY to the proxy's address (said once, not per request).`,
				)
			}
		}
		next()
	}
}
