/**
 * The Tools screen (spec 1 §2): what a customer can tell support about their portal, and which of
 * the portal's preference cookies their browser holds (ADR 0001: what the original app kept in
 * local storage). Nothing personal beyond the customer's own account id.
 */
import { z } from 'zod'

/** The preference cookies (app/preferences/preferences.server.ts), in the order the page lists them. */
export const PREFERENCE_COOKIES = ['theme', 'culture', 'country', 'sidebar', 'analytics', 'lite'] as const
export type PreferenceCookie = (typeof PREFERENCE_COOKIES)[number]

/** The preference cookies a Cookie header carries (by name; their values stay where they are). */
export function preferenceCookiesSet(cookieHeader: string | null | undefined): PreferenceCookie[] {
	const names = new Set(
		(cookieHeader ?? '')
			.split(';')
			.map((pair) => pair.split('=', 1)[0]!.trim())
			.filter(Boolean),
	)
	return PREFERENCE_COOKIES.filter((name) => names.has(name))
}

/** The reset form: one button. */
export const ResetPreferencesSchema = z.object({ intent: z.literal('reset') })

export interface SupportFacts {
	version: string
	build: string
	culture: string
	theme: string
	signedIn: boolean
	/** The customer's own account id, when signed in. */
	accountId: string | null
	cookies: readonly PreferenceCookie[]
	/** When the page was made, ISO. */
	at: string
}

/** The labels of the summary, in the customer's language (the support team reads either). */
export type SummaryLabels = Record<
	'version' | 'culture' | 'theme' | 'signedIn' | 'accountId' | 'cookies' | 'at' | 'yes' | 'no' | 'none',
	string
>

/** The text the customer copies into a support request: one fact a line. */
export function supportSummary(facts: SupportFacts, labels: SummaryLabels): string {
	const lines = [
		[labels.version, `${facts.version} (${facts.build})`],
		[labels.culture, facts.culture],
		[labels.theme, facts.theme],
		[labels.signedIn, facts.signedIn ? labels.yes : labels.no],
		...(facts.accountId ? [[labels.accountId, facts.accountId]] : []),
		[labels.cookies, facts.cookies.length ? facts.cookies.join(', ') : labels.none],
		[labels.at, facts.at],
	]
	return lines.map(([label, value]) => `${label}: ${value}`).join('\n')
}
