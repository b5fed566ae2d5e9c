/**
 * A support form's page and post (spec 1 §3, §5; spec 2 §3, §9): the form filled from the user's
 * record (name, email, phone, address; a registered product as the product choice, with its serial
 * and purchase date), the lists it offers, and the post: checked with the form's schema and its
 * attachments sniffed, the ticket built in app/domain/support-ticket.ts and handed to the outbox.
 * Success answers with a redirect (post/redirect/get): the page then says it was sent, with the
 * reference, and a reload sends nothing. Intents: `addPart` (one more part row, without
 * JavaScript), `fill` (the chosen registration's serial and purchase details) and `send`.
 */
import { parseWithZod, type SubmissionResult } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { countryOfCulture, countryOptions } from '#app/domain/countries.ts'
import { catalogueLanguage } from '#app/domain/culture.ts'
import { compareNames, regionName } from '#app/domain/formats.ts'
import { labelFor } from '#app/domain/master-data.ts'
import { dealerName, latestPurchaseDate, type StoreOption } from '#app/domain/purchase-details.ts'
import { ATTACHMENT_ERRORS, attachmentFileName, checkAttachments } from '#app/domain/support-attachments.ts'
import { isDrumTheme, type ThemeName } from '#app/domain/theme.ts'
import {
	fieldsOf,
	isReference,
	OS_OPTIONS,
	OTHER_PRODUCT,
	REGISTERED_PREFIX,
	SUPPORT_FORMS,
	supportValuesFromForm,
	WARRANTY_CARD_OPTIONS,
	withAddedPart,
	type SupportField,
	type SupportOptions,
	type SupportTab,
	type SupportValues,
} from '#app/domain/support-fields.ts'
import { supportSchema } from '#app/domain/support-form.ts'
import {
	buildSupportTicket,
	chosenProduct,
	registrationDetails,
	stateProvinceName,
	ticketBrand,
	type StateOption,
	type RegisteredChoice,
	type TicketProduct,
} from '#app/domain/support-ticket.ts'
import { REGISTRATION_CATEGORIES } from '#app/domain/product-registration-fields.ts'
import { getEnv } from '#app/env.server.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { sendSupportRequest, type SupportAttachment } from '#app/outbox/support-outbox.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import { getMe, type Me } from '#app/upstream/account-identity.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { getMasterData, getStores } from '#app/upstream/master-data.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { fromAccount } from '#app/domain/ticket-requester.ts'
import { limitedSubmission, RateLimited, supportRequestLimits } from '#app/limits/rate-limit.server.ts'

type Context = Readonly<RouterContextProvider>

export interface SupportOption {
	value: string
	label: string
	/** The optgroup it is listed under. */
	group?: string
}

/** What the form's answers carry: the form as typed (or as the server filled it) and its errors. */
export interface SupportFormAnswer {
	tab: SupportTab
	values: SupportValues
	result?: SubmissionResult<string[]>
}

const byOrder = (a: { sortOrder?: number }, b: { sortOrder?: number }) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0)

/** The lists the forms offer, from the master-data cache, labelled in the page's culture. */
async function supportLists(culture: string) {
	const [products, brands, methods, stores, states] = await Promise.all([
		getMasterData('products', culture),
		getMasterData('brands', culture),
		getMasterData('purchasingMethods', culture),
		getStores(),
		// Rows are for their country's culture; any culture may name any country's state.
		getMasterData('stateProvinces'),
	])
	const brandNames = Object.fromEntries(brands.map((brand) => [brand.value, brand.label]))
	const byName = compareNames(culture)
	const catalogue: TicketProduct[] = products
		.map((p) => ({ slug: p.slug, name: p.name, brand: p.brand.value }))
		.sort((a, b) => byName(a.name, b.name))
	return {
		catalogue,
		brandNames,
		drumBrands: brands.filter((brand) => brand.group === 'drums').sort(byOrder),
		methods: [...methods].sort(byOrder).map((m) => ({ value: m.id, label: m.label })),
		stores: stores.map((store) => ({ id: store.id, name: store.name })),
		states: states.map((state): StateOption => ({ value: state.value, label: labelFor(state, culture) })),
	}
}
type Lists = Awaited<ReturnType<typeof supportLists>>

/** The user's registrations as the forms offer them; a dealer kept as a store's id is named. */
function registeredChoices(me: Me, stores: readonly StoreOption[]): RegisteredChoice[] {
	return me.registeredProducts.map((r) => ({
		id: r.id,
		slug: r.product.slug,
		serialCode: r.serialCode,
		purchaseDate: r.purchaseDate ? r.purchaseDate.slice(0, 10) : null,
		purchaseMethod: r.purchaseMethod,
		purchaseDealer: dealerName(r.purchaseDealer, stores) || null,
	}))
}

/** The selects' options, each form only the ones it has. */
function optionsFor(
	tab: SupportTab,
	lists: Lists,
	registered: readonly RegisteredChoice[],
	translate: (key: string) => string,
	language: string,
): Partial<Record<SupportOptions, SupportOption[]>> {
	const wanted = new Set(SUPPORT_FORMS[tab].fields.flatMap((field) => (field.options ? [field.options] : [])))
	const options: Partial<Record<SupportOptions, SupportOption[]>> = {}
	if (wanted.has('products')) {
		const names = new Map(lists.catalogue.map((p) => [p.slug, p.name]))
		const mine = translate('supportForms.myProducts')
		options.products = [
			...registered.map((r) => ({
				value: `${REGISTERED_PREFIX}${r.id}`,
				label: `${names.get(r.slug) ?? r.slug} (${r.serialCode})`,
				group: mine,
			})),
			...lists.catalogue.map((p) => ({
				value: p.slug,
				label: p.name,
				group: lists.brandNames[p.brand] ?? p.brand,
			})),
			{
				value: OTHER_PRODUCT,
				label: translate('supportForms.productOther'),
				group: translate('supportForms.otherGroup'),
			},
		]
	}
	if (wanted.has('drumBrands'))
		options.drumBrands = lists.drumBrands.map((brand) => ({ value: brand.value, label: brand.label }))
	if (wanted.has('purchaseMethods')) options.purchaseMethods = lists.methods
	if (wanted.has('categories'))
		options.categories = REGISTRATION_CATEGORIES.map((c) => ({ value: String(c.id), label: translate(c.labelKey) }))
	if (wanted.has('countries')) options.countries = countryOptions(language)
	if (wanted.has('os')) options.os = OS_OPTIONS.map((o) => ({ value: o.value, label: translate(o.label) }))
	if (wanted.has('warrantyCard'))
		options.warrantyCard = WARRANTY_CARD_OPTIONS.map((o) => ({ value: o.value, label: translate(o.label) }))
	return options
}

/** The form before anything is typed: what the account already says. */
function prefilled(
	tab: SupportTab,
	me: Me,
	{ culture, theme }: { culture: string; theme: ThemeName },
	registered: readonly RegisteredChoice[],
	states: readonly StateOption[],
	chosen?: string,
) {
	const form = SUPPORT_FORMS[tab]
	const fields: Record<string, string> = {}
	const address = me.address ?? null
	const known: Record<string, string | null | undefined> = {
		name: [me.firstName, me.lastName].filter(Boolean).join(' '),
		email: me.email,
		phone: me.phones[0]?.number,
		addressLine1: address?.addressLine1,
		addressLine2: address?.addressLine2,
		addressLine3: address?.addressLine3,
		city: address?.city,
		stateProvince: stateProvinceName(address?.stateProvince ?? '', me.country || countryOfCulture(culture), states),
		postalCode: address?.postalCode,
		country: me.country || countryOfCulture(culture),
		brand: isDrumTheme(theme) ? theme : '',
	}
	for (const field of form.fields) fields[field.name] = known[field.name] ?? ''
	const values: SupportValues = { fields, parts: form.parts ? [{ partNumber: '', description: '', quantity: '' }] : [] }
	const registration = registered.find((r) => r.id === chosen) ?? (registered.length === 1 ? registered[0] : undefined)
	return registration && 'product' in fields ? withRegistration(values, registration) : values
}

/** The registration as the product choice, its serial and purchase details filled in where the form has them. */
function withRegistration(values: SupportValues, registration: RegisteredChoice): SupportValues {
	const fields: Record<string, string> = { ...values.fields, product: `${REGISTERED_PREFIX}${registration.id}` }
	for (const [name, value] of Object.entries(registrationDetails(registration)))
		if (name in fields) fields[name] = value
	return { ...values, fields }
}

interface FormPage {
	tab: SupportTab
	japanese: boolean
	/** The form as the page shows it, from the forms' table (which stays on the server). */
	form: { intro: string; parts: boolean; attachments: boolean }
	/** Its fields in the culture's order. */
	fields: SupportField[]
	values: SupportValues
	options: Partial<Record<SupportOptions, SupportOption[]>>
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
		orUpstreamUnavailable(cachedMe(credentials, { signal: request.signal })),
		orUpstreamUnavailable(supportLists(culture)),
	])
	const registered = registeredChoices(me, lists.stores)
	const reference = url.searchParams.get('sent')
	const form = SUPPORT_FORMS[tab]
	return {
		tab,
		japanese: culture === 'ja-JP',
		form: { intro: form.intro, parts: Boolean(form.parts), attachments: Boolean(form.attachments) },
		fields: fieldsOf(form, culture === 'ja-JP'),
		values: prefilled(
			tab,
			me,
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

/**
 * The files of the form's attachment input, checked, and read (the bytes the outbox delivers) only for a form
 * that is sent: a refused one shows its errors without holding its files in memory.
 */
async function readAttachments(
	form: FormData,
	{ read }: { read: boolean },
): Promise<{ problem: string } | { attachments: SupportAttachment[] }> {
	const files = form.getAll('attachments').filter((entry): entry is File => typeof entry !== 'string')
	const offered = await Promise.all(
		files.map(async (file) => {
			// Only the first bytes until the count and sizes pass: a refused post reads no more than it must.
			const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
			return { name: file.name, size: file.size, head, file }
		}),
	)
	const check = checkAttachments(offered)
	if (!check.ok) return { problem: ATTACHMENT_ERRORS[check.problem] }
	if (!read) return { attachments: [] }
	const chosen = offered.filter((file) => file.size > 0 || file.name !== '')
	const attachments: SupportAttachment[] = await Promise.all(
		chosen.map(async (file, index) => ({
			filename: attachmentFileName(file.name, check.types[index]!, index),
			contentType: check.types[index]!,
			bytes: new Uint8Array(await file.file.arrayBuffer()),
		})),
	)
	return { attachments }
}

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
	const [me, lists] = await Promise.all([
		orUpstreamUnavailable(getMe(credentials, { signal: request.signal })),
		orUpstreamUnavailable(supportLists(culture)),
	])
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
		country: me.country || countryOfCulture(culture),
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
	const labelsOf = (name: SupportOptions) =>
		Object.fromEntries((options[name] ?? []).map((option) => [option.value, option.label]))
	const country = value.fields.country || me.country || countryOfCulture(culture)
	const countryName = regionName(country, 'en') ?? country
	const brand = ticketBrand(form.brandFrom === 'brandField' ? value.fields.brand : (choice.product?.brand ?? theme))
	const built = buildSupportTicket({
		form,
		value,
		japanese,
		cultureCode: culture,
		translate,
		product: choice.product,
		themeBrand: theme,
		brandNames: lists.brandNames,
		optionLabels: {
			purchaseMethods: labelsOf('purchaseMethods'),
			categories: labelsOf('categories'),
			countries: labelsOf('countries'),
			os: labelsOf('os'),
			warrantyCard: labelsOf('warrantyCard'),
		},
		countryName,
		states: { country, list: lists.states },
		requester: { name: value.fields.name || me.email, email: value.fields.email || me.email },
		rjmService: getEnv().SUPPORT_RJM_SERVICE_BRANDS.includes(brand),
		attachmentNames: files.attachments.map((file) => file.filename),
	})
	const ticket = fromAccount(
		built,
		{ userId: credentials.userId, email: me.email },
		translate('supportForms.otherContactEmail'),
	)

	let receipt
	try {
		receipt = await limitedSubmission(supportRequestLimits(context, credentials.userId), () =>
			sendSupportRequest({
				form: tab,
				ticket,
				attachments: files.attachments,
				userId: credentials.userId,
			}),
		)
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
