/**
 * Postal codes and phone numbers checked per country (spec 1 §5 "postal code and phone valid"), for
 * the countries whose formats are known here; elsewhere a permissive check that the account API
 * itself also applies.
 */

const POSTAL_CODES: Readonly<Record<string, RegExp>> = {
	US: /^\d{5}(-\d{4})?$/,
	CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
	JP: /^\d{3}-?\d{4}$/,
	GB: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/i,
	DE: /^\d{5}$/,
	FR: /^\d{5}$/,
	AU: /^\d{4}$/,
}

const ANY_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/

export function isValidPostalCode(postalCode: string, country: string): boolean {
	const code = postalCode.trim()
	return (POSTAL_CODES[country.toUpperCase()] ?? ANY_POSTAL_CODE).test(code)
}

/** Calling code, and the national number without its trunk prefix. */
const PHONE_PLANS: Readonly<Record<string, { callingCode: string; trunk: string; national: RegExp }>> = {
	US: { callingCode: '1', trunk: '1', national: /^[2-9]\d{2}[2-9]\d{6}$/ },
	CA: { callingCode: '1', trunk: '1', national: /^[2-9]\d{2}[2-9]\d{6}$/ },
	JP: { callingCode: '81', trunk: '0', national: /^[1-9]\d{8,9}$/ },
	GB: { callingCode: '44', trunk: '0', national: /^[1-9]\d{8,9}$/ },
	DE: { callingCode: '49', trunk: '0', national: /^[1-9]\d{5,12}$/ },
	FR: { callingCode: '33', trunk: '0', national: /^[1-9]\d{8}$/ },
	AU: { callingCode: '61', trunk: '0', national: /^[2-9]\d{8}$/ },
}

const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/

function isPlausiblePhone(digits: string): boolean {
	return digits.length >= 5 && digits.length <= 20
}

/**
 * A number in the country's own format (with or without its trunk prefix) or in international
 * format with its calling code; a number with another calling code gets the permissive check.
 */
export function isValidPhoneNumber(number: string, country: string): boolean {
	const text = number.trim()
	if (!PHONE_CHARACTERS.test(text)) return false
	const digits = text.replace(/\D/g, '')
	const plan = PHONE_PLANS[country.toUpperCase()]
	if (!plan) return isPlausiblePhone(digits)
	if (text.startsWith('+')) {
		if (!digits.startsWith(plan.callingCode)) return isPlausiblePhone(digits)
		return plan.national.test(digits.slice(plan.callingCode.length))
	}
	if (plan.national.test(digits)) return plan.trunk !== '0'
	return digits.startsWith(plan.trunk) && plan.national.test(digits.slice(plan.trunk.length))
}
