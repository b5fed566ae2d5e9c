/**
 * Which page of a survey a user may be on, and what its form holds (spec 1 §2, §5): a survey is a
 * form of a few pages, answered one page at a time, its answers kept between pages. Pure: the route
 * keeps the answers in the session, the service sends them.
 */
import {
	answerFieldName,
	formValueOf,
	isAnswered,
	surveyPages,
	type SurveyAnswers,
	type SurveyQuestion,
} from './survey-fields.ts'

/** The furthest page the user may be on: no page after one whose required questions are not all answered. */
export function furthestPage(questions: readonly SurveyQuestion[], answers: SurveyAnswers): number {
	const pages = surveyPages(questions)
	const incomplete = pages.findIndex((page) => page.some((q) => q.required && !isAnswered(answers[q.id])))
	return incomplete < 0 ? pages.length : incomplete + 1
}

/** The page a `?page=` asks for: a whole number from 1, anything else the first. */
export function requestedPage(page: string | null): number {
	const number = Number(page ?? '1')
	return Number.isInteger(number) && number >= 1 ? number : 1
}

/** The form's values for a page's questions from kept answers (as the view reads a 400's initialValue). */
export function pageValues(
	questions: readonly SurveyQuestion[],
	answers: SurveyAnswers,
): Record<string, string | string[]> {
	const fields: Record<string, string | string[]> = {}
	for (const question of questions) {
		const value = formValueOf(question, answers[question.id])
		if (value !== undefined) fields[answerFieldName(question.id)] = value
	}
	return fields
}

/** The texts of a posted page, to give back to the form (a multipart post may carry files). */
export function postedTexts(values: Record<string, unknown>): Record<string, string | string[]> {
	const kept: Record<string, string | string[]> = {}
	for (const [name, value] of Object.entries(values)) {
		if (typeof value === 'string') kept[name] = value
		else if (Array.isArray(value)) kept[name] = value.filter((item): item is string => typeof item === 'string')
	}
	return kept
}

/**
 * The page a post is for and the answers kept of the other pages: never past the furthest page the
 * kept answers allow, nor past the last.
 */
export function postedPage(questions: readonly SurveyQuestion[], kept: SurveyAnswers, requested: number) {
	const pages = surveyPages(questions)
	const page = Math.min(requested, furthestPage(questions, kept), pages.length)
	const pageQuestions = pages[page - 1]!
	const others = Object.fromEntries(
		Object.entries(kept).filter(([id]) => !pageQuestions.some((question) => question.id === id)),
	)
	return { pages, page, pageQuestions, others }
}
