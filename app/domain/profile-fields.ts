/**
 * The profile form's shape as the view needs it: the phone rows, the address parts and their
 * order. No zod here: the view imports this module, so it goes to the browser, and the schema
 * (profile-form.ts) stays on the server.
 */

/** Spec 1 §9: maximum phones. */
export const MAX_PROFILE_PHONES = 3

export const ADDRESS_PARTS = [
	'postalCode',
	'stateProvince',
	'city',
	'addressLine1',
	'addressLine2',
	'addressLine3',
] as const
export type AddressPart = (typeof ADDRESS_PARTS)[number]

/** Spec 1 §2: the address in the Japanese order for ja-JP, else the western one. */
export function addressOrder(japanese: boolean): readonly AddressPart[] {
	return japanese
		? ['postalCode', 'stateProvince', 'city', 'addressLine1', 'addressLine2', 'addressLine3']
		: ['addressLine1', 'addressLine2', 'addressLine3', 'city', 'stateProvince', 'postalCode']
}

export interface PhoneRow {
	id: string
	number: string
	type: string
}

/** The form as shown: every field as typed, phones as rows (an added row is empty). */
export interface ProfileValues extends Record<AddressPart, string> {
	firstName: string
	middleName: string
	lastName: string
	phoneticFirstName: string
	phoneticLastName: string
	birthday: string
	gender: string
	country: string
	allowEmail: boolean
	phones: PhoneRow[]
}

export const phoneFieldName = (index: number, part: keyof PhoneRow) => `phones[${index}].${part}`
