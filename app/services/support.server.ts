/**
 * The support forms' workflows (spec 1 §3, §5; spec 2 §3, §9): what a form's page reads (the user's
 * record and the lists, labelled in the page's culture) and `submitSupportRequest`, which builds the
 * ticket (app/domain/support-ticket.ts) and hands it to the outbox under the request limits. The
 * route (app/routes/support/support-form.server.ts) parses and answers.
 */
import type { RouterContextProvider } from 'react-router'
import { countryOptions } from '#app/domain/countries.ts'
import { derivedFrom } from '#app/domain/derived.ts'
import { compareNames, regionName } from '#app/domain/formats.ts'
import { labelFor } from '#app/domain/master-data.ts'
import { dealerName, type StoreOption } from '#app/domain/purchase-details.ts'
import { ATTACHMENT_ERRORS, attachmentFileName, checkAttachments } from '#app/domain/support-attachments.ts'
import {
	OS_OPTIONS,
	OTHER_PRODUCT,
	REGISTERED_PREFIX,
	SUPPORT_FORMS,
	WARRANTY_CARD_OPTIONS,
	type SupportOptions,
	type SupportTab,
} from '#app/domain/support-fields.ts'
import type { SupportFormValue } from '#app/domain/support-form.ts'
import {
	buildSupportTicket,
	supportTicketBrand,
	type RegisteredChoice,
	type StateOption,
	type TicketProduct,
	type TicketTranslate,
} from '#app/domain/support-ticket.ts'
import { REGISTRATION_CATEGORIES } from '#app/domain/product-registration-fields.ts'
import { fromAccount } from '#app/domain/ticket-requester.ts'
import type { ThemeName } from '#app/domain/theme.ts'
import { getEnv } from '#app/env.server.ts'
import { limitedSubmission, supportRequestLimits } from '#app/limits/rate-limit.server.ts'
import { sendSupportRequest, type SupportAttachment } from '#app/outbox/support-outbox.server.ts'
import type { Me } from '#app/upstream/account-identity.server.ts'
import { getMasterData, getStores } from '#app/upstream/master-data.server.ts'

export interface SupportOption {
	value: string
	label: string
	/** The optgroup it is listed under. */
	group?: string
}

const byOrder = (a: { sortOrder?: number }, b: { sortOrder?: number }) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0)

/** The lists the forms offer, from the master-data cache, labelled in the page's culture. */
export async function supportLists(culture: string) {
	const [products, brands, methods, stores, states] = await Promise.all([
		getMasterData('products', culture),
		getMasterData('brands', culture),
		getMasterData('purchasingMethods', culture),
		getStores(),
		// Rows are for their country's culture; any culture may name any country's state.
		getMasterData('stateProvinces'),
	])
	// Sorted and labelled once while the master data stays the same (ADR 0066), not on every page.
	return derivedFrom([products, brands, methods, stores, states], culture, () => {
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
	})
}
export type Lists = Awaited<ReturnType<typeof supportLists>>

/** The user's registrations as the forms offer them; a dealer kept as a store's id is named. */
export function registeredChoices(me: Me, stores: readonly StoreOption[]): RegisteredChoice[] {
	return me.registeredProducts.map((r) => ({
		id: r.id,
		slug: r.product.slug,
		serialCode: r.serialCode,
		purchaseDate: r.purchaseDate ? r.purchaseDate.slice(0, 10) : null,
		purchaseMethod: r.purchaseMethod,
		purchaseDealer: dealerName(r.purchaseDealer, stores) || null,
	}))
}

/**
 * The selects' options, each form only the ones it has: the user's registrations first among the products,
 * then the lists' options, which are the same for every user of the form and language and so made once while
 * the lists stay the same (ADR 0066). `translate` is the `language`'s.
 */
export function optionsFor(
	tab: SupportTab,
	lists: Lists,
	registered: readonly RegisteredChoice[],
	translate: (key: string) => string,
	language: string,
): Partial<Record<SupportOptions, readonly SupportOption[]>> {
	const shared = derivedFrom([lists], `${tab}:${language}`, () => listOptions(tab, lists, translate, language))
	if (!shared.products || registered.length === 0) return shared
	const names = new Map(lists.catalogue.map((p) => [p.slug, p.name]))
	const mine = translate('supportForms.myProducts')
	const registrations = registered.map((r) => ({
		value: `${REGISTERED_PREFIX}${r.id}`,
		label: `${names.get(r.slug) ?? r.slug} (${r.serialCode})`,
		group: mine,
	}))
	return { ...shared, products: [...registrations, ...shared.products] }
}

function listOptions(
	tab: SupportTab,
	lists: Lists,
	translate: (key: string) => string,
	language: string,
): Partial<Record<SupportOptions, readonly SupportOption[]>> {
	const wanted = new Set(SUPPORT_FORMS[tab].fields.flatMap((field) => (field.options ? [field.options] : [])))
	const options: Partial<Record<SupportOptions, readonly SupportOption[]>> = {}
	if (wanted.has('products')) {
		options.products = [
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

/**
 * The files of the form's attachment input, checked, and read (the bytes the outbox delivers) only for a form
 * that is sent: a refused one shows its errors without holding its files in memory.
 */
export async function readAttachments(
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

/** What a sent form carries to its ticket: the form's value, who sends it, and the page's lists. */
export interface SupportRequest {
	tab: SupportTab
	value: SupportFormValue
	account: { userId: string; me: Me }
	culture: string
	theme: ThemeName
	japanese: boolean
	translate: TicketTranslate
	lists: Lists
	options: Partial<Record<SupportOptions, readonly SupportOption[]>>
	product: TicketProduct | null
	/** The form's country (supportCountry): the state's name and the ticket's country name are of it. */
	country: string
	attachments: SupportAttachment[]
}

/**
 * A support request sent: the ticket built and handed to the outbox (delivered now, or kept and
 * retried), counted against the account's and the client's support limits. Throws RateLimited past
 * a limit and an upstream error when the outbox can take nothing.
 */
export async function submitSupportRequest(context: Readonly<RouterContextProvider>, request: SupportRequest) {
	const { tab, value, options, lists, translate, culture, theme, japanese, country } = request
	const { me, userId } = request.account
	const form = SUPPORT_FORMS[tab]
	const labelsOf = (name: SupportOptions) =>
		Object.fromEntries((options[name] ?? []).map((option) => [option.value, option.label]))
	const countryName = regionName(country, 'en') ?? country
	const brand = supportTicketBrand(form, {
		brandField: value.fields.brand,
		product: request.product,
		themeBrand: theme,
	})
	const built = buildSupportTicket({
		form,
		value,
		japanese,
		cultureCode: culture,
		translate,
		product: request.product,
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
		attachmentNames: request.attachments.map((file) => file.filename),
	})
	const ticket = fromAccount(built, { userId, email: me.email }, translate('supportForms.otherContactEmail'))
	return limitedSubmission(supportRequestLimits(context, userId), () =>
		sendSupportRequest({ form: tab, ticket, attachments: request.attachments, userId }),
	)
}
