/**
 * Session rules of spec 2 §4 and spec 1 §9 that do not depend on where the
 * session lives.
 */

/** Spec 1 §9: an id token that expires within this many seconds is refreshed before a call. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 600

/** Whether an id token expiring at `expiresAt` (ms) must be refreshed now. */
export function needsRefresh(expiresAt: number, now: number): boolean {
	return expiresAt - now <= TOKEN_REFRESH_MARGIN_SECONDS * 1000
}

/** Upstream messages that mean the session is over (spec 2 §8 session errors). */
export function isSessionOverMessage(message: string): boolean {
	return /refresh token has expired|has been revoked|invalid refresh token|access denied/i.test(message)
}

/**
 * Messaging apps' in-app browsers (LINE, Facebook, Instagram, WeChat,
 * KakaoTalk): a user whose token expired there goes to single sign-on
 * instead of the password form (spec 1 §2, spec 2 §4).
 */
export function isMessagingAppBrowser(userAgent: string | null | undefined): boolean {
	return /\bLine\/|FBAN|FBAV|FB_IAB|Instagram|MicroMessenger|KAKAOTALK/i.test(userAgent ?? '')
}

/**
 * How an upstream's refusal of the session's tokens ends the session (spec 2 §4 and §8): always
 * signed out and sent to sign in again, the page the user was on kept. `notice` is what the sign-in
 * page says; `viaMessagingApp` whether a messaging-app browser goes to single sign-on instead.
 */
export interface SessionEnd {
	notice: 'toast.tokenExpired' | null
	viaMessagingApp: boolean
}

/** The session end an upstream error's text and code call for, or null when the session goes on. */
export function sessionEndFor(message: string, code?: string): SessionEnd | null {
	// 'Access Denied' signs out, with no messaging-app redirect and no notice of its own (spec 2 §8).
	if (/access denied/i.test(message) || code === 'AccessDeniedException')
		return { notice: null, viaMessagingApp: false }
	// The refresh token over (the token-expired notice), or the access or id token expired.
	if (/refresh token has expired|has been revoked|invalid refresh token|token has expired/i.test(message))
		return { notice: 'toast.tokenExpired', viaMessagingApp: true }
	if (code === 'TokenExpired') return { notice: 'toast.tokenExpired', viaMessagingApp: true }
	return null
}

/** Where a session that ended goes: sign-in, or single sign-on from a messaging app, `target` kept. */
export function sessionEndPath(end: SessionEnd, userAgent: string | null | undefined): '/login' | '/oauth2/redirect' {
	return end.viaMessagingApp && isMessagingAppBrowser(userAgent) ? '/oauth2/redirect' : '/login'
}
