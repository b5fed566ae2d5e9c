/**
 * A support form's page and post (spec 1 §3, §5; spec 2 §3, §9): the form filled from the user's
 * record (name, email, phone, address; a registered product as the product choice, with its serial
 * and purchase date: app/domain/support-prefill.ts), the lists it offers, and the post: checked with
 * the form's schema and its attachments sniffed, then `submitSupportRequest` (app/services/support.server.ts).
 * Success answers with a redirect (post/redirect/get): the page then says it was sent, with the
 * reference, and a reload sends nothing. Intents: `addPart` (one more part row, without
 * JavaScript), `fill` (the chosen registration's serial and purchase details) and `send`.
 */
import { parseWithZod, type SubmissionResult } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { catalogueLanguage } from '#app/domain/culture.ts'
import { latestPurchaseDate } from '#app/domain/purchase-details.ts'
import {
	fieldsOf,
	isReference,
	REGISTERED_PREFIX,
	SUPPORT_FORMS,
	supportValuesFromForm,
	withAddedPart,
	type SupportField,
	type SupportOptions,
	type SupportTab,
	type SupportValues,
} from '#app/domain/support-fields.ts'
import { supportSchema } from '#app/domain/support-form.ts'
import { prefilled, supportCountry, withRegistration } from '#app/domain/support-prefill.ts'
import { chosenProduct, registrationDetails } from '#app/domain/support-ticket.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orNullAfterPost, orUpstreamUnavailable } from '#app/responses.server.ts'
import {
	optionsFor,
	readAttachments,
	registeredChoices,
	submitSupportRequest,
	supportLists,
	type Lists,
	type SupportOption,
} from '#app/services/support.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import { getMe, type Me } from '#app/upstream/account-identity.server.ts'
import { isOutage, isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { noteUpstreamError } from '#app/session/session-end.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { RateLimited } from '#app/limits/rate-limit.server.ts'

export type { SupportOption } from '#app/services/support.server.ts'

type Context = Readonly<RouterContextProvider>

/** What the form's answers carry: the form as typed (or as the server filled it) and its errors. */
export interface SupportFormAnswer {
	tab: SupportTab
	values: SupportValues
	result?: SubmissionResult<string[]>
}

interface FormPage {
	tab: SupportTab
	japanese: boolean
	/** The form as the page shows it, from the forms' table (which stays on the server). */
	form: { intro: string; parts: boolean; attachments: boolean }
	/** Its fields in the culture's order. */
	fields: SupportField[]
	values: SupportValues
	options: Partial<Record<SupportOptions, readonly SupportOption[]>>
	/** What choosing each registration (by its option's value) fills in, for the page's script. */
	registrations: Record<string, Record<string, string>>
	latestDate: string
	/** The request just sent (after the redirect): its reference, and whether it is delivered yet. */
	sent: { reference: string; delivered: boolean } | null
}

/** The page of one form. */
export async function loadSupportForm(
	{ context, request, url }: { context: Context; request: Request; url: URL },
	tab: SupportTab,
): Promise<FormPage> {
	const credentials = await requireCredentials(context, request)
	const { culture, theme } = context.get(preferencesContext)
	const translate = translatorFor(getI18n(context))
	const [me, lists] = await Promise.all([
		// The page after a post whose record could not be read (the action answered 503 with what was
		// typed) shows the form without the account's details rather than an error page in its place. The
		// loaders after a post get a GET request of their own, so the post is known by its form in the context.
		orNullAfterPost(context, cachedMe(credentials, { signal: request.signal })),
		orUpstreamUnavailable(supportLists(culture)),
	])
	const registered = me ? registeredChoices(me, lists.stores) : []
	const reference = url.searchParams.get('sent')
	const form = SUPPORT_FORMS[tab]
	return {
		tab,
		japanese: culture === 'ja-JP',
		form: { intro: form.intro, parts: Boolean(form.parts), attachments: Boolean(form.attachments) },
		fields: fieldsOf(form, culture === 'ja-JP'),
		values: prefilled(
			tab,
			me ?? { email: '', phones: [] },
			{ culture, theme },
			registered,
			lists.states,
			url.searchParams.get('product') ?? undefined,
		),
		options: optionsFor(tab, lists, registered, translate, catalogueLanguage(culture)),
		registrations: Object.fromEntries(registered.map((r) => [`${REGISTERED_PREFIX}${r.id}`, registrationDetails(r)])),
		latestDate: latestPurchaseDate(),
		sent: isReference(reference) ? { reference, delivered: url.searchParams.get('kept') !== '1' } : null,
	}
}

function answer(body: SupportFormAnswer, status = 200) {
	return data(body, { status })
}

const utcToday = () => new Date().toISOString().slice(0, 10)

/** The form's post: see the module's comment for the intents. */
export async function supportFormAction({ context, request }: { context: Context; request: Request }, tab: SupportTab) {
	const credentials = await requireCredentials(context, request)
	const { culture, theme } = context.get(preferencesContext)
	const form = SUPPORT_FORMS[tab]
	const formData = submittedForm(context)
	const intent = formData.get('intent')
	const typed = supportValuesFromForm(form, formData)

	if (intent === 'addPart' && form.parts) return answer({ tab, values: withAddedPart(typed) })

	// Read fresh, not from the few seconds' copy: a registration chosen a moment ago must be there.
	let me: Me
	let lists: Lists
	try {
		;[me, lists] = await Promise.all([getMe(credentials, { signal: request.signal }), supportLists(culture)])
	} catch (error) {
		// An outage keeps what the customer wrote: the form comes back with it and a 503, to send again
		// as it is, rather than an error page that loses it (the fault matrix, ADR 0052).
		if (!isUpstreamError(error) || error.cancelled) throw error
		noteUpstreamError(error)
		const result: SubmissionResult<string[]> = {
			status: 'error',
			error: { '': [userMessageKey(error) ?? 'toast.tryAgain'] },
		}
		return answer({ tab, values: typed, result }, isOutage(error) ? 503 : 400)
	}
	const registered = registeredChoices(me, lists.stores)
	const choice = chosenProduct(typed.fields.product, lists.catalogue, registered)

	if (intent === 'fill') {
		return answer({ tab, values: choice.registration ? withRegistration(typed, choice.registration) : typed })
	}

	const japanese = culture === 'ja-JP'
	const translate = translatorFor(getI18n(context))
	const options = optionsFor(tab, lists, registered, translate, catalogueLanguage(culture))
	const schema = supportSchema(form, {
		japanese,
		today: latestPurchaseDate(),
		earliestFutureDate: utcToday(),
		country: supportCountry(null, me.country, culture),
		options: Object.fromEntries(
			Object.entries(options).map(([name, list]) => [name, list.map((option) => option.value)]),
		),
	})
	const submission = parseWithZod(formData, { schema })
	const files = form.attachments
		? await readAttachments(formData, { read: submission.status === 'success' })
		: { attachments: [] }

	if (submission.status !== 'success' || 'problem' in files) {
		const result = submission.reply('problem' in files ? { fieldErrors: { attachments: [files.problem] } } : undefined)
		return answer({ tab, values: typed, result }, 400)
	}

	const value = submission.value
	let receipt
	try {
		receipt = await submitSupportRequest(context, {
			tab,
			value,
			account: { userId: credentials.userId, me },
			culture,
			theme,
			japanese,
			translate,
			lists,
			options,
			product: choice.product,
			country: supportCountry(value.fields.country, me.country, culture),
			attachments: files.attachments,
		})
	} catch (error) {
		if (error instanceof RateLimited) {
			const result = submission.reply({ formErrors: ['errors.tooManySupportRequests'] })
			return answer({ tab, values: typed, result }, 429)
		}
		if (!isUpstreamError(error)) throw error
		const result = submission.reply({ formErrors: ['toast.exception'] })
		return answer({ tab, values: typed, result }, 503)
	}
	logMilestone(context, `/support/${tab}`, 'support_sent', { form: tab, delivered: receipt.delivered })
	const query = new URLSearchParams({ sent: receipt.reference })
	if (!receipt.delivered) query.set('kept', '1')
	return redirect(`/support/${tab}?${query.toString()}`, 303)
}
