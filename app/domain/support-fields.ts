/**
 * The sixteen support forms of spec 1 §2–§3 as data: each form's fields (label and message keys,
 * kind, rule, which ticket section it belongs to), its tags, whether it takes parts and
 * attachments, and the promise each page states (spec 1 §9). No zod here: the view imports this
 * module, so it goes to the browser; the schemas are built from it in support-form.ts, the ticket
 * in support-ticket.ts. Every key below is a literal, so the catalogue test sees each one.
 */
import { addressOrder, type AddressPart } from './profile-fields.ts'
import { SUPPORT_TABS } from './support-tabs.ts'
import { MAX_PARTS, PART_DESCRIPTION, PART_FIELD_NAMES, partFieldName, type PartField } from './support-form-view.ts'

export {
	ATTACHMENT_ACCEPT,
	MAX_PARTS,
	PART_FIELD_NAMES,
	PART_FIELDS,
	partFieldName,
	REGISTERED_PREFIX,
	SUPPORT_PROMISE,
	type PartField,
} from './support-form-view.ts'

export type SupportTab = (typeof SUPPORT_TABS)[number]

export function isSupportTab(value: unknown): value is SupportTab {
	return typeof value === 'string' && (SUPPORT_TABS as readonly string[]).includes(value)
}

export type SupportFieldKind = 'text' | 'email' | 'tel' | 'date' | 'textarea' | 'select'
/** Where a select's options come from: the loader fills each from master data or a fixed list. */
export type SupportOptions =
	'products' | 'drumBrands' | 'purchaseMethods' | 'categories' | 'countries' | 'os' | 'warrantyCard'
/** Checks beyond presence. */
export type SupportRule = 'email' | 'phone' | 'postalCode' | 'pastDate' | 'futureDate' | 'option'
/** The ticket's sections (spec 2 §9): product information, contact information, the question. */
export type SupportSection = 'product' | 'contact' | 'question'

export interface SupportField {
	name: string
	/** Catalogue key of the label (also the ticket line's label). */
	label: string
	kind: SupportFieldKind
	section: SupportSection
	required?: boolean
	rule?: SupportRule
	options?: SupportOptions
	/** 'X is required' */
	requiredKey?: string
	/** 'X must be valid.' */
	invalidKey?: string
	autoComplete?: string
	/** Shown and checked for ja-JP only (spec 1 §3: extra purchase fields). */
	japaneseOnly?: boolean
	/** Required only when another field holds this value (product support's other product name). */
	requiredWhen?: { field: string; value: string }
	hint?: string
}

/** The product select's value for a product not in the list. */
export const OTHER_PRODUCT = 'other'
export const MAX_TEXT_LENGTH = 200
export const MAX_QUESTION_LENGTH = 5000

// ---------------------------------------------------------------- the fields

const NAME: SupportField = {
	name: 'name',
	label: 'supportForms.name',
	kind: 'text',
	section: 'contact',
	required: true,
	requiredKey: 'supportForms.nameRequired',
	autoComplete: 'name',
}
const EMAIL: SupportField = {
	name: 'email',
	label: 'field.email',
	kind: 'email',
	section: 'contact',
	required: true,
	rule: 'email',
	requiredKey: 'validation.emailRequired',
	invalidKey: 'validation.emailInvalid',
	autoComplete: 'email',
}
const PHONE: SupportField = {
	name: 'phone',
	label: 'supportForms.phone',
	kind: 'tel',
	section: 'contact',
	required: true,
	rule: 'phone',
	requiredKey: 'supportForms.phoneRequired',
	invalidKey: 'supportForms.phoneInvalid',
	autoComplete: 'tel',
}
const OPTIONAL_PHONE: SupportField = { ...PHONE, required: false, hint: 'supportForms.optional' }

const ADDRESS_FIELDS: Record<AddressPart, SupportField> = {
	addressLine1: {
		name: 'addressLine1',
		label: 'supportForms.address1',
		kind: 'text',
		section: 'contact',
		required: true,
		requiredKey: 'supportForms.address1Required',
		autoComplete: 'address-line1',
	},
	addressLine2: {
		name: 'addressLine2',
		label: 'supportForms.address2',
		kind: 'text',
		section: 'contact',
		autoComplete: 'address-line2',
	},
	addressLine3: {
		name: 'addressLine3',
		label: 'supportForms.address3',
		kind: 'text',
		section: 'contact',
		autoComplete: 'address-line3',
	},
	city: {
		name: 'city',
		label: 'supportForms.city',
		kind: 'text',
		section: 'contact',
		required: true,
		requiredKey: 'supportForms.cityRequired',
		autoComplete: 'address-level2',
	},
	stateProvince: {
		name: 'stateProvince',
		label: 'supportForms.state',
		kind: 'text',
		section: 'contact',
		required: true,
		requiredKey: 'supportForms.stateRequired',
		autoComplete: 'address-level1',
	},
	postalCode: {
		name: 'postalCode',
		label: 'supportForms.postalCode',
		kind: 'text',
		section: 'contact',
		required: true,
		rule: 'postalCode',
		requiredKey: 'supportForms.postalCodeRequired',
		invalidKey: 'supportForms.postalCodeInvalid',
		autoComplete: 'postal-code',
	},
}
const COUNTRY: SupportField = {
	name: 'country',
	label: 'field.country',
	kind: 'select',
	options: 'countries',
	section: 'contact',
	required: true,
	rule: 'option',
	requiredKey: 'validation.countryRequired',
	invalidKey: 'validation.countryRequired',
	autoComplete: 'country',
}
/** The address in the western order; `fieldsOf` puts it in the Japanese order for ja-JP (spec 1 §3). */
const ADDRESS: readonly SupportField[] = [...addressOrder(false).map((part) => ADDRESS_FIELDS[part]), COUNTRY]

const PRODUCT: SupportField = {
	name: 'product',
	label: 'supportForms.product',
	kind: 'select',
	options: 'products',
	section: 'product',
	required: true,
	rule: 'option',
	requiredKey: 'supportForms.productRequired',
	invalidKey: 'supportForms.productInvalid',
}
const OPTIONAL_PRODUCT: SupportField = { ...PRODUCT, required: false, hint: 'supportForms.optional' }
const OTHER_PRODUCT_NAME: SupportField = {
	name: 'otherProductName',
	label: 'supportForms.otherProductName',
	kind: 'text',
	section: 'product',
	requiredWhen: { field: 'product', value: OTHER_PRODUCT },
	requiredKey: 'supportForms.otherProductNameRequired',
	hint: 'supportForms.otherProductNameHint',
}
const SERIAL: SupportField = {
	name: 'serialCode',
	label: 'supportForms.serialCode',
	kind: 'text',
	section: 'product',
	hint: 'supportForms.optional',
	autoComplete: 'off',
}
const PURCHASE_DATE: SupportField = {
	name: 'purchaseDate',
	label: 'supportForms.purchaseDate',
	kind: 'date',
	section: 'product',
	required: true,
	rule: 'pastDate',
	requiredKey: 'supportForms.purchaseDateRequired',
	invalidKey: 'supportForms.purchaseDateInvalid',
}
const OPTIONAL_PURCHASE_DATE: SupportField = { ...PURCHASE_DATE, required: false, hint: 'supportForms.optional' }
const PURCHASE_METHOD: SupportField = {
	name: 'purchaseMethod',
	label: 'supportForms.purchaseMethod',
	kind: 'select',
	options: 'purchaseMethods',
	section: 'product',
	rule: 'option',
	invalidKey: 'supportForms.purchaseMethodInvalid',
	hint: 'supportForms.optional',
}
const DEALER: SupportField = {
	name: 'purchaseDealer',
	label: 'supportForms.dealer',
	kind: 'text',
	section: 'product',
	hint: 'supportForms.optional',
}
/** ja-JP's extra purchase fields (spec 1 §3, spec 2 §9): where the dealer is, and the warranty card. */
const DEALER_ADDRESS: SupportField = {
	name: 'dealerAddress',
	label: 'supportForms.dealerAddress',
	kind: 'text',
	section: 'product',
	japaneseOnly: true,
	hint: 'supportForms.optional',
}
const WARRANTY_CARD: SupportField = {
	name: 'warrantyCard',
	label: 'supportForms.warrantyCard',
	kind: 'select',
	options: 'warrantyCard',
	section: 'product',
	japaneseOnly: true,
	required: true,
	rule: 'option',
	requiredKey: 'supportForms.warrantyCardRequired',
	invalidKey: 'supportForms.warrantyCardRequired',
}
const SUBJECT: SupportField = {
	name: 'subject',
	label: 'supportForms.subject',
	kind: 'text',
	section: 'question',
	required: true,
	requiredKey: 'supportForms.subjectRequired',
}
const QUESTION: SupportField = {
	name: 'question',
	label: 'supportForms.question',
	kind: 'textarea',
	section: 'question',
	required: true,
	requiredKey: 'supportForms.questionRequired',
}
const ISSUE: SupportField = {
	...QUESTION,
	label: 'supportForms.issue',
	requiredKey: 'supportForms.issueRequired',
}
const COMMENT: SupportField = {
	name: 'question',
	label: 'supportForms.comment',
	kind: 'textarea',
	section: 'question',
	hint: 'supportForms.optional',
}
const BRAND: SupportField = {
	name: 'brand',
	label: 'supportForms.brand',
	kind: 'select',
	options: 'drumBrands',
	section: 'product',
	required: true,
	rule: 'option',
	requiredKey: 'supportForms.brandRequired',
	invalidKey: 'supportForms.brandRequired',
}
const PRODUCT_ID: SupportField = {
	name: 'productId',
	label: 'supportForms.productId',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.productIdRequired',
	hint: 'supportForms.productIdHint',
}
const PRODUCT_DESCRIPTION: SupportField = {
	name: 'productDescription',
	label: 'supportForms.productDescription',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.productDescriptionRequired',
}
const OS: SupportField = {
	name: 'os',
	label: 'supportForms.os',
	kind: 'select',
	options: 'os',
	section: 'product',
	required: true,
	rule: 'option',
	requiredKey: 'supportForms.osRequired',
	invalidKey: 'supportForms.osRequired',
}
const OS_VERSION: SupportField = {
	name: 'osVersion',
	label: 'supportForms.osVersion',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.osVersionRequired',
}
const AUDIO_INTERFACE: SupportField = {
	name: 'audioInterface',
	label: 'supportForms.audioInterface',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.audioInterfaceRequired',
}
const ORDER_NUMBER: SupportField = {
	name: 'orderNumber',
	label: 'supportForms.orderNumber',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.orderNumberRequired',
	autoComplete: 'off',
}
const RA_NUMBER: SupportField = {
	name: 'raNumber',
	label: 'supportForms.raNumber',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.raNumberRequired',
	hint: 'supportForms.raNumberHint',
	autoComplete: 'off',
}
const CATEGORY: SupportField = {
	name: 'productCategory',
	label: 'supportForms.productCategory',
	kind: 'select',
	options: 'categories',
	section: 'product',
	required: true,
	rule: 'option',
	requiredKey: 'supportForms.productCategoryRequired',
	invalidKey: 'supportForms.productCategoryRequired',
}
const ZIP: SupportField = {
	...ADDRESS_FIELDS.postalCode,
	label: 'supportForms.zipCode',
	section: 'contact',
	requiredKey: 'supportForms.zipCodeRequired',
	invalidKey: 'supportForms.zipCodeInvalid',
}
const PREFERRED_DATE: SupportField = {
	name: 'preferredDate',
	label: 'supportForms.preferredDate',
	kind: 'date',
	section: 'question',
	rule: 'futureDate',
	invalidKey: 'supportForms.preferredDateInvalid',
	hint: 'supportForms.optional',
}

// ---------------------------------------------------------------- the forms

/**
 * How the ticket is built: a question with the form's tags, or a service request
 * (spec 2 §9: '{brand} Service Request', type service_request, category question).
 */
export type SupportTicketKind = 'question' | 'serviceRequest'
/** Where the ticket's brand comes from: the chosen product's, the brand field, or the portal's theme. */
export type SupportBrandSource = 'product' | 'brandField' | 'theme'

export interface SupportForm {
	tab: SupportTab
	/** The tab group that shows it in the tab bar (spec 1 §2). */
	group: 'main' | 'drums'
	/** Of the ten form tags of spec 2 §9, and the form's own id where it has none of its own. */
	tags: readonly string[]
	kind: SupportTicketKind
	brandFrom: SupportBrandSource
	fields: readonly SupportField[]
	/** Rows of parts, up to MAX_PARTS (parts order). */
	parts?: boolean
	/** Photos of the damage and proof of purchase. */
	attachments?: boolean
	/** The page's one-line purpose. */
	intro: string
	/** What the ticket's subject says after the form's name, when the customer gave it. */
	subjectFrom?: readonly string[]
}

const CONTACT = [NAME, EMAIL] as const
const DRUM_PRODUCT = [BRAND, PRODUCT_ID, PRODUCT_DESCRIPTION, PURCHASE_DATE] as const

export const SUPPORT_FORMS: Readonly<Record<SupportTab, SupportForm>> = {
	service_request: {
		tab: 'service_request',
		group: 'main',
		tags: ['service_request'],
		kind: 'serviceRequest',
		brandFrom: 'product',
		attachments: true,
		intro: 'supportForms.introServiceRequest',
		fields: [
			PRODUCT,
			SERIAL,
			PURCHASE_DATE,
			PURCHASE_METHOD,
			DEALER,
			DEALER_ADDRESS,
			WARRANTY_CARD,
			...CONTACT,
			PHONE,
			...ADDRESS,
			ISSUE,
		],
	},
	parts_order_request: {
		tab: 'parts_order_request',
		group: 'main',
		tags: ['parts_order_request'],
		kind: 'question',
		brandFrom: 'product',
		parts: true,
		attachments: true,
		intro: 'supportForms.introPartsOrder',
		fields: [OPTIONAL_PRODUCT, ...CONTACT, PHONE, ...ADDRESS, COMMENT],
	},
	repair_status: {
		tab: 'repair_status',
		group: 'main',
		tags: ['repair_status'],
		kind: 'question',
		brandFrom: 'theme',
		intro: 'supportForms.introRepairStatus',
		subjectFrom: ['raNumber'],
		fields: [RA_NUMBER, ...CONTACT, PHONE, COMMENT],
	},
	order_status: {
		tab: 'order_status',
		group: 'main',
		tags: ['order_status'],
		kind: 'question',
		brandFrom: 'theme',
		intro: 'supportForms.introOrderStatus',
		subjectFrom: ['orderNumber'],
		fields: [ORDER_NUMBER, ...CONTACT, PHONE, COMMENT],
	},
	pre_sales_advice: {
		tab: 'pre_sales_advice',
		group: 'main',
		tags: ['pre_sales_advice'],
		kind: 'question',
		brandFrom: 'product',
		intro: 'supportForms.introPreSales',
		fields: [CATEGORY, OPTIONAL_PRODUCT, ...CONTACT, ZIP, OPTIONAL_PHONE, QUESTION],
	},
	book_a_demo: {
		tab: 'book_a_demo',
		group: 'main',
		tags: ['pre_sales_advice', 'book_a_demo'],
		kind: 'question',
		brandFrom: 'product',
		intro: 'supportForms.introBookDemo',
		fields: [PRODUCT, ...CONTACT, PHONE, ZIP, PREFERRED_DATE, COMMENT],
	},
	product_aftercare: {
		tab: 'product_aftercare',
		group: 'main',
		tags: ['product_support', 'product_aftercare'],
		kind: 'question',
		brandFrom: 'product',
		intro: 'supportForms.introAftercare',
		subjectFrom: ['subject'],
		fields: [PRODUCT, SERIAL, OPTIONAL_PURCHASE_DATE, ...CONTACT, SUBJECT, QUESTION],
	},
	product_support: {
		tab: 'product_support',
		group: 'main',
		tags: ['product_support'],
		kind: 'question',
		brandFrom: 'product',
		intro: 'supportForms.introProductSupport',
		subjectFrom: ['subject'],
		fields: [PRODUCT, OTHER_PRODUCT_NAME, ...CONTACT, SUBJECT, QUESTION],
	},
	product_repair: {
		tab: 'product_repair',
		group: 'main',
		tags: ['product_repair'],
		kind: 'question',
		brandFrom: 'product',
		attachments: true,
		intro: 'supportForms.introProductRepair',
		fields: [PRODUCT, SERIAL, PURCHASE_DATE, ...CONTACT, PHONE, ...ADDRESS, ISSUE],
	},
	spare_parts_enquiry: {
		tab: 'spare_parts_enquiry',
		group: 'main',
		tags: ['spare_parts_enquiry'],
		kind: 'question',
		brandFrom: 'product',
		intro: 'supportForms.introSparePartsEnquiry',
		fields: [PRODUCT, SERIAL, PART_DESCRIPTION, ...CONTACT, OPTIONAL_PHONE, QUESTION],
	},
	dw_product_support: {
		tab: 'dw_product_support',
		group: 'drums',
		tags: ['dwdrums_support'],
		kind: 'question',
		brandFrom: 'brandField',
		intro: 'supportForms.introDrumProductSupport',
		fields: [...DRUM_PRODUCT, ...CONTACT, PHONE, ...ADDRESS, QUESTION],
	},
	dwe_product_support: {
		tab: 'dwe_product_support',
		group: 'drums',
		tags: ['dwe_support'],
		kind: 'question',
		brandFrom: 'brandField',
		intro: 'supportForms.introDweProductSupport',
		fields: [...DRUM_PRODUCT, OS, OS_VERSION, AUDIO_INTERFACE, ...CONTACT, PHONE, ...ADDRESS, QUESTION],
	},
	dw_order_support: {
		tab: 'dw_order_support',
		group: 'drums',
		tags: ['dwdrums_support', 'dw_order_support'],
		kind: 'question',
		brandFrom: 'brandField',
		intro: 'supportForms.introDrumOrderSupport',
		subjectFrom: ['orderNumber'],
		fields: [ORDER_NUMBER, PURCHASE_DATE, BRAND, ...CONTACT, OPTIONAL_PHONE, QUESTION],
	},
	dw_service_inquiry: {
		tab: 'dw_service_inquiry',
		group: 'drums',
		tags: ['dwdrums_support', 'dw_service_inquiry'],
		kind: 'question',
		brandFrom: 'brandField',
		intro: 'supportForms.introDrumServiceInquiry',
		subjectFrom: ['subject'],
		fields: [BRAND, PRODUCT_ID, PURCHASE_DATE, ...CONTACT, PHONE, SUBJECT, QUESTION],
	},
	dw_service_request: {
		tab: 'dw_service_request',
		group: 'drums',
		tags: ['service_request', 'dwdrums_support'],
		kind: 'serviceRequest',
		brandFrom: 'brandField',
		attachments: true,
		intro: 'supportForms.introDrumServiceRequest',
		fields: [
			...DRUM_PRODUCT,
			SERIAL,
			PURCHASE_METHOD,
			DEALER,
			DEALER_ADDRESS,
			WARRANTY_CARD,
			...CONTACT,
			PHONE,
			...ADDRESS,
			ISSUE,
		],
	},
	dw_brands_product_support: {
		tab: 'dw_brands_product_support',
		group: 'drums',
		tags: ['dwdrums_support', 'dw_brands_product_support'],
		kind: 'question',
		brandFrom: 'brandField',
		intro: 'supportForms.introDrumBrandsProductSupport',
		fields: [...DRUM_PRODUCT, ...CONTACT, OPTIONAL_PHONE, QUESTION],
	},
}

/** Each form's name (its tab's label), as a literal key for the ticket's subject. */
export const SUPPORT_FORM_TITLES: Readonly<Record<SupportTab, string>> = {
	service_request: 'tab.service_request',
	parts_order_request: 'tab.parts_order_request',
	repair_status: 'tab.repair_status',
	order_status: 'tab.order_status',
	pre_sales_advice: 'tab.pre_sales_advice',
	book_a_demo: 'tab.book_a_demo',
	product_aftercare: 'tab.product_aftercare',
	product_support: 'tab.product_support',
	product_repair: 'tab.product_repair',
	spare_parts_enquiry: 'tab.spare_parts_enquiry',
	dw_product_support: 'tab.dw_product_support',
	dwe_product_support: 'tab.dwe_product_support',
	dw_order_support: 'tab.dw_order_support',
	dw_service_inquiry: 'tab.dw_service_inquiry',
	dw_service_request: 'tab.dw_service_request',
	dw_brands_product_support: 'tab.dw_brands_product_support',
}

export const MAX_PART_QUANTITY = 99

/** The fields a form shows in a culture, in order: ja-JP's extra fields, and its address order (spec 1 §3). */
export function fieldsOf(form: SupportForm, japanese: boolean): SupportField[] {
	const fields = form.fields.filter((field) => japanese || !field.japaneseOnly)
	if (!japanese) return fields
	const order = addressOrder(true) as readonly string[]
	const addressAt = fields.findIndex((field) => order.includes(field.name))
	if (addressAt < 0) return fields
	const address = order.map((name) => fields.find((field) => field.name === name)!).filter(Boolean)
	const rest = fields.filter((field) => !order.includes(field.name))
	return [...rest.slice(0, addressAt), ...address, ...rest.slice(addressAt)]
}

/** The forms of a tab group (the tab bar's), in the spec's order. */
export function supportTabsOf(group: 'main' | 'drums'): SupportTab[] {
	return SUPPORT_TABS.filter((tab) => SUPPORT_FORMS[tab].group === group)
}

/** Forms that take files: their posts may be multipart and large (ADR 0021). */
export const ATTACHMENT_TABS: readonly SupportTab[] = SUPPORT_TABS.filter((tab) => SUPPORT_FORMS[tab].attachments)

/** Spec-given limits of attachments (the issue): 3 files, 10 MB each. */
export const MAX_ATTACHMENTS = 3
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024

/** What the form holds as typed: every field's text, and the part rows. */
export interface SupportValues {
	fields: Record<string, string>
	parts: Record<PartField, string>[]
}

export const emptyPart = (): Record<PartField, string> => ({ partNumber: '', description: '', quantity: '' })

type FormFields = { get(name: string): FormDataEntryValue | null; has(name: string): boolean }

/** What was typed, as typed (files left out), to show the form again. */
export function supportValuesFromForm(form: SupportForm, data: FormFields): SupportValues {
	const text = (name: string) => {
		const value = data.get(name)
		return typeof value === 'string' ? value : ''
	}
	const fields: Record<string, string> = {}
	for (const field of form.fields) fields[field.name] = text(field.name)
	const parts: Record<PartField, string>[] = []
	if (form.parts) {
		// Rows beyond the third are not read: the schema refuses them (see support-form.ts).
		for (let index = 0; index < MAX_PARTS; index++) {
			if (!PART_FIELD_NAMES.some((name) => data.has(partFieldName(index, name)))) break
			parts.push({
				partNumber: text(partFieldName(index, 'partNumber')),
				description: text(partFieldName(index, 'description')),
				quantity: text(partFieldName(index, 'quantity')),
			})
		}
		if (parts.length === 0) parts.push(emptyPart())
	}
	return { fields, parts }
}

/** The form with one more part row, unless it has three. */
export function withAddedPart(values: SupportValues): SupportValues {
	if (values.parts.length >= MAX_PARTS) return values
	return { ...values, parts: [...values.parts, emptyPart()] }
}

/** Reference numbers the portal shows (the outbox's): letters, digits and dashes. */
export function isReference(value: string | null): value is string {
	return typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value)
}

/** The operating systems of the DWe form (spec 1 §3). */
export const OS_OPTIONS = [
	{ value: 'windows', label: 'supportForms.osWindows' },
	{ value: 'macos', label: 'supportForms.osMacos' },
] as const
export const WARRANTY_CARD_OPTIONS = [
	{ value: 'yes', label: 'supportForms.warrantyCardYes' },
	{ value: 'no', label: 'supportForms.warrantyCardNo' },
] as const
