/**
 * The help-centre tickets of the contact forms (spec 2 §3 "Support ticket": subject, comment body,
 * tags, type, brand and the custom fields), built by the portal, not the upstream. The body is one
 * labelled line per field, then the details under their label, so an agent reads it as the
 * customer wrote it. Labels and the subject's name come from the catalogue, in the page's language.
 */
import type { AppSupportValues, ContactUsValues } from './contact-form.ts'
import { SUPPORT_APP_NAMES, type SupportApp } from './contact-fields.ts'
import { normaliseTags } from './ticket-tags.ts'

/** The cloud area's help-centre brand: every contact form of this area files there. */
export const CONTACT_BRAND = 'cloud'
export const CONTACT_TICKET_TYPE = 'question'
/** The outbox's `form` names, shown in the customer's list of requests. */
export const CONTACT_US_FORM = 'contact_us'

/** A ticket as `zendesk/request/` takes it (`HelpCentreTicketRequest`), said here without the upstream's types. */
export interface ContactTicket {
	ticket: {
		subject: string
		comment: { body: string }
		type: string
		tags: string[]
		customFields: { productName: string | null; requestType: string | null; countryName: string | null }
	}
	request: { requester: { name: string; email: string }; cultureCode?: string; userId?: string }
	brand: string
}

export interface ContactTicketLabels {
	contactName: string
	email: string
	subject: string
	details: string
}

export interface ContactContext {
	labels: ContactTicketLabels
	/** The page's culture (en-US, ja-JP…): the help centre answers in its language. */
	cultureCode?: string
	/** The signed-in customer's country, by name, when known. */
	countryName?: string | null
}

/** A ticket subject fits the help centre's 150 characters. */
function subjectLine(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim()
	return line.length > 150 ? `${line.slice(0, 149)}…` : line
}

/** A browser posts a textarea's line breaks as CRLF; the help centre gets plain newlines. */
function body(lines: readonly (readonly [label: string, value: string])[], detailsLabel: string, details: string) {
	return [
		...lines.map(([label, value]) => `${label}: ${value.replace(/\s+/g, ' ').trim()}`),
		'',
		`${detailsLabel}:`,
		details.replace(/\r\n?/g, '\n').trim(),
	].join('\n')
}

/** Contact us: subject and request type from the chosen subject, tagged `contact_us` and by subject. */
export function buildContactUsTicket(
	values: ContactUsValues,
	context: ContactContext & { subjectName: string },
): ContactTicket {
	const { labels } = context
	return {
		ticket: {
			subject: subjectLine(`Contact us: ${context.subjectName}`),
			comment: {
				body: body(
					[
						[labels.contactName, values.contactName],
						[labels.email, values.email],
						[labels.subject, context.subjectName],
					],
					labels.details,
					values.details,
				),
			},
			type: CONTACT_TICKET_TYPE,
			tags: normaliseTags([CONTACT_US_FORM, `contact_us_${values.subject}`]),
			customFields: { productName: null, requestType: values.subject, countryName: context.countryName ?? null },
		},
		request: {
			requester: { name: values.contactName.trim(), email: values.email.trim() },
			...(context.cultureCode ? { cultureCode: context.cultureCode } : {}),
		},
		brand: CONTACT_BRAND,
	}
}

/** The outbox's `form` for an app's support form: the app's name (`zenbeats`…). */
export function appSupportForm(app: SupportApp): string {
	return app
}

/** The tag an app's tickets carry (`zenbeats_support`…): the help centre routes them by it. */
export function appSupportTag(app: SupportApp): string {
	return `${app}_support`
}

/** An app's support form: titled and tagged for the app, the app as the product. */
export function buildAppSupportTicket(
	app: SupportApp,
	values: AppSupportValues,
	context: ContactContext & { appLabel: string },
): ContactTicket {
	const { labels } = context
	const appName = SUPPORT_APP_NAMES[app]
	return {
		ticket: {
			subject: subjectLine(`${appName} support: ${values.subject}`),
			comment: {
				body: body(
					[
						[context.appLabel, appName],
						[labels.contactName, values.contactName],
						[labels.email, values.email],
						[labels.subject, values.subject],
					],
					labels.details,
					values.details,
				),
			},
			type: CONTACT_TICKET_TYPE,
			tags: normaliseTags([appSupportTag(app)]),
			customFields: { productName: appName, requestType: appSupportTag(app), countryName: context.countryName ?? null },
		},
		request: {
			requester: { name: values.contactName.trim(), email: values.email.trim() },
			...(context.cultureCode ? { cultureCode: context.cultureCode } : {}),
		},
		brand: CONTACT_BRAND,
	}
}
