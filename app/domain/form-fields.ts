/**
 * Which fields of the portal's forms may come more than once. A browser sends a name twice only for
 * checkboxes of one group and for a file input taking several files; every other field is one value,
 * and the schemas and rules read it as one. A field given twice anywhere else is bad input, refused
 * before an action sees it (so no rule is ever handed a list where it expects a text).
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

/** The first field given more than once that may not be, or null. */
export function repeatedField(form: FormData): string | null {
	const seen = new Set<string>()
	for (const name of form.keys()) {
		if (seen.has(name) && !isRepeatableField(name)) return name
		seen.add(name)
	}
	return null
}
