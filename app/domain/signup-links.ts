/**
 * Sign-up's links (spec 1 §3, §4): the sign-up source a visitor brings (`?source=`, or a registration
 * card), and the page to come back to after step 5, carried in the query from one step to the next.
 */
import { REDIRECT_PARAM } from './redirect.ts'
import { redirectPathOf } from './registration-flow.ts'

/** Where a sign-up came from (the account API's `signupSource`). Here, not beside the form's schema: the
 * sign-up page's links use it in the browser, and the schema's zod must not follow it there (ADR 0012). */
export const SIGNUP_SOURCES = ['registration_card', 'zendesk_sso', 'check_in', 'pass_login'] as const
export type SignupSource = (typeof SIGNUP_SOURCES)[number]

/** Where the visitor came from decides the sign-up source (spec 1 §3). */
export function signupSource(source: string | null, hasModelCode: boolean): SignupSource | undefined {
	if (source && (SIGNUP_SOURCES as readonly string[]).includes(source)) return source as SignupSource
	return hasModelCode ? 'registration_card' : undefined
}

/** The page a visitor came to sign up from (`?redirectTo=`), brought back to after step 5; null for none. */
export function returnPath(value: unknown): string | null {
	return typeof value === 'string' ? redirectPathOf({ path: value }) : null
}

/** The sign-up source a form carried on (`source`, `signupSource`), kept in the query of where it goes next. */
export function withSource(to: string, value: unknown): string {
	if (typeof value !== 'string' || !(SIGNUP_SOURCES as readonly string[]).includes(value)) return to
	const url = new URL(to, 'http://portal.invalid')
	url.searchParams.set('source', value)
	return url.pathname + url.search
}

/** `/signup` or `/activation…` with the page to return to kept in the query. */
export function withReturnPath(to: string, path: string | null): string {
	if (!path) return to
	const url = new URL(to, 'http://portal.invalid')
	url.searchParams.set(REDIRECT_PARAM, path)
	return url.pathname + url.search
}
