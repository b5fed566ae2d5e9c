/**
 * Product registration (spec 1 §3, §4, §5, §9) as the views need it: the 21 registration categories
 * by brand, the serial rules, the form's values, the registration card's pre-fill and how long a
 * pending registration is waited for. No zod here: the views import this module, so it goes to the
 * browser; the form's schema is in product-registration.ts.
 */
import { productsInCategory, type CatalogueProduct } from './catalogue-models.ts'

export type { CatalogueProduct } from './catalogue-models.ts'

export type CategoryBrand = 'main' | 'effects'

/** Spec 1 §3: a product registration category; its label is a catalogue key. */
export interface RegistrationCategory {
	id: number
	name: string
	brand: CategoryBrand
	labelKey: string
}

/** Spec 1 §3 "Product registration categories" (ids 1, 3–21, 23), each with the brand it belongs to. */
export const REGISTRATION_CATEGORIES: readonly RegistrationCategory[] = [
	{ id: 1, name: 'pianos', brand: 'main', labelKey: 'register.categoryPianos' },
	{ id: 3, name: 'synthesizers', brand: 'main', labelKey: 'register.categorySynthesizers' },
	{ id: 4, name: 'accordions', brand: 'main', labelKey: 'register.categoryAccordions' },
	{ id: 5, name: 'keyboards', brand: 'main', labelKey: 'register.categoryKeyboards' },
	{ id: 6, name: 'guitar & BOSS', brand: 'effects', labelKey: 'register.categoryGuitar' },
	{ id: 7, name: 'drums & percussion', brand: 'main', labelKey: 'register.categoryDrums' },
	{ id: 8, name: 'production', brand: 'main', labelKey: 'register.categoryProduction' },
	{ id: 9, name: 'amplifiers', brand: 'main', labelKey: 'register.categoryAmplifiers' },
	{ id: 10, name: 'aira & dj', brand: 'main', labelKey: 'register.categoryAiraDj' },
	{ id: 11, name: 'accessories', brand: 'main', labelKey: 'register.categoryAccessories' },
	{ id: 12, name: 'stompboxes', brand: 'effects', labelKey: 'register.categoryStompboxes' },
	{ id: 13, name: 'multi-effects', brand: 'effects', labelKey: 'register.categoryMultiEffects' },
	{ id: 14, name: 'guitar synthesizers', brand: 'effects', labelKey: 'register.categoryGuitarSynthesizers' },
	{ id: 15, name: 'digital recorder', brand: 'effects', labelKey: 'register.categoryDigitalRecorder' },
	{ id: 16, name: 'backing & rhythm', brand: 'effects', labelKey: 'register.categoryBackingRhythm' },
	{ id: 17, name: 'loopstation', brand: 'effects', labelKey: 'register.categoryLoopstation' },
	{ id: 18, name: 'vocal effects', brand: 'effects', labelKey: 'register.categoryVocalEffects' },
	{ id: 19, name: 'acoustic', brand: 'effects', labelKey: 'register.categoryAcoustic' },
	{ id: 20, name: 'tuners & metronomes', brand: 'effects', labelKey: 'register.categoryTunersMetronomes' },
	{ id: 21, name: 'BOSS amplifiers', brand: 'effects', labelKey: 'register.categoryBossAmplifiers' },
	{ id: 23, name: 'video', brand: 'main', labelKey: 'register.categoryVideo' },
]

export const CATEGORY_BRANDS: readonly CategoryBrand[] = ['main', 'effects']

/** The categories grouped by brand, each group in the spec's order. */
export function categoriesByBrand(
	categories: readonly RegistrationCategory[] = REGISTRATION_CATEGORIES,
): { brand: CategoryBrand; categories: RegistrationCategory[] }[] {
	return CATEGORY_BRANDS.map((brand) => ({ brand, categories: categories.filter((c) => c.brand === brand) }))
}

export function findCategory(id: string | number): RegistrationCategory | undefined {
	const wanted = typeof id === 'number' ? id : /^\d+$/.test(id.trim()) ? Number(id) : NaN
	return REGISTRATION_CATEGORIES.find((category) => category.id === wanted)
}

/** Spec 1 §5, §9: a serial number is 7 to 8 characters. */
export const SERIAL_MIN_LENGTH = 7
export const SERIAL_MAX_LENGTH = 8
/** Spec 1 §5: of a 16-digit serial, the last 7 are entered. */
export const LONG_SERIAL_DIGITS = 16
export const LONG_SERIAL_KEPT = 7

export function isLongSerial(raw: string): boolean {
	return new RegExp(`^\\d{${LONG_SERIAL_DIGITS}}$`).test(raw.trim())
}

/** The part of a 16-digit serial that is entered: its last 7 digits. */
export function lastSevenOf(raw: string): string {
	return raw.trim().slice(-LONG_SERIAL_KEPT)
}

/**
 * The serial alphabet: the letters A–Z (either case) and the digits 0–9, as serials are printed on
 * products and cards. A space, hyphen or any other character is refused, not sent on for the
 * account API to keep as typed (issue 21: 'jx-12 34' was registered).
 */
export const SERIAL_ALPHABET = /^[A-Za-z0-9]*$/

/**
 * A typed serial as it is checked and sent: trimmed, and full-width letters and digits (a Japanese
 * IME's) made half-width.
 */
export function normaliseSerial(raw: string): string {
	return raw.normalize('NFKC').trim()
}

export function hasSerialAlphabet(raw: string): boolean {
	return SERIAL_ALPHABET.test(raw.trim())
}

export function hasSerialLength(raw: string): boolean {
	const serial = raw.trim()
	return serial.length >= SERIAL_MIN_LENGTH && serial.length <= SERIAL_MAX_LENGTH
}

/** A model code as products carry it: six letters or digits (the first six characters of a pcode). */
export const MODEL_CODE = /^[A-Za-z0-9]{6}$/

export function normaliseModelCode(raw: string): string | null {
	const code = raw.trim().toUpperCase()
	return MODEL_CODE.test(code) ? code : null
}

export const REGISTER_FIELDS = [
	'category',
	'slug',
	'modelCode',
	'serialCode',
	'purchaseDate',
	'purchaseMethod',
	'purchaseDealer',
	'fromCard',
] as const
export type RegisterField = (typeof REGISTER_FIELDS)[number]

/** The register form as shown: every field as typed. `fromCard` says it was filled from a kept registration card. */
export type RegisterValues = Record<RegisterField, string>

export const EMPTY_REGISTER_VALUES: RegisterValues = {
	category: '',
	slug: '',
	modelCode: '',
	serialCode: '',
	purchaseDate: '',
	purchaseMethod: '',
	purchaseDealer: '',
	fromCard: '',
}

export function registerValuesFromForm(form: FormData): RegisterValues {
	const values = { ...EMPTY_REGISTER_VALUES }
	for (const field of REGISTER_FIELDS) {
		const value = form.get(field)
		values[field] = typeof value === 'string' ? value.slice(0, 500) : ''
	}
	return values
}

/** A product of the catalogue as the form offers it. */

/** The models of a category, by name. */
export function modelsOf(catalogue: readonly CatalogueProduct[], category: string): CatalogueProduct[] {
	const found = findCategory(category)
	return found ? productsInCategory(catalogue, found.id) : []
}

/** The form's values with a product chosen: its category and model when the catalogue has it, else its model code. */
export function withProduct(
	values: RegisterValues,
	catalogue: readonly CatalogueProduct[],
	modelCode: string,
): RegisterValues {
	const code = modelCode.trim().toUpperCase()
	const product = catalogue.find((p) => p.modelCode.toUpperCase() === code)
	return product
		? { ...values, category: String(product.categoryId), slug: product.slug, modelCode: '' }
		: { ...values, category: '', slug: '', modelCode: code }
}

/** A registration card (`/qr?mdl=…&serial=…`, or one kept as ProductRegistrationUsingQR temporary data). */
export interface RegistrationCard {
	modelCode: string
	serialCode: string
}

const CARD_SERIAL = /^[A-Za-z0-9-]{1,32}$/

/** The card a query or a kept body names, or null: a model code of six letters or digits, and an optional serial. */
export function registrationCardOf(input: { modelCode?: unknown; serialCode?: unknown }): RegistrationCard | null {
	const modelCode = typeof input.modelCode === 'string' ? normaliseModelCode(input.modelCode) : null
	if (!modelCode) return null
	const serial = typeof input.serialCode === 'string' ? input.serialCode.trim() : ''
	return { modelCode, serialCode: CARD_SERIAL.test(serial) ? serial : '' }
}

/**
 * The form filled from a card: its product, and its serial (of a 16-digit one the last 7, which the
 * form asks the user to check: `longSerial`).
 */
export function prefillFromCard(
	card: RegistrationCard,
	catalogue: readonly CatalogueProduct[],
	fromCard: boolean,
): { values: RegisterValues; longSerial: boolean } {
	const longSerial = isLongSerial(card.serialCode)
	const values = withProduct(
		{
			...EMPTY_REGISTER_VALUES,
			serialCode: longSerial ? lastSevenOf(card.serialCode) : card.serialCode,
			fromCard: fromCard ? '1' : '',
		},
		catalogue,
		card.modelCode,
	)
	return { values, longSerial }
}

/** Where the register form lives, and where it opens filled from a card. */
export const REGISTER_PRODUCT_PATH = '/gear/register_product'

export function registerPathForCard(card: RegistrationCard): string {
	const query = new URLSearchParams({ mdl: card.modelCode })
	if (card.serialCode) query.set('serial', card.serialCode)
	return `${REGISTER_PRODUCT_PATH}?${query}`
}

export function registrationStatusPath(registeredProductId: string): string {
	return `${REGISTER_PRODUCT_PATH}/${encodeURIComponent(registeredProductId)}`
}

/** Spec 1 §4: what became of a registration the API took (its `status`). */
export type RegistrationOutcome = 'pending' | 'done' | 'failed'

export function registrationOutcome(status: string): RegistrationOutcome {
	return status === 'completed' ? 'done' : status === 'failed' ? 'failed' : 'pending'
}

/**
 * Spec 1 §4: a pending registration completes in under a minute. With JavaScript the status page
 * checks again every few seconds and stops after a minute; the continue button checks at any time.
 */
export const REGISTRATION_POLL_INTERVAL_MS = 5_000
export const REGISTRATION_POLL_LIMIT_MS = 60_000

/**
 * Spec 1 §8: the QR landing's smartphone-only notice, for browsers that are not a phone's or a
 * tablet's (the card is made for a phone's camera).
 */
export function isHandheldUserAgent(userAgent: string | null | undefined): boolean {
	return /Mobi|Android|iPhone|iPad|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent ?? '')
}

/**
 * The success message of a registration that is done: what was registered, by the product's name
 * (its slug when the API gave none), not the bare 'Updated.'.
 */
export function registeredToast(product: { slug: string; name?: string | null }) {
	return {
		type: 'success' as const,
		message: 'toast.productRegistered',
		values: { name: product.name || product.slug },
	}
}
