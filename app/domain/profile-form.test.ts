import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { isValidPhoneNumber, isValidPostalCode } from './postal-phone.ts'
import {
	addressOrder,
	profileSave,
	profileSchema,
	profileValuesFromForm,
	profileValuesOf,
	withAddedPhone,
	withoutPhone,
	type ProfileFormOptions,
	type ProfileValues,
} from './profile-form.ts'

const OPTIONS: ProfileFormOptions = {
	japanese: false,
	genders: ['male', 'female', 'prefer_not_to_say'],
	phoneTypes: ['mobile', 'home', 'work'],
	states: ['US-CA', 'US-NY'],
	today: '2026-11-23',
}

const STORED = {
	firstName: 'Alex',
	middleName: 'J.',
	lastName: 'Owner',
	allowEmail: true,
	birthday: '1988-04-12',
	gender: 'female',
	country: 'US',
	address: { postalCode: '90040', stateProvince: 'CA', city: 'Los Angeles', addressLine1: '5100 S. Eastern Avenue' },
	phones: [
		{ id: 'p1', number: '+1 323 555 0142', type: 'mobile' },
		{ id: 'p2', number: '+1 323 555 0199', type: 'home' },
	],
}

/** The form as the browser posts it for these values. */
function formOf(values: ProfileValues, extra: Record<string, string> = {}): FormData {
	const form = new FormData()
	for (const [key, value] of Object.entries(values)) {
		if (key === 'phones' || key === 'allowEmail') continue
		form.set(key, value as string)
	}
	if (values.allowEmail) form.set('allowEmail', 'on')
	values.phones.forEach((phone, index) => {
		form.set(`phones[${index}].id`, phone.id)
		form.set(`phones[${index}].number`, phone.number)
		form.set(`phones[${index}].type`, phone.type)
	})
	for (const [key, value] of Object.entries(extra)) form.set(key, value)
	return form
}

function parse(form: FormData, options: Partial<ProfileFormOptions> = {}) {
	return parseWithZod(form, { schema: profileSchema({ ...OPTIONS, ...options }) })
}

const before = profileValuesOf(STORED, OPTIONS.states)

describe('profile values', () => {
	it('shows the stored record, an old state code as the list’s value', () => {
		expect(before).toMatchObject({ firstName: 'Alex', stateProvince: 'US-CA', addressLine2: '', allowEmail: true })
		expect(profileValuesOf({ birthday: '1990-01-02T00:00:00.000Z' }).birthday).toBe('1990-01-02')
	})

	it('reads the form back as typed, with an empty added row, and adds no fourth row', () => {
		const typed = profileValuesFromForm(formOf(withAddedPhone(before)))
		expect(typed.phones).toHaveLength(3)
		expect(typed.phones[2]).toEqual({ id: '', number: '', type: '' })
		expect(withAddedPhone(typed).phones).toHaveLength(3)
		expect(withoutPhone(typed, 0).phones.map((phone) => phone.id)).toEqual(['p2', ''])
	})

	it('orders the address the Japanese way for ja-JP', () => {
		expect(addressOrder(true).slice(0, 3)).toEqual(['postalCode', 'stateProvince', 'city'])
		expect(addressOrder(false).at(-1)).toBe('postalCode')
	})
})

describe('profile schema', () => {
	it('accepts the stored profile as it is', () => {
		expect(parse(formOf(before)).status).toBe('success')
	})

	it('reports every error at once with the spec’s messages', () => {
		const values: ProfileValues = {
			...before,
			firstName: ' ',
			country: '',
			postalCode: '9004',
			birthday: '2999-01-01',
			phones: [
				{ id: 'p1', number: '+1 323 555 0142', type: '' },
				{ id: '', number: '', type: 'home' },
			],
		}
		const submission = parse(formOf(values))
		expect(submission.status).toBe('error')
		expect(submission.reply().error).toMatchObject({
			firstName: ['validation.firstNameRequired'],
			country: ['validation.countryRequired'],
			birthday: ['validation.birthdayInvalid'],
			'phones[0].type': ['validation.phoneTypeRequired'],
			'phones[1].number': ['validation.phoneNumberRequired'],
		})
	})

	it('requires the phonetic names for ja-JP only', () => {
		const errors = parse(formOf(before), { japanese: true }).reply().error
		expect(errors).toMatchObject({
			phoneticFirstName: ['validation.phoneticFirstNameRequired'],
			phoneticLastName: ['validation.phoneticLastNameRequired'],
		})
		expect(parse(formOf(before)).reply().error).toBeUndefined()
	})

	it('checks postal code and phone by country, the state against the country’s list', () => {
		const japan = {
			...before,
			country: 'JP',
			postalCode: '90040',
			phones: [{ id: '', number: '5551234', type: 'home' }],
		}
		expect(parse(formOf(japan), { states: ['JP-13'] }).reply().error).toMatchObject({
			postalCode: ['validation.postalCodeInvalid'],
			stateProvince: ['validation.stateProvinceInvalid'],
			'phones[0].number': ['validation.phoneNumberInvalid'],
		})
		const fixed = {
			...japan,
			postalCode: '150-0001',
			stateProvince: 'JP-13',
			phones: [{ id: '', number: '03-1234-5678', type: 'home' }],
		}
		expect(parse(formOf(fixed), { states: ['JP-13'] }).status).toBe('success')
	})

	it('refuses a fourth phone and a gender or phone type not in the master lists', () => {
		const phone = { id: '', number: '+1 212 555 0100', type: 'work' }
		expect(parse(formOf({ ...before, phones: [phone, phone, phone, phone] })).reply().error).toMatchObject({
			phones: ['validation.tooManyPhones'],
		})
		expect(parse(formOf({ ...before, gender: 'other', phones: [{ ...phone, type: 'fax' }] })).reply().error).toEqual({
			gender: ['validation.genderInvalid'],
			'phones[0].type': ['validation.phoneTypeRequired'],
		})
	})
})

describe('what a save sends', () => {
	function saveOf(values: ProfileValues) {
		const submission = parse(formOf(values))
		if (submission.status !== 'success') throw new Error(JSON.stringify(submission.reply().error))
		return profileSave(before, submission.value)
	}

	// Issue 21: ja-JP does not ask the middle name; a stored one is kept, not cleared by its absence.
	it('a form that does not ask the middle name keeps the stored one', () => {
		const form = formOf(before)
		form.delete('middleName')
		const submission = parse(form)
		if (submission.status !== 'success') throw new Error(JSON.stringify(submission.reply().error))
		expect(profileSave(before, submission.value, { middleName: false }).profile).toBeNull()
		expect(profileSave(before, submission.value).profile).toEqual({ middleName: null })
	})

	it('nothing when nothing changed', () => {
		expect(saveOf(before)).toEqual({ profile: null, phones: { create: [], update: [], delete: [] } })
	})

	it('only the changed fields and address parts; an emptied field is cleared with null', () => {
		const save = saveOf({ ...before, lastName: 'Keys', middleName: '', city: 'Burbank', allowEmail: false, gender: '' })
		expect(save.profile).toEqual({
			lastName: 'Keys',
			middleName: null,
			gender: null,
			allowEmail: false,
			address: { city: 'Burbank' },
		})
	})

	it('phones as create, update and delete by id', () => {
		const save = saveOf({
			...before,
			phones: [
				{ id: 'p2', number: '+1 323 555 0100', type: 'work' },
				{ id: '', number: '+1 212 555 0100', type: 'mobile' },
				{ id: '', number: '', type: '' },
			],
		})
		expect(save.profile).toBeNull()
		expect(save.phones).toEqual({
			create: [{ number: '+1 212 555 0100', type: 'mobile' }],
			update: [{ id: 'p2', number: '+1 323 555 0100', type: 'work' }],
			delete: [{ id: 'p1', number: '+1 323 555 0142', type: 'mobile' }],
		})
	})
})

describe('postal codes and phones per country', () => {
	it.each([
		['US', '90040-1234', '9004'],
		['CA', 'K1A 0B1', 'K1A0B'],
		['JP', '150-0001', '1500'],
		['GB', 'SW1A 1AA', 'SW1A'],
		['DE', '10115', '1011'],
		['FR', '75001', '750011'],
		['AU', '2000', '20000'],
	])('%s: %s is a postal code, %s is not', (country, good, bad) => {
		expect(isValidPostalCode(good, country)).toBe(true)
		expect(isValidPostalCode(bad, country)).toBe(false)
	})

	it.each([
		['US', '(323) 555-0142', '555-0142'],
		['CA', '+1 416 555 0100', '+1 416 555'],
		['JP', '090-1234-5678', '90-1234-5678'],
		['GB', '+44 20 7946 0958', '020 794'],
		['DE', '030 1234567', '30 1234567'],
		['FR', '01 23 45 67 89', '01 23 45 67'],
		['AU', '+61 2 9876 5432', '02 9876 543'],
	])('%s: %s is a phone number, %s is not', (country, good, bad) => {
		expect(isValidPhoneNumber(good, country)).toBe(true)
		expect(isValidPhoneNumber(bad, country)).toBe(false)
	})

	it('elsewhere, or with another country’s calling code, a permissive check', () => {
		expect(isValidPostalCode('1010', 'AT')).toBe(true)
		expect(isValidPostalCode('!', 'AT')).toBe(false)
		expect(isValidPhoneNumber('+43 1 234567', 'AT')).toBe(true)
		expect(isValidPhoneNumber('+43 1 234567', 'US')).toBe(true)
		expect(isValidPhoneNumber('call me', 'AT')).toBe(false)
	})
})
