/**
 * How long a signed-in session lasts (OWASP ASVS 4 §3.3, level 2; ADR 0054): it ends after a time
 * without requests (idle) and after a time since sign-in however busy it is (absolute). The time a
 * session was last seen is written back only now and then, not on every page, so reading pages does
 * not become a write each.
 */

export interface SessionTimes {
	/** When the account signed in, ms since the epoch. */
	signedInAt: number
	/** When the session was last noted as used, ms since the epoch. */
	seenAt: number
}

export interface SessionLifetimes {
	idleSeconds: number
	absoluteSeconds: number
}

/** `ended`: sign out; `touch`: note it seen now; `fresh`: nothing to do. */
export type SessionVerdict = 'ended' | 'touch' | 'fresh'

export function sessionVerdict(times: SessionTimes, now: number, lifetimes: SessionLifetimes): SessionVerdict {
	if (now - times.signedInAt >= lifetimes.absoluteSeconds * 1000) return 'ended'
	if (now - times.seenAt >= lifetimes.idleSeconds * 1000) return 'ended'
	// Noted again once a twentieth of the idle time has passed: at most 5 % of it is lost to the throttle.
	return now - times.seenAt >= (lifetimes.idleSeconds * 1000) / 20 ? 'touch' : 'fresh'
}
