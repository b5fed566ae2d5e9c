/**
 * Registering a product (spec 1 §4, §5, §8): the register form's schema, what a registration sends,
 * what each answer of the account API means for the user (the outcomes and their messages), and
 * which connected devices (spec 2 §3) are still to register. The purchase details follow the rules
 * the edit form shares (purchase-details.ts). The messages are catalogue keys, the spec's English
 * texts in the English catalogue.
 */
import { z } from 'zod'
import { EVEN_WITH_FIELD_ERRORS } from './account-forms.ts'
import type { Device } from './device.ts'
import {
	PURCHASE_DATE_ERROR,
	purchaseDetailsFields,
	purchaseDetailsOf,
	type PurchaseDetails,
	type StoreOption,
} from './purchase-details.ts'
import {
	hasSerialAlphabet,
	hasSerialLength,
	isLongSerial,
	lastSevenOf,
	normaliseModelCode,
	normaliseSerial,
	type CatalogueProduct,
} from './product-registration-fields.ts'

export * from './product-registration-fields.ts'

/** The messages of spec 1 §8 and §5 the registration speaks, as catalogue keys. */
export const REGISTRATION_MESSAGES = {
	productNotFound: 'register.productNotFound',
	serialLength: 'register.serialLength',
	serialCharacters: 'register.serialCharacters',
	serialLastSeven: 'register.serialLastSeven',
	purchaseDate: PURCHASE_DATE_ERROR,
	notRegistrable: 'register.notRegistrable',
	alreadyRegistered: 'register.alreadyRegistered',
	failed: 'errors.registrationFailed',
	productRequired: 'register.productRequired',
} as const

export interface RegisterFormOptions {
	/** The latest purchase date (`latestPurchaseDate()`). */
	today: string
	/** The purchasingMethods ids offered. */
	purchaseMethods: readonly string[]
}

/**
 * The register form (spec 1 §5): a product (a model of a category, or a typed model code, which wins
 * when both are given), a serial of 7 to 8 letters and digits (a 16-digit one is refused with the
 * advice to enter its last 7; a space or any other character with the serial alphabet's message),
 * and the purchase details the edit form shares (a date that is a real day and not in the future, a
 * method of the master list, a dealer). Every error is reported at once.
 */
export function registerSchema(options: RegisterFormOptions) {
	return z
		.object({
			category: z.string().trim().optional(),
			slug: z.string().trim().optional(),
			modelCode: z.string().trim().optional(),
			serialCode: z
				.string({ error: REGISTRATION_MESSAGES.serialLength })
				.transform(normaliseSerial)
				.superRefine((serial, ctx) => {
					if (isLongSerial(serial)) ctx.addIssue({ code: 'custom', message: REGISTRATION_MESSAGES.serialLastSeven })
					else if (!hasSerialAlphabet(serial))
						ctx.addIssue({ code: 'custom', message: REGISTRATION_MESSAGES.serialCharacters })
					else if (!hasSerialLength(serial))
						ctx.addIssue({ code: 'custom', message: REGISTRATION_MESSAGES.serialLength })
				}),
			...purchaseDetailsFields({ ...options, dateRequired: true }),
			fromCard: z.string().optional(),
		})
		.superRefine((value, ctx) => {
			const modelCode = typeof value.modelCode === 'string' ? value.modelCode : ''
			const slug = typeof value.slug === 'string' ? value.slug : ''
			if (modelCode) {
				if (!normaliseModelCode(modelCode))
					ctx.addIssue({ code: 'custom', path: ['modelCode'], message: REGISTRATION_MESSAGES.productNotFound })
			} else if (!slug) {
				ctx.addIssue({ code: 'custom', path: ['slug'], message: REGISTRATION_MESSAGES.productRequired })
			}
		}, EVEN_WITH_FIELD_ERRORS)
}

export type RegisterForm = z.output<ReturnType<typeof registerSchema>>

/** What `POST users/{id}/registeredProducts` is sent for a valid form. */
export interface Registration extends PurchaseDetails {
	product: { slug: string } | { modelCode: string }
	serialCode: string
}

/** `stores`: the dealers the form offered (a name of theirs is kept as the store's id). */
export function registrationOf(form: RegisterForm, stores: readonly StoreOption[]): Registration {
	const modelCode = form.modelCode ? normaliseModelCode(form.modelCode) : null
	return {
		product: modelCode ? { modelCode } : { slug: form.slug ?? '' },
		serialCode: form.serialCode,
		...purchaseDetailsOf(form, stores),
	}
}

/** An upstream failure as the registration reads it (an UpstreamError's fields). */
export interface RegistrationFailure {
	kind?: string
	status?: number
	code?: string
	message: string
}

export type RegistrationRefusalKind =
	| 'productNotFound'
	| 'serialLength'
	| 'purchaseDate'
	| 'notRegistrable'
	| 'alreadyRegistered'
	| 'failed'
	| 'tokenExpired'
	| 'attemptLimit'
	| 'unavailable'
	| 'other'

export interface RegistrationRefusal {
	kind: RegistrationRefusalKind
	/** The catalogue key of the message. */
	key: string
	/** The field the message belongs to; none for the form as a whole. */
	field?: 'product' | 'serialCode' | 'purchaseDate'
	/** The portal's answer: 400 for what the user can correct, 403 not here, 409 already, 422 failed, 503 outage. */
	status: number
}

/**
 * Spec 1 §8 and spec 2 §8: the message for a registration the API refused, read from its error code
 * and, for an upstream that sends none of ours, its text (the spec's messages).
 */
export function registrationRefusal(failure: RegistrationFailure): RegistrationRefusal {
	const code = failure.code ?? ''
	const message = failure.message ?? ''
	if (failure.kind && failure.kind !== 'status') return { kind: 'unavailable', key: 'toast.tryAgain', status: 503 }
	if (/TokenExpired/i.test(code) || /token has expired|has been revoked/i.test(message))
		return { kind: 'tokenExpired', key: 'toast.tokenExpired', status: 401 }
	// Spec 1 §8's attempt limit: the API's own, or the portal's on wrong serials (ADR 0009).
	if (/LimitExceeded/i.test(code) || failure.status === 429)
		return { kind: 'attemptLimit', key: 'errors.attemptLimit', status: 429 }
	if ((failure.status ?? 0) >= 500 || /TransactionAlreadyStarted/i.test(message))
		return { kind: 'unavailable', key: 'toast.tryAgain', status: 503 }
	if (/ProductNotFound/i.test(code) || /^product not found/i.test(message))
		return { kind: 'productNotFound', key: REGISTRATION_MESSAGES.productNotFound, field: 'product', status: 400 }
	if (/InvalidSerialCode/i.test(code) || /serial number must be/i.test(message))
		return { kind: 'serialLength', key: REGISTRATION_MESSAGES.serialLength, field: 'serialCode', status: 400 }
	if (/InvalidPurchaseDate/i.test(code) || /valid date format/i.test(message))
		return { kind: 'purchaseDate', key: REGISTRATION_MESSAGES.purchaseDate, field: 'purchaseDate', status: 400 }
	if (/NotRegistrable/i.test(code) || /cannot be added in your region/i.test(message))
		return { kind: 'notRegistrable', key: REGISTRATION_MESSAGES.notRegistrable, status: 403 }
	if (/AlreadyRegistered/i.test(code) || /has been added to your account/i.test(message) || failure.status === 409)
		return { kind: 'alreadyRegistered', key: REGISTRATION_MESSAGES.alreadyRegistered, status: 409 }
	if (/RegistrationFailed/i.test(code) || /error has occurred during product registration/i.test(message))
		return { kind: 'failed', key: REGISTRATION_MESSAGES.failed, status: 422 }
	return { kind: 'other', key: 'toast.exception', status: 400 }
}

/** The serial a device's record gives, as the form would take it (of a 16-digit one the last 7). */
export function deviceSerial(device: Pick<Device, 'serial'>): string {
	return isLongSerial(device.serial) ? lastSevenOf(device.serial) : device.serial.trim()
}

/** A registration the user holds, as far as matching devices goes. */
export interface HeldRegistration {
	product: { slug: string; modelCode?: string | null }
	serialCode: string
	status?: string
}

export interface DeviceOffer {
	pcode: string
	modelCode: string
	serialCode: string
	/** The catalogue product; null when the catalogue has no product with the model code. */
	product: Pick<CatalogueProduct, 'slug' | 'name'> | null
	/** The serial cannot be registered as the device reports it (not 7 to 8 letters and digits). */
	serialUnusable: boolean
}

/**
 * The connected devices to offer for registration: those the user has not registered (a failed
 * registration does not count), each with its catalogue product when there is one.
 */
export function deviceOffers(
	devices: readonly Device[],
	held: readonly HeldRegistration[],
	catalogue: readonly CatalogueProduct[],
): DeviceOffer[] {
	const modelOfSlug = new Map(catalogue.map((p) => [p.slug, p.modelCode.toUpperCase()]))
	const registered = new Set(
		held
			.filter((r) => r.status !== 'failed')
			.map((r) => {
				const model = (r.product.modelCode ?? modelOfSlug.get(r.product.slug) ?? '').toUpperCase()
				return `${model}:${r.serialCode.trim().toUpperCase()}`
			}),
	)
	const byModel = new Map(catalogue.map((p) => [p.modelCode.toUpperCase(), p]))
	return devices
		.map((device) => {
			const serialCode = deviceSerial(device)
			const product = byModel.get(device.modelCode.toUpperCase())
			return {
				pcode: device.pcode,
				modelCode: device.modelCode.toUpperCase(),
				serialCode,
				product: product ? { slug: product.slug, name: product.name } : null,
				serialUnusable: !hasSerialLength(serialCode) || !hasSerialAlphabet(serialCode),
			}
		})
		.filter((offer) => !registered.has(`${offer.modelCode}:${offer.serialCode.toUpperCase()}`))
}
