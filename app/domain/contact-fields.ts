/**
 * The contact forms' shape as the views need it (spec 2 §3: the RVS contact form and its subjects;
 * the three app support pages). No zod here: views import this module, so it goes to the browser,
 * and the schemas (contact-form.ts) stay on the server.
 */

/** Spec 2 §3 "Contact subjects", less "choose option", which is the select's placeholder. */
export const CONTACT_SUBJECTS = [
	'billing_issue',
	'new_instrument_request',
	'found_a_bug',
	'specific_issue',
	'other',
] as const
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]

/** The apps with a support page of their own (`/cloud/support/{app}`). */
export const SUPPORT_APPS = ['zenbeats', 'zentracker', 'btx'] as const
export type SupportApp = (typeof SUPPORT_APPS)[number]

/** Product names: the same in every language. */
export const SUPPORT_APP_NAMES: Readonly<Record<SupportApp, string>> = {
	zenbeats: 'Zenbeats',
	zentracker: 'Zentracker',
	btx: 'BTX',
}

export function isSupportApp(value: string | undefined): value is SupportApp {
	return (SUPPORT_APPS as readonly string[]).includes(value ?? '')
}

/** The app of a support page's path (`/cloud/support/zenbeats` → zenbeats), or null. */
export function supportAppOfPath(pathname: string): SupportApp | null {
	const last = pathname.replace(/\/+$/, '').split('/').pop()
	return isSupportApp(last) ? last : null
}

export const CONTACT_NAME_MAX = 200
export const APP_SUBJECT_MAX = 120
export const DETAILS_MAX = 5000

/** How many of an app's articles its page lists. */
export const APP_TOP_ARTICLES = 5
