/**
 * What the contact screens share on the server (Contact us and the three app support pages): who is
 * writing (the signed-in customer's name and email to start the form with, or a visitor), sending a
 * built ticket through the support outbox, and the receipt the page shows after the redirect.
 *
 * Post/redirect/get: a sent form answers a 303 to the same page with a signed receipt in the query
 * (`?sent=`), so a reload shows the receipt again and sends nothing. The signature keeps a forged
 * link from showing someone a success that never happened.
 */
import type { Submission } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { ContactTicket, ContactTicketLabels } from '#app/domain/contact-ticket.ts'
import { nameCulture, personName } from '#app/domain/culture.ts'
import { regionName } from '#app/domain/formats.ts'
import { allowedRedirectTarget, REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { sendSupportRequest } from '#app/outbox/support-outbox.server.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { SECRET_FIELDS } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { fromAccount } from '#app/domain/ticket-requester.ts'
import {
	limitedMail,
	limitedSubmission,
	mailLimits,
	RateLimited,
	supportRequestLimits,
} from '#app/limits/rate-limit.server.ts'
import { decodeReceipt, encodeReceipt, type ContactReceipt } from './contact-receipt.server.ts'

type Context = Readonly<RouterContextProvider>

/** What the form starts with: the signed-in customer's name and email, empty for a visitor. */
export interface ContactPrefill {
	contactName: string
	email: string
}

export interface ContactVisitor {
	signedIn: boolean
	userId: string | null
	/** The signed-in account's email (verified at activation): the requester of its tickets. */
	accountEmail: string | null
	prefill: ContactPrefill
	/** The customer's country in English, for the ticket's country field; null when not known. */
	countryName: string | null
}

function englishCountryName(code: string | null | undefined): string | null {
	return code ? regionName(code, 'en') : null
}

/**
 * Who is writing. The user's record only fills the form in: when the account API cannot give it,
 * the form starts with the sign-in email and the customer can still write.
 */
export async function contactVisitor(context: Context, request: Request): Promise<ContactVisitor> {
	if (!hasCredentials(context.get(sessionContext))) {
		return {
			signedIn: false,
			userId: null,
			accountEmail: null,
			prefill: { contactName: '', email: '' },
			countryName: null,
		}
	}
	const credentials = await requireCredentials(context, request)
	try {
		const me = await cachedMe(credentials, { signal: request.signal })
		const contactName = personName(nameCulture(context.get(preferencesContext).culture, me.cultureCode?.value), me)
		return {
			signedIn: true,
			userId: credentials.userId,
			accountEmail: me.email,
			prefill: { contactName, email: me.email },
			countryName: englishCountryName(me.country),
		}
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return {
			signedIn: true,
			userId: credentials.userId,
			accountEmail: credentials.email,
			prefill: { contactName: '', email: credentials.email },
			countryName: null,
		}
	}
}

/** The ticket's field labels in the page's language (spec 2 §9: labels from translation keys). */
export function contactLabels(context: Context): { t: (key: string) => string; labels: ContactTicketLabels } {
	const t = translatorFor(getI18n(context))
	return {
		t,
		labels: {
			contactName: t('contact.contactName'),
			email: t('contact.email'),
			subject: t('contact.subject'),
			details: t('contact.details'),
		},
	}
}

export function cultureOf(context: Context): string {
	return context.get(preferencesContext).culture
}

// ------------------------------------------------------------------ receipts

const RECEIPT_PARAM = 'sent'

/** The receipt in the page's address, if its signature is one of ours. */
export function readReceipt(url: URL): ContactReceipt | null {
	return decodeReceipt(url.searchParams.get(RECEIPT_PARAM), getEnv().SESSION_SECRETS)
}

/** The page's address without a receipt: where "send another" and the sign-in links lead. */
export function formPath(url: URL): string {
	const params = new URLSearchParams(url.searchParams)
	params.delete(RECEIPT_PARAM)
	const search = params.toString()
	return url.pathname + (search ? `?${search}` : '')
}

/**
 * Contact us remembers a redirect query (spec 1 §2): an app or page that sent the customer here
 * (`?redirect=`) is offered as the way back once the message is sent, if its origin is allowed.
 */
export function returnTargetOf(url: URL): string | null {
	const target = url.searchParams.get('redirect')
	const env = getEnv()
	return allowedRedirectTarget(target, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS)
}

/** Where a visitor signs in or creates an account and comes back to this form. */
export function accountLinks(url: URL): { logIn: string; signUp: string } {
	const back = new URLSearchParams({ [REDIRECT_PARAM]: formPath(url) })
	return { logIn: `/login?${back}`, signUp: `/signup?${back}` }
}

// ------------------------------------------------------------------ sending

/**
 * Hands the ticket to the support outbox and answers with the receipt (303 to the page). The outbox
 * keeps a request it cannot deliver yet and says so (`delivered: false`); only a failure before it
 * kept anything reaches here, and the form comes back as typed with 'Exception error occurred.'.
 */
export async function sendContactTicket(args: {
	context: Context
	url: URL
	form: string
	ticket: ContactTicket
	visitor: ContactVisitor
	submission: Submission<unknown>
}) {
	const { context, visitor } = args
	const account =
		visitor.userId && visitor.accountEmail ? { userId: visitor.userId, email: visitor.accountEmail } : null
	// A signed-in customer's ticket is the account's; a visitor's counts like a mail to the address it names.
	const ticket = account
		? fromAccount(args.ticket, account, translatorFor(getI18n(context))('supportForms.otherContactEmail'))
		: args.ticket
	const send = () => sendSupportRequest({ form: args.form, ticket, attachments: [], userId: visitor.userId })
	const refusal = (key: string, status: number) =>
		data({ result: args.submission.reply({ formErrors: [key], hideFields: SECRET_FIELDS }) }, { status })
	try {
		const receipt = account
			? await limitedSubmission(supportRequestLimits(context, account.userId), send)
			: await limitedMail(mailLimits(context, ticket.request.requester.email), send)
		logMilestone(context, args.url.pathname, 'support_sent', { form: args.form, delivered: receipt.delivered })
		const params = new URLSearchParams(args.url.searchParams)
		params.set(RECEIPT_PARAM, encodeReceipt(receipt, getEnv().SESSION_SECRETS[0]!))
		return redirect(`${args.url.pathname}?${params}`, 303)
	} catch (error) {
		if (error instanceof RateLimited)
			return refusal(account ? 'errors.tooManySupportRequests' : 'errors.attemptLimit', 429)
		if (!isUpstreamError(error)) throw error
		return refusal('toast.exception', 503)
	}
}
