/**
 * Entitlement key activation (EntitlementKey, spec 2 §2, §4, §5, §7): the two tabs and what the
 * notification hub's answer to a registration means. No zod here: the view imports this module,
 * so it goes to the browser; the form schemas are in cloud-entitlement-key-form.ts.
 */

/** The screen's tabs (spec 2 §2: Key and Serial Number); the first is the default. */
export const ENTITLEMENT_KEY_TABS = ['key', 'serial_number'] as const
export type EntitlementKeyTab = (typeof ENTITLEMENT_KEY_TABS)[number]

export function entitlementKeyTab(value: string | undefined): EntitlementKeyTab | null {
	if (value === undefined) return 'key'
	return (ENTITLEMENT_KEY_TABS as readonly string[]).includes(value) ? (value as EntitlementKeyTab) : null
}

/** The notification hub's message for a registration that worked (spec 2 §7). */
export const RCM_STATUS_DONE = 'RCM-STATUS-DONE'

/** Spec 2 §4: what a registration comes to. */
export const KEY_REGISTRATION_OUTCOMES = [
	'success',
	'notFound',
	'alreadyRegistered',
	'unableToRegister',
	'invalidKey',
] as const
export type KeyRegistrationOutcome = (typeof KEY_REGISTRATION_OUTCOMES)[number]
export type KeyRegistrationRefusal = Exclude<KeyRegistrationOutcome, 'success'>

/** The hub's status messages for the four refusals (the spec names the outcomes, not the strings). */
export const RCM_REFUSAL_STATUS: Readonly<Record<KeyRegistrationRefusal, string>> = {
	notFound: 'RCM-STATUS-NOT-FOUND',
	alreadyRegistered: 'RCM-STATUS-ALREADY-REGISTERED',
	unableToRegister: 'RCM-STATUS-UNABLE-TO-REGISTER',
	invalidKey: 'RCM-STATUS-INVALID-KEY',
}

/** Refusals by HTTP status, for an answer whose message names none. */
const REFUSAL_BY_HTTP_STATUS: Readonly<Record<number, KeyRegistrationRefusal>> = {
	400: 'invalidKey',
	404: 'notFound',
	409: 'alreadyRegistered',
	422: 'unableToRegister',
}

/** What the hub answered: its HTTP status (undefined when no answer came) and its message. */
export interface HubAnswer {
	status: number | undefined
	message: string | undefined
}

/**
 * The outcome of a registration, or `unavailable` when the hub could not be asked (no answer, 5xx,
 * a signed-out 401/403): the user may send the form again as it is. Only `RCM-STATUS-DONE` is a
 * success, even on a 2xx: a hub that answers anything else did not register the key.
 */
export function keyRegistrationOutcome(answer: HubAnswer): KeyRegistrationOutcome | 'unavailable' {
	const message = answer.message?.trim().toUpperCase()
	const { status } = answer
	if (status === undefined || status >= 500 || status === 401 || status === 403) return 'unavailable'
	if (message === RCM_STATUS_DONE) return status < 300 ? 'success' : 'unableToRegister'
	const named = (Object.keys(RCM_REFUSAL_STATUS) as KeyRegistrationRefusal[]).find(
		(refusal) => RCM_REFUSAL_STATUS[refusal] === message,
	)
	if (named) return named
	if (status < 300) return 'unableToRegister'
	return REFUSAL_BY_HTTP_STATUS[status] ?? 'unableToRegister'
}

/** What ThankYouKey shows: what was registered, carried in the session's flash (never the URL). */
export interface KeyRegistrationReceipt {
	tab: EntitlementKeyTab
	/** The key or serial number as the hub registered it. */
	registered: string
	/** The hardware product chosen, by name. */
	hardwareName: string
	/** The cloud products it granted, by name. */
	productNames: string[]
	/** Where to go on: an allowed `redirect` of the form's page, else null. */
	continueTo: string | null
}
