/**
 * Which fields of the portal's forms may come more than once, and in what shapes their names come. A
 * browser sends a name twice only for checkboxes of one group and for a file input taking several
 * files; every other field is one value, and the schemas and rules read it as one. A field given twice
 * anywhere else is bad input, refused before an action sees it (so no rule is ever handed a list where
 * it expects a text); so is a name in a list's or an object's shape that no form has.
 */
import { answerFieldName } from './survey-fields.ts'

/** The checkbox groups and multi-file inputs of every form. */
const REPEATABLE_FIELDS: ReadonlySet<string> = new Set([
	// Settings › interests: the interests ticked.
	'interests',
	// Cloud › account: the reward instruments chosen.
	'productIds',
	// Support forms: up to three files.
	'attachments',
])

/** A survey's multiple-choice questions are checkbox groups, one name per question. */
const SURVEY_ANSWER_PREFIX = answerFieldName('')

export function isRepeatableField(name: string): boolean {
	return REPEATABLE_FIELDS.has(name) || name.startsWith(SURVEY_ANSWER_PREFIX)
}

/** The rows of the forms that have them (`phones[0].number`, `parts[1].quantity`): their only list-shaped names. */
const ROW_FIELD = /^(?:phones\[\d{1,2}\]\.(?:id|number|type)|parts\[\d{1,2}\]\.(?:partNumber|description|quantity))$/

/**
 * Whether a name is in a list or object shape (`postalCode[0]`, `postalCode[]`, `postalCode.x`) that no form
 * of the portal sends: conform would hand the schemas a list or an object where a text belongs.
 */
export function isMisshapenField(name: string): boolean {
	return /[[\].]/.test(name) && !ROW_FIELD.test(name)
}

/** The first field given more than once that may not be, or null. */
export function repeatedField(form: FormData): string | null {
	const seen = new Set<string>()
	for (const name of form.keys()) {
		if (seen.has(name) && !isRepeatableField(name)) return name
		seen.add(name)
	}
	return null
}

/** The first field whose name is in a shape no form sends, or null. */
export function misshapenField(form: FormData): string | null {
	for (const name of form.keys()) if (isMisshapenField(name)) return name
	return null
}
