/**
 * What a support form holds before anything is typed (spec 1 §3, §5): what the account already says
 * (name, email, phone, address, country), the drum theme's brand, and a registered product as the
 * product choice with its serial and purchase details; and the one rule for the country a form is of.
 * Pure: the route's service reads the account and the lists, this decides.
 */
import { countryOfCulture } from './countries.ts'
import { nameCulture, personName } from './culture.ts'
import { SUPPORT_FORMS, REGISTERED_PREFIX, type SupportTab, type SupportValues } from './support-fields.ts'
import { registrationDetails, stateProvinceName, type RegisteredChoice, type StateOption } from './support-ticket.ts'
import { isDrumTheme, type ThemeName } from './theme.ts'

/** The account's fields a form may be filled from (the me call's, restated: domain imports nothing). */
export interface SupportAccount {
	firstName?: string | null
	lastName?: string | null
	/** The account's own culture: whose name order the name is written in (see `nameCulture`). */
	cultureCode?: { value: string } | null
	email: string
	phones: readonly { number: string }[]
	country?: string | null
	address?: {
		addressLine1?: string | null
		addressLine2?: string | null
		addressLine3?: string | null
		city?: string | null
		stateProvince?: string | null
		postalCode?: string | null
	} | null
}

/**
 * The country a support form is of: the one the form names, else the account's, else the page
 * culture's. The prefill, the schema (postal code and phone rules), the state's name and the ticket's
 * country name all read it from here, so they cannot disagree.
 */
export function supportCountry(
	formCountry: string | null | undefined,
	accountCountry: string | null | undefined,
	culture: string,
): string {
	return formCountry || accountCountry || countryOfCulture(culture)
}

/** The form before anything is typed: what the account already says. */
export function prefilled(
	tab: SupportTab,
	me: SupportAccount,
	{ culture, theme }: { culture: string; theme: ThemeName },
	registered: readonly RegisteredChoice[],
	states: readonly StateOption[],
	chosen?: string,
) {
	const form = SUPPORT_FORMS[tab]
	const fields: Record<string, string> = {}
	const address = me.address ?? null
	const country = supportCountry(null, me.country, culture)
	const known: Record<string, string | null | undefined> = {
		name: personName(nameCulture(culture, me.cultureCode?.value), me),
		email: me.email,
		phone: me.phones[0]?.number,
		addressLine1: address?.addressLine1,
		addressLine2: address?.addressLine2,
		addressLine3: address?.addressLine3,
		city: address?.city,
		stateProvince: stateProvinceName(address?.stateProvince ?? '', country, states),
		postalCode: address?.postalCode,
		country,
		brand: isDrumTheme(theme) ? theme : '',
	}
	for (const field of form.fields) fields[field.name] = known[field.name] ?? ''
	const values: SupportValues = { fields, parts: form.parts ? [{ partNumber: '', description: '', quantity: '' }] : [] }
	const registration = registered.find((r) => r.id === chosen) ?? (registered.length === 1 ? registered[0] : undefined)
	return registration && 'product' in fields ? withRegistration(values, registration) : values
}

/** The registration as the product choice, its serial and purchase details filled in where the form has them. */
export function withRegistration(values: SupportValues, registration: RegisteredChoice): SupportValues {
	const fields: Record<string, string> = { ...values.fields, product: `${REGISTERED_PREFIX}${registration.id}` }
	for (const [name, value] of Object.entries(registrationDetails(registration)))
		if (name in fields) fields[name] = value
	return { ...values, fields }
}
