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
