/**
 * The survey form (spec 1 §5 "Questionnaire: an answer is required"): a schema built from the
 * questions the account API gave, one field per question, checked per page and again across every
 * page before the answers are sent. Messages are catalogue keys.
 */
import { z } from 'zod'
import {
	answerFieldName,
	FREE_TEXT_MAX_LENGTH,
	isAnswered,
	type AnswerValue,
	type SurveyAnswers,
	type SurveyQuestion,
} from './survey-fields.ts'

export const SURVEY_MESSAGES = {
	answerRequired: 'survey.answerRequired',
	invalidChoice: 'survey.invalidChoice',
	tooLong: 'survey.tooLong',
} as const

/** A form value as a list: one value, several (checkboxes), or none. */
function asList(value: unknown): unknown[] {
	if (value === undefined || value === null) return []
	return Array.isArray(value) ? value : [value]
}

/** A blank text is no answer (the form sends '' for an empty textarea). */
function asText(value: unknown): unknown {
	const first = Array.isArray(value) ? value[0] : value
	return typeof first === 'string' && first.trim() === '' ? undefined : first
}

/** One question's answer: required or not, a known choice, a text of bounded length. */
export function answerSchema(question: SurveyQuestion): z.ZodType<AnswerValue | undefined> {
	const known = new Set(question.choices.map((choice) => choice.id))
	const choiceId = z
		.string({ error: SURVEY_MESSAGES.invalidChoice })
		.refine((id) => known.has(id), { error: SURVEY_MESSAGES.invalidChoice })
	if (question.type === 'multipleChoice') {
		const ids = z.array(choiceId).max(question.choices.length, { error: SURVEY_MESSAGES.invalidChoice })
		const list = question.required ? ids.min(1, { error: SURVEY_MESSAGES.answerRequired }) : ids
		return z.preprocess(asList, list)
	}
	const text = z.string({ error: SURVEY_MESSAGES.answerRequired }).trim()
	const answer =
		question.type === 'freeText'
			? text.max(FREE_TEXT_MAX_LENGTH, { error: SURVEY_MESSAGES.tooLong })
			: text.pipe(choiceId)
	return z.preprocess(asText, question.required ? answer : answer.optional())
}

/** The form of some questions (a page, or the whole survey): one field per question, by answerFieldName. */
export function surveySchema(questions: readonly SurveyQuestion[]) {
	return z.object(
		Object.fromEntries(questions.map((question) => [answerFieldName(question.id), answerSchema(question)])),
	)
}

/** The answers, by question id, of a parsed form (only questions answered). */
export function answersOfFields(
	questions: readonly SurveyQuestion[],
	fields: Readonly<Record<string, unknown>>,
): SurveyAnswers {
	const answers: SurveyAnswers = {}
	for (const question of questions) {
		const value = fields[answerFieldName(question.id)] as AnswerValue | undefined
		if (isAnswered(value)) answers[question.id] = value!
	}
	return answers
}

export type AnswersCheck =
	| { ok: true; answers: SurveyAnswers }
	| {
			ok: false
			/** Messages by field name. */
			errors: Record<string, string[]>
			/** The first question in error, in the survey's order. */
			questionId: string
	  }

/** Checks kept answers (by question id) against the questions: every required one answered, every value valid. */
export function checkAnswers(questions: readonly SurveyQuestion[], answers: Readonly<SurveyAnswers>): AnswersCheck {
	const fields = Object.fromEntries(questions.map((question) => [answerFieldName(question.id), answers[question.id]]))
	const parsed = surveySchema(questions).safeParse(fields)
	if (parsed.success) return { ok: true, answers: answersOfFields(questions, parsed.data) }
	const errors: Record<string, string[]> = {}
	for (const issue of parsed.error.issues) {
		const field = String(issue.path[0] ?? '')
		errors[field] = [...new Set([...(errors[field] ?? []), issue.message])]
	}
	const first = questions.find((question) => errors[answerFieldName(question.id)])
	return { ok: false, errors, questionId: first?.id ?? questions[0]?.id ?? '' }
}

/**
 * What a page's form holds that can be kept without checking it (going back a page): each valid
 * answer; a missing or invalid one is left out.
 */
export function validAnswersOf(
	questions: readonly SurveyQuestion[],
	fields: Readonly<Record<string, unknown>>,
): SurveyAnswers {
	const answers: SurveyAnswers = {}
	for (const question of questions) {
		const parsed = answerSchema({ ...question, required: false }).safeParse(fields[answerFieldName(question.id)])
		if (parsed.success && isAnswered(parsed.data)) answers[question.id] = parsed.data!
	}
	return answers
}
