/**
 * What the support forms' page needs in the browser (spec 1 §3, §9): the part rows, the promise,
 * the attachment types. Apart from the forms' table in `support-fields.ts`, which the server
 * reads and hands to the page as loader data, so the page's script does not carry all sixteen
 * forms.
 */
import type { SupportField } from './support-fields.ts'

/** A registered product in the product select: `registered:<registeredProductId>`. */
export const REGISTERED_PREFIX = 'registered:'

/** Spec 2 §5: a spare-parts request takes up to 3 parts. */
export const MAX_PARTS = 3

/** Spec 1 §9: the promise each page states. */
export const SUPPORT_PROMISE = {
	responseHours: 48,
	partsAcknowledgementHours: 72,
} as const

/** The part's description, also the spare parts enquiry's field. */
export const PART_DESCRIPTION: SupportField = {
	name: 'description',
	label: 'supportForms.description',
	kind: 'text',
	section: 'product',
	required: true,
	requiredKey: 'supportForms.descriptionRequired',
}

/** The part row's fields (parts order). */
export const PART_FIELDS = {
	description: PART_DESCRIPTION,
	quantity: {
		name: 'quantity',
		label: 'supportForms.quantity',
		kind: 'text',
		section: 'product',
		required: true,
		requiredKey: 'supportForms.quantityRequired',
		invalidKey: 'supportForms.quantityInvalid',
	},
	partNumber: {
		name: 'partNumber',
		label: 'supportForms.partNumber',
		kind: 'text',
		section: 'product',
		hint: 'supportForms.optional',
	},
} as const satisfies Record<string, SupportField>
export type PartField = keyof typeof PART_FIELDS
export const PART_FIELD_NAMES = ['partNumber', 'description', 'quantity'] as const satisfies readonly PartField[]
export const partFieldName = (index: number, field: PartField) => `parts[${index}].${field}`

export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/heic,application/pdf'
