/**
 * The register-a-product tab's pure rules (spec 1 §4, §5, §8) that its route once held: what the
 * form holds when it opens (a card of the `?mdl=&serial=` QR landing before a card kept while its
 * owner signed up), and a connected device's one-press registration checked as the device reported
 * itself.
 */
import {
	EMPTY_REGISTER_VALUES,
	hasSerialAlphabet,
	hasSerialLength,
	isLongSerial,
	lastSevenOf,
	normaliseModelCode,
	prefillFromCard,
	REGISTRATION_MESSAGES,
	registrationCardOf,
	type CatalogueProduct,
	type Registration,
	type RegistrationCard,
} from './product-registration.ts'

/**
 * The form as it opens: filled from the landing's card, else the kept one; the kept card offered
 * when the landing has none.
 */
export function registerFormOnOpen(
	query: { mdl: string | null; serial: string | null },
	kept: RegistrationCard | null,
	catalogue: readonly CatalogueProduct[],
) {
	const fromQuery = registrationCardOf({
		modelCode: query.mdl ?? undefined,
		serialCode: query.serial ?? undefined,
	})
	const card = fromQuery ?? kept
	const filled = card
		? prefillFromCard(card, catalogue, Boolean(kept && kept.modelCode === card.modelCode))
		: { values: EMPTY_REGISTER_VALUES, longSerial: false }
	const keptName = kept ? (catalogue.find((p) => p.modelCode === kept.modelCode)?.name ?? kept.modelCode) : null
	return {
		values: filled.values,
		longSerial: filled.longSerial,
		keptCard: kept && !fromQuery ? { ...kept, name: keptName ?? kept.modelCode } : null,
	}
}

/**
 * A connected device's one press: its model code and serial as it reported them (a 16-digit serial
 * as its last 7), no purchase details; or the message why it cannot be sent.
 */
export function deviceRegistration(given: {
	pcode: string
	modelCode: string
	serialCode: string
}): { pcode: string; errorKey: string } | { pcode: string; registration: Registration } {
	const pcode = given.pcode.slice(0, 64)
	const modelCode = normaliseModelCode(given.modelCode)
	const serial = given.serialCode.trim()
	const serialCode = isLongSerial(serial) ? lastSevenOf(serial) : serial
	if (!modelCode) return { pcode, errorKey: 'register.productNotFound' }
	if (!hasSerialAlphabet(serialCode)) return { pcode, errorKey: REGISTRATION_MESSAGES.serialCharacters }
	if (!hasSerialLength(serialCode)) return { pcode, errorKey: 'register.serialLength' }
	return {
		pcode,
		registration: {
			product: { modelCode },
			serialCode,
			purchaseDate: null,
			purchaseMethod: null,
			purchaseDealer: null,
		},
	}
}
