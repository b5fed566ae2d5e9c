/**
 * Below every support form: the signed-in user's recent requests as the outbox keeps them
 * (reference, form, date in the culture's format, delivered or waiting), never an invented
 * upstream call.
 */
import type { RouterContextProvider } from 'react-router'
import { formatDateTime } from '#app/domain/formats.ts'
import { isSupportTab, SUPPORT_FORM_TITLES, type SupportTab } from '#app/domain/support-fields.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { recentSupportRequests } from '#app/outbox/support-outbox.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'

/** The other forms that file tickets through the outbox (contact and app support screens). */
const OTHER_FORM_TITLES: Readonly<Record<string, string>> = {
	contact_us: 'screen.ContactUs',
	zenbeats: 'screen.ZenbeatsSupport',
	zentracker: 'screen.ZentrackerSupport',
	btx: 'screen.BtxSupport',
}

export interface RecentRequest {
	reference: string
	formName: string
	/** Where the form is, for a support tab. */
	tab: SupportTab | null
	date: string
	dateTime: string
	delivered: boolean
}

export async function loadRecentRequests({
	context,
	request,
}: {
	context: Readonly<RouterContextProvider>
	request: Request
}) {
	const credentials = await requireCredentials(context, request)
	const { culture } = context.get(preferencesContext)
	const translate = translatorFor(getI18n(context))
	const recent = await recentSupportRequests(credentials.userId)
	return recent.map((item): RecentRequest => {
		const tab = isSupportTab(item.form) ? item.form : null
		const titleKey = tab ? SUPPORT_FORM_TITLES[tab] : OTHER_FORM_TITLES[item.form]
		return {
			reference: item.reference,
			formName: titleKey ? translate(titleKey) : item.form,
			tab,
			date: formatDateTime(item.createdAt, culture),
			dateTime: item.createdAt,
			delivered: item.delivered,
		}
	})
}
