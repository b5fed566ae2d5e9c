/**
 * The support forms' schemas (spec 1 §5): one per form, built from its fields in support-fields.ts.
 * Every message is a catalogue key tied to its field ('X is required', 'X must be valid.'), and
 * every error is reported at once: the presence and format rules run in one refinement over the
 * whole form, never stopping at the first field that failed.
 */
import { z } from 'zod'
import { EVEN_WITH_FIELD_ERRORS } from './account-forms.ts'
import { isValidPhoneNumber, isValidPostalCode } from './postal-phone.ts'
import { isCalendarDate, isValidPurchaseDate, purchaseDateProblem } from './purchase-details.ts'
import {
	fieldsOf,
	MAX_PART_QUANTITY,
	MAX_PARTS,
	MAX_QUESTION_LENGTH,
	MAX_TEXT_LENGTH,
	partFieldName,
	type PartField,
	type SupportField,
	type SupportForm,
	type SupportOptions,
} from './support-fields.ts'

export interface SupportSchemaOptions {
	/** ja-JP: its extra fields are checked too. */
	japanese: boolean
	/** The latest purchase date allowed (`latestPurchaseDate()`). */
	today: string
	/** The earliest day a demo may be asked for (YYYY-MM-DD). */
	earliestFutureDate: string
	/** The country phone numbers and postal codes are checked for, when the form has no country field. */
	country: string
	/** The values each select may hold. */
	options: Partial<Record<SupportOptions, readonly string[]>>
}

/** A valid form: every field's text (absent ones as '') and the parts rows. */
export interface SupportFormValue {
	fields: Record<string, string>
	parts: Record<PartField, string>[]
}

const TOO_LONG = 'supportForms.tooLong'
const DESCRIPTION_REQUIRED = 'supportForms.descriptionRequired'
const QUANTITY_REQUIRED = 'supportForms.quantityRequired'
const QUANTITY_INVALID = 'supportForms.quantityInvalid'
const TOO_MANY_PARTS = 'supportForms.tooManyParts'
/** A real day after today is not a format error: it says what is wrong. */
const PURCHASE_DATE_FUTURE = 'supportForms.purchaseDateFuture'

const text = (max: number) => z.string().trim().max(max, { error: TOO_LONG }).optional()

function ruleHolds(field: SupportField, value: string, options: SupportSchemaOptions, country: string): boolean {
	switch (field.rule) {
		case 'email':
			return z.email().safeParse(value).success
		case 'phone':
			return isValidPhoneNumber(value, country)
		case 'postalCode':
			return isValidPostalCode(value, country)
		case 'pastDate':
			return isValidPurchaseDate(value, options.today)
		case 'futureDate':
			return isCalendarDate(value) && value >= options.earliestFutureDate
		case 'option':
			return (options.options[field.options!] ?? []).includes(value)
		default:
			return true
	}
}

/** Whether a field must be given, with what the form holds. */
function isRequired(field: SupportField, values: Record<string, unknown>): boolean {
	if (field.required) return true
	return field.requiredWhen !== undefined && values[field.requiredWhen.field] === field.requiredWhen.value
}

export function supportSchema(form: SupportForm, options: SupportSchemaOptions) {
	const fields = fieldsOf(form, options.japanese)
	const shape: Record<string, z.ZodType> = {}
	for (const field of fields)
		shape[field.name] = text(field.kind === 'textarea' ? MAX_QUESTION_LENGTH : MAX_TEXT_LENGTH)
	if (form.parts) {
		shape.parts = z
			.array(
				z.object({
					partNumber: text(MAX_TEXT_LENGTH),
					description: text(MAX_TEXT_LENGTH),
					quantity: text(10),
				}),
			)
			.max(MAX_PARTS, { error: TOO_MANY_PARTS })
			.optional()
	}
	return z
		.object(shape)
		.superRefine((value, ctx) => {
			const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
			const read = (name: string) => (typeof value[name] === 'string' ? (value[name] as string) : '')
			const country = fields.some((field) => field.name === 'country') ? read('country') : options.country
			for (const field of fields) {
				const given = read(field.name)
				if (!given) {
					if (isRequired(field, value)) issue([field.name], field.requiredKey ?? 'supportForms.fieldRequired')
					continue
				}
				if (field.rule === 'pastDate' && purchaseDateProblem(given, options.today) === 'future')
					issue([field.name], PURCHASE_DATE_FUTURE)
				else if (field.rule && !ruleHolds(field, given, options, country))
					issue([field.name], field.invalidKey ?? 'supportForms.fieldInvalid')
			}
			if (!form.parts) return
			const rows = Array.isArray(value.parts) ? (value.parts as Partial<Record<PartField, string>>[]) : []
			if (rows.length > MAX_PARTS) return
			// At least one part; a row left wholly empty (an added one not used) is skipped.
			const used = rows.map((row) => Boolean(row && (row.partNumber || row.description || row.quantity)))
			if (!used.some(Boolean)) {
				issue(['parts', 0, 'description'], DESCRIPTION_REQUIRED)
				issue(['parts', 0, 'quantity'], QUANTITY_REQUIRED)
				return
			}
			rows.forEach((row, index) => {
				if (!used[index]) return
				if (!row.description) issue(['parts', index, 'description'], DESCRIPTION_REQUIRED)
				if (!row.quantity) issue(['parts', index, 'quantity'], QUANTITY_REQUIRED)
				else if (typeof row.quantity !== 'string' || !isQuantity(row.quantity))
					issue(['parts', index, 'quantity'], QUANTITY_INVALID)
			})
		}, EVEN_WITH_FIELD_ERRORS)
		.transform((value): SupportFormValue => {
			const out: Record<string, string> = {}
			for (const field of fields)
				out[field.name] = typeof value[field.name] === 'string' ? (value[field.name] as string) : ''
			const rows = (Array.isArray(value.parts) ? value.parts : []) as Partial<Record<PartField, string>>[]
			return {
				fields: out,
				parts: rows
					.filter((row) => row && (row.partNumber || row.description || row.quantity))
					.map((row) => ({
						partNumber: row.partNumber ?? '',
						description: row.description ?? '',
						quantity: row.quantity ?? '',
					})),
			}
		})
}

export function isQuantity(value: string): boolean {
	return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_PART_QUANTITY
}

/** The name conform gives a part row's field in its errors. */
export { partFieldName }
