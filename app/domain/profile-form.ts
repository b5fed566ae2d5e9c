/**
 * The profile form (spec 1 §2 account settings, §3 User, §5 profile rules): its values, its schema
 * and what a save sends. Only what changed is sent: the changed profile fields (each address part
 * on its own) in one `PUT users/{id}`, and the phones diffed by id (spec 1 §5).
 */
import { z } from 'zod'
import { EVEN_WITH_FIELD_ERRORS } from './account-forms.ts'
import { diffPhones, type ArrayDiff } from './array-diff.ts'
import { isValidPhoneNumber, isValidPostalCode } from './postal-phone.ts'
import {
	ADDRESS_PARTS,
	MAX_PROFILE_PHONES,
	phoneFieldName,
	type AddressPart,
	type PhoneRow,
	type ProfileValues,
} from './profile-fields.ts'

export { addressOrder, ADDRESS_PARTS, MAX_PROFILE_PHONES, phoneFieldName } from './profile-fields.ts'
export type { AddressPart, PhoneRow, ProfileValues } from './profile-fields.ts'

/** The parts of the stored user record (app/domain/user-record.ts) the form shows. */
export interface ProfileRecord {
	firstName?: string
	middleName?: string
	lastName?: string
	phoneticFirstName?: string
	phoneticLastName?: string
	allowEmail?: boolean
	birthday?: string | null
	gender?: string
	country?: string
	address?: Partial<Record<AddressPart, string>>
	phones?: readonly { id: string; number: string; type: string }[]
}

/**
 * The stored state/province as a value of the stateProvinces list: older records keep the
 * subdivision's own code (`CA`), the list is by `US-CA`.
 */
export function stateProvinceValue(stored: string, country: string, states: readonly string[]): string {
	if (!stored || states.includes(stored)) return stored
	const qualified = `${country}-${stored}`
	return states.includes(qualified) ? qualified : stored
}

export function profileValuesOf(record: ProfileRecord, states: readonly string[] = []): ProfileValues {
	const address = record.address ?? {}
	const country = record.country ?? ''
	return {
		firstName: record.firstName ?? '',
		middleName: record.middleName ?? '',
		lastName: record.lastName ?? '',
		phoneticFirstName: record.phoneticFirstName ?? '',
		phoneticLastName: record.phoneticLastName ?? '',
		birthday: record.birthday?.slice(0, 10) ?? '',
		gender: record.gender ?? '',
		country,
		postalCode: address.postalCode ?? '',
		stateProvince: stateProvinceValue(address.stateProvince ?? '', country, states),
		city: address.city ?? '',
		addressLine1: address.addressLine1 ?? '',
		addressLine2: address.addressLine2 ?? '',
		addressLine3: address.addressLine3 ?? '',
		allowEmail: record.allowEmail ?? false,
		phones: (record.phones ?? []).map(({ id, number, type }) => ({ id, number, type })),
	}
}

type FormFields = { get(name: string): FormDataEntryValue | null; has(name: string): boolean }

/** What was typed, as it was typed, to show the form again (a new empty row included). */
export function profileValuesFromForm(form: FormFields): ProfileValues {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const phones: PhoneRow[] = []
	for (let index = 0; index < MAX_PROFILE_PHONES; index++) {
		const names = (['id', 'number', 'type'] as const).map((part) => phoneFieldName(index, part))
		if (!names.some((name) => form.has(name))) break
		phones.push({ id: text(names[0]!), number: text(names[1]!), type: text(names[2]!) })
	}
	return {
		firstName: text('firstName'),
		middleName: text('middleName'),
		lastName: text('lastName'),
		phoneticFirstName: text('phoneticFirstName'),
		phoneticLastName: text('phoneticLastName'),
		birthday: text('birthday'),
		gender: text('gender'),
		country: text('country').trim().toUpperCase(),
		postalCode: text('postalCode'),
		stateProvince: text('stateProvince'),
		city: text('city'),
		addressLine1: text('addressLine1'),
		addressLine2: text('addressLine2'),
		addressLine3: text('addressLine3'),
		allowEmail: form.get('allowEmail') === 'on',
		phones,
	}
}

/** An added row, unless there are already as many as allowed. */
export function withAddedPhone(values: ProfileValues): ProfileValues {
	if (values.phones.length >= MAX_PROFILE_PHONES) return values
	return { ...values, phones: [...values.phones, { id: '', number: '', type: '' }] }
}

export function withoutPhone(values: ProfileValues, index: number): ProfileValues {
	return { ...values, phones: values.phones.filter((_, i) => i !== index) }
}

/** What the form may hold: the master lists' values and the chosen country's states. */
export interface ProfileFormOptions {
	/** ja-JP: the phonetic names are required. */
	japanese: boolean
	genders: readonly string[]
	phoneTypes: readonly string[]
	/** The stateProvinces values of the country posted (none: the country has no list). */
	states: readonly string[]
	/** Today (YYYY-MM-DD), the latest birthday. */
	today: string
}

const EARLIEST_BIRTHDAY = '1900-01-01'

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key })
const optional = z.string().trim().optional()

function isDate(text: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
	const date = new Date(`${text}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

export function profileSchema(options: ProfileFormOptions) {
	return z
		.object({
			firstName: required('validation.firstNameRequired'),
			middleName: optional,
			lastName: required('validation.lastNameRequired'),
			phoneticFirstName: optional,
			phoneticLastName: optional,
			birthday: optional.refine(
				(value) => !value || (isDate(value) && value >= EARLIEST_BIRTHDAY && value <= options.today),
				{ error: 'validation.birthdayInvalid' },
			),
			gender: optional.refine((value) => !value || options.genders.includes(value), {
				error: 'validation.genderInvalid',
			}),
			country: z
				.string({ error: 'validation.countryRequired' })
				.trim()
				.toUpperCase()
				.regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' }),
			postalCode: optional,
			stateProvince: optional,
			city: optional,
			addressLine1: optional,
			addressLine2: optional,
			addressLine3: optional,
			allowEmail: z
				.literal('on')
				.optional()
				.transform((value) => value === 'on'),
			phones: z
				.array(z.object({ id: optional, number: optional, type: optional }))
				.max(MAX_PROFILE_PHONES, { error: 'validation.tooManyPhones' })
				.optional()
				.transform((rows) => rows ?? []),
		})
		.superRefine((value, ctx) => {
			const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
			if (options.japanese) {
				if (!value.phoneticFirstName) issue(['phoneticFirstName'], 'validation.phoneticFirstNameRequired')
				if (!value.phoneticLastName) issue(['phoneticLastName'], 'validation.phoneticLastNameRequired')
			}
			// A field sent in another shape (a list, an object) has failed already: it is read as empty here.
			const text = (raw: unknown) => (typeof raw === 'string' ? raw : '')
			const country = text(value.country)
			const postalCode = text(value.postalCode)
			const stateProvince = text(value.stateProvince)
			if (postalCode && country && !isValidPostalCode(postalCode, country))
				issue(['postalCode'], 'validation.postalCodeInvalid')
			if (stateProvince && !options.states.includes(stateProvince))
				issue(['stateProvince'], 'validation.stateProvinceInvalid')
			;(Array.isArray(value.phones) ? value.phones : []).forEach((phone, index) => {
				const number = text(phone?.number)
				const type = text(phone?.type)
				if (!number && type) issue(['phones', index, 'number'], 'validation.phoneNumberRequired')
				if (number && !type) issue(['phones', index, 'type'], 'validation.phoneTypeRequired')
				if (type && !options.phoneTypes.includes(type)) issue(['phones', index, 'type'], 'validation.phoneTypeRequired')
				if (number && !isValidPhoneNumber(number, country))
					issue(['phones', index, 'number'], 'validation.phoneNumberInvalid')
			})
		}, EVEN_WITH_FIELD_ERRORS)
}

export type ProfileForm = z.output<ReturnType<typeof profileSchema>>

/** `PUT users/{id}` with profile parameters: only the changed fields; null clears one. */
export interface ProfileChange {
	firstName?: string
	middleName?: string | null
	lastName?: string
	phoneticFirstName?: string | null
	phoneticLastName?: string | null
	allowEmail?: boolean
	birthday?: string | null
	gender?: string | null
	country?: string
	address?: Partial<Record<AddressPart, string | null>>
}

export interface ProfileSave {
	/** Null when no profile field changed (no call). */
	profile: ProfileChange | null
	phones: ArrayDiff<{ id?: string; number: string; type: string }>
}

const CLEARABLE = ['middleName', 'phoneticFirstName', 'phoneticLastName', 'birthday', 'gender'] as const

/**
 * What a save sends, from the form as it was (the stored record) and as it was sent. A form that
 * does not ask the middle name (ja-JP, `asksMiddleName`) leaves the stored one as it is: its absence
 * is not a request to clear it.
 */
export function profileSave(
	before: ProfileValues,
	form: ProfileForm,
	asked: { middleName: boolean } = { middleName: true },
): ProfileSave {
	const profile: ProfileChange = {}
	if (form.firstName !== before.firstName) profile.firstName = form.firstName
	if (form.lastName !== before.lastName) profile.lastName = form.lastName
	for (const key of CLEARABLE) {
		if (key === 'middleName' && !asked.middleName) continue
		const value = form[key] ?? ''
		if (value !== before[key]) profile[key] = value || null
	}
	if (form.country !== before.country) profile.country = form.country
	if (form.allowEmail !== before.allowEmail) profile.allowEmail = form.allowEmail
	const address: Partial<Record<AddressPart, string | null>> = {}
	for (const part of ADDRESS_PARTS) {
		const value = form[part] ?? ''
		if (value !== before[part]) address[part] = value || null
	}
	if (Object.keys(address).length > 0) profile.address = address
	const current = before.phones.map(({ id, number, type }) => ({ id, number, type }))
	const next = form.phones
		.filter((phone) => phone.number && phone.type)
		.map((phone) => ({ ...(phone.id ? { id: phone.id } : {}), number: phone.number!, type: phone.type! }))
	return {
		profile: Object.keys(profile).length > 0 ? profile : null,
		phones: diffPhones(current, next),
	}
}
