/**
 * The help-centre ticket of a support form (spec 2 §3 "Support ticket", §5, §9): the portal builds
 * it, not the upstream. Subject, a comment body in labelled lines under the sections 'Product
 * Information', 'Contact Information' and 'Question:', the tags (the form's of the ten, normalised),
 * type, brand, and the custom fields by name (product name, request type, country name; the account
 * API maps them to the help centre's field ids, which differ per environment: ADR 0006, 0021).
 * A service request is titled '{brand} Service Request', tagged '{brand}_service_request' (and
 * 'rjm_service' when that flag is set), of type 'service_request' and category 'question'. Labels
 * come from the catalogue through the translator passed in. Pure: no I/O.
 */
import type { SupportFormValue } from './support-form.ts'
import {
	fieldsOf,
	OTHER_PRODUCT,
	PART_FIELDS,
	REGISTERED_PREFIX,
	SUPPORT_FORM_TITLES,
	type SupportForm,
	type SupportOptions,
} from './support-fields.ts'
import { normaliseTags } from './ticket-tags.ts'

/** The shape of `POST zendesk/request/` (app/upstream/contract/help-centre.ts), restated: domain imports nothing. */
export interface SupportTicketRequest {
	ticket: {
		subject: string
		comment: { body: string }
		type: string
		tags: string[]
		customFields: { productName: string | null; requestType: string | null; countryName: string | null }
	}
	request: { requester: { name: string; email: string }; cultureCode: string; userId?: string }
	brand: string
}

export type TicketTranslate = (key: string, values?: Record<string, string>) => string

/** Brand values, their names in ticket titles and their tag stems (spec 2 §9 brands). */
export const TICKET_BRANDS: Readonly<Record<string, { name: string; tag: string }>> = {
	main: { name: 'Roland', tag: 'roland' },
	effects: { name: 'BOSS', tag: 'boss' },
	proav: { name: 'Roland Pro A/V', tag: 'roland_proav' },
	cloud: { name: 'Roland Cloud', tag: 'roland_cloud' },
	dw: { name: 'DW', tag: 'dw' },
	pdp: { name: 'PDP', tag: 'pdp' },
	dwe: { name: 'DWe', tag: 'dwe' },
	drumshop: { name: 'DRUMSHOP', tag: 'drumshop' },
	slingerland: { name: 'SLINGERLAND', tag: 'slingerland' },
}
/** Spec 2 §9: a brand the map does not know is named as the drum brand. */
export const FALLBACK_TICKET_BRAND = 'dw'

/** The brand a ticket goes to: a known brand value, else the drum brand. */
export function ticketBrand(value: string | null | undefined): string {
	const brand = value?.trim().toLowerCase() ?? ''
	return Object.hasOwn(TICKET_BRANDS, brand) ? brand : FALLBACK_TICKET_BRAND
}

/** A brand's name for ticket titles: the brands master list's label, else the map's, else the drum brand's. */
export function ticketBrandName(
	value: string | null | undefined,
	masterNames: Readonly<Record<string, string>> = {},
): string {
	const brand = ticketBrand(value)
	return masterNames[brand]?.trim() || TICKET_BRANDS[brand]!.name
}

/**
 * The brand a form's ticket goes to, by where its form takes it from (spec 1 §3: the drum and order
 * forms ask for a brand; the status forms name no product, so they are the portal's theme's; the
 * others are the chosen product's, else the theme's). One rule for the ticket and for the
 * deployment's RJM flag: the action once had its own, which let a theme form take a product's brand.
 */
export function supportTicketBrand(
	form: Pick<SupportForm, 'brandFrom'>,
	given: { brandField?: string | null; product?: Pick<TicketProduct, 'brand'> | null; themeBrand: string },
): string {
	return ticketBrand(
		form.brandFrom === 'brandField'
			? given.brandField
			: form.brandFrom === 'product'
				? (given.product?.brand ?? given.themeBrand)
				: given.themeBrand,
	)
}

export const NO_DATA = 'supportForms.noData'

/** A product the form may name: from the catalogue, or one of the user's registrations. */
export interface TicketProduct {
	slug: string
	name: string
	brand: string
}
export interface RegisteredChoice {
	id: string
	slug: string
	serialCode: string
	purchaseDate: string | null
	purchaseMethod: string | null
	purchaseDealer: string | null
}

/**
 * What choosing a registration fills in: its serial and purchase details, by field name, only the
 * ones the portal knows (a form fills those of them it has).
 */
export function registrationDetails(registration: RegisteredChoice): Record<string, string> {
	const details: Record<string, string> = {}
	const known = {
		serialCode: registration.serialCode,
		purchaseDate: registration.purchaseDate,
		purchaseMethod: registration.purchaseMethod,
		purchaseDealer: registration.purchaseDealer,
	}
	for (const [name, value] of Object.entries(known)) if (value) details[name] = value
	return details
}

/** The product a product select's value names (`slug`, `registered:<id>`, `other`), or null. */
export function chosenProduct(
	choice: string | undefined,
	catalogue: readonly TicketProduct[],
	registered: readonly RegisteredChoice[],
): { product: TicketProduct | null; registration: RegisteredChoice | null } {
	if (!choice || choice === OTHER_PRODUCT) return { product: null, registration: null }
	if (choice.startsWith(REGISTERED_PREFIX)) {
		const registration = registered.find((r) => r.id === choice.slice(REGISTERED_PREFIX.length)) ?? null
		const product = registration ? (catalogue.find((p) => p.slug === registration.slug) ?? null) : null
		return { product, registration }
	}
	return { product: catalogue.find((p) => p.slug === choice) ?? null, registration: null }
}

/** A state/province of the master list: its value ('US-ID', 'JP-13') and its name in the page's culture. */
export interface StateOption {
	value: string
	label: string
}

/**
 * The name of the state/province a form holds: the profile keeps the list's value ('US-ID', 'JP-13'),
 * older records the subdivision's own code ('TX', of the user's country); a customer reads names, and
 * so does the help centre. Anything else (a name typed) is kept as it is.
 */
export function stateProvinceName(given: string, country: string, states: readonly StateOption[]): string {
	const code = given.trim().toUpperCase()
	if (!code) return given
	const qualified = `${country.trim().toUpperCase()}-${code}`
	const state =
		states.find((s) => s.value.toUpperCase() === code) ??
		(country ? states.find((s) => s.value.toUpperCase() === qualified) : undefined)
	return state?.label ?? given
}

export interface TicketInput {
	form: SupportForm
	value: SupportFormValue
	japanese: boolean
	cultureCode: string
	translate: TicketTranslate
	/** The product the form names, when it names one of the catalogue. */
	product: TicketProduct | null
	/** The portal's theme brand: the ticket's brand when the form names none. */
	themeBrand: string
	/** The brands master list's names by brand value. */
	brandNames?: Readonly<Record<string, string>>
	/** Labels of the selects' values, to write them as the customer saw them. */
	optionLabels?: Partial<Record<SupportOptions, Readonly<Record<string, string>>>>
	countryName: string | null
	/** The states/provinces and the country a bare code ('TX') is of: a code the form holds is written as its name. */
	states?: { country: string; list: readonly StateOption[] }
	requester: { name: string; email: string }
	/** Service requests of this deployment are also tagged for the RJM service centre (ADR 0021). */
	rjmService: boolean
	/** File names of the attachments, listed before the question. */
	attachmentNames?: readonly string[]
}

/** The request `sendSupportRequest` delivers: `POST zendesk/request/` (spec 2 §7). */
export function buildSupportTicket(input: TicketInput): SupportTicketRequest {
	const { form, value, translate: t, product } = input
	const fields = fieldsOf(form, input.japanese)
	const brand = supportTicketBrand(form, { brandField: value.fields.brand, product, themeBrand: input.themeBrand })
	const brandName = ticketBrandName(brand, input.brandNames)
	const serviceRequest = form.kind === 'serviceRequest'

	const shown = (name: string, raw: string): string => {
		const field = fields.find((f) => f.name === name)
		if (name === 'product') {
			if (raw === OTHER_PRODUCT) return t('supportForms.productOther')
			return product?.name ?? raw
		}
		if (name === 'brand') return ticketBrandName(raw, input.brandNames)
		if (name === 'stateProvince' && input.states)
			return stateProvinceName(raw, value.fields.country || input.states.country, input.states.list)
		const labels = field?.options ? input.optionLabels?.[field.options] : undefined
		return labels?.[raw] ?? raw
	}
	const lines = (section: 'product' | 'contact' | 'question') =>
		fields
			.filter((field) => field.section === section && field.name !== 'question')
			.flatMap((field) => {
				const raw = value.fields[field.name] ?? ''
				if (!raw) return field.name === 'serialCode' ? [`${t(field.label)}: ${t(NO_DATA)}`] : []
				return [`${t(field.label)}: ${shown(field.name, raw)}`]
			})

	const productLines = lines('product')
	value.parts.forEach((part, index) => {
		const details = (['partNumber', 'description', 'quantity'] as const)
			.filter((name) => part[name])
			.map((name) => `${t(PART_FIELDS[name].label)}: ${part[name]}`)
		productLines.push(`${t('supportForms.part', { number: String(index + 1) })}: ${details.join(', ')}`)
	})
	const extra = [
		...lines('question'),
		...(input.attachmentNames?.length ? [`${t('supportForms.attachments')}: ${input.attachmentNames.join(', ')}`] : []),
	]
	const body = [
		t('supportForms.sectionProduct'),
		...productLines,
		'',
		t('supportForms.sectionContact'),
		...lines('contact'),
		'',
		...(extra.length ? [...extra, ''] : []),
		t('supportForms.sectionQuestion'),
		value.fields.question || t(NO_DATA),
	].join('\n')

	const productName =
		product?.name ??
		(value.fields.otherProductName || value.fields.productDescription || value.fields.productId || null)
	const about = (form.subjectFrom ?? []).map((name) => value.fields[name]).find(Boolean) ?? productName
	const subject = serviceRequest
		? t('supportForms.serviceRequestTitle', { brand: brandName })
		: about
			? `${t(SUPPORT_FORM_TITLES[form.tab])}: ${about}`
			: t(SUPPORT_FORM_TITLES[form.tab])

	const tags = normaliseTags([
		...form.tags,
		...(serviceRequest ? [`${TICKET_BRANDS[brand]!.tag}_service_request`] : []),
		...(serviceRequest && input.rjmService ? ['rjm_service'] : []),
	])

	return {
		ticket: {
			subject: subject.slice(0, 150),
			comment: { body },
			type: serviceRequest ? 'service_request' : 'question',
			tags,
			customFields: {
				productName: productName?.slice(0, 200) ?? null,
				// Spec 2 §9: a service request's category is 'question'; other forms say which form they are.
				requestType: serviceRequest ? 'question' : form.tab,
				countryName: input.countryName,
			},
		},
		request: {
			requester: { name: input.requester.name, email: input.requester.email },
			cultureCode: input.cultureCode,
		},
		brand,
	}
}
