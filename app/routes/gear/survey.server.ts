/**
 * The survey screens' data and forms (spec 1 §2, §3, §5, §8; spec 2 §7): the three survey screens
 * (ProductSurvey, ProductSurvey1, ProductSurvey2), each a form of a few pages (which page: app/domain/
 * survey-pages.ts). The answers of the pages done are kept in the server-side session; the last page
 * sends them all (`submitSurvey`, app/services/gear.server.ts). The Questionnaire screen, which shares
 * the product's read, is questionnaire.server.ts.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import {
	answerFieldName,
	pageOfQuestion,
	questionnairePath,
	surveyPages,
	surveyPath,
	surveyProgressKey,
	withSurveyProgress,
	type SurveyAnswers,
	type SurveyName,
	type SurveyProgress,
} from '#app/domain/survey-fields.ts'
import {
	answersOfFields,
	checkAnswers,
	SURVEY_MESSAGES,
	surveySchema,
	validAnswersOf,
} from '#app/domain/survey-form.ts'
import { formatLongDate } from '#app/domain/formats.ts'
import { answeredDateOf } from '#app/domain/survey-offer.ts'
import { furthestPage, pageValues, postedPage, postedTexts, requestedPage } from '#app/domain/survey-pages.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { redirectWithToast } from '#app/responses.server.ts'
import { submitSurvey } from '#app/services/gear.server.ts'
import { AnswerRequiredErrorSchema } from '#app/upstream/contract/account-gear.ts'
import { isOutage, isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import type { SurveyDefinition } from '#app/upstream/survey-definitions.server.ts'
import type { FormResult } from '#app/ui/form.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { loadProductSurveys, notFound, productName, type Args } from './survey-load.server.ts'

/* ---- A survey screen ---- */

type SurveyLoad = NonNullable<Awaited<ReturnType<typeof loadProductSurveys>>> & {
	survey: SurveyName
	definition: SurveyDefinition
}

async function loadOneSurvey(args: Args, survey: SurveyName): Promise<SurveyLoad | undefined> {
	const loaded = await loadProductSurveys(args)
	const definition = loaded?.definitions.get(survey)
	if (!loaded || !definition || definition.questions.length === 0) return undefined
	return { ...loaded, survey, definition }
}

function progressOf(context: Args['context'], load: SurveyLoad): SurveyProgress | undefined {
	const stored = context.get(sessionContext).get('surveyProgress')?.[surveyProgressKey(load.survey, load.product.id)]
	// Answers to another version of the survey would not fit its questions.
	return stored?.questionnaireId === load.definition.questionnaire.id ? stored : undefined
}

function saveProgress(context: Args['context'], load: SurveyLoad, answers: SurveyAnswers | undefined): void {
	const session = context.get(sessionContext)
	const key = surveyProgressKey(load.survey, load.product.id)
	const progress = answers && { questionnaireId: load.definition.questionnaire.id, answers, savedAt: Date.now() }
	session.set('surveyProgress', withSurveyProgress(session.get('surveyProgress'), key, progress))
}

export async function loadSurvey(args: Args, survey: SurveyName) {
	const load = await loadOneSurvey(args, survey)
	if (!load) return notFound()
	const { product, definition, culture } = load
	const header = {
		found: true as const,
		survey,
		title: definition.questionnaire.title,
		description: definition.questionnaire.description,
		product: { id: product.id, name: productName(product), serialCode: product.serialCode },
		questionnairePath: questionnairePath(product.id),
	}
	const answeredDate = answeredDateOf(product, survey)
	if (answeredDate) return { ...header, answered: true as const, answeredDate: formatLongDate(answeredDate, culture) }
	const answers = progressOf(args.context, load)?.answers ?? {}
	const pages = surveyPages(definition.questions)
	const page = Math.min(
		requestedPage(new URL(args.request.url).searchParams.get('page')),
		furthestPage(definition.questions, answers),
	)
	const questions = pages[page - 1]!
	return {
		...header,
		answered: false as const,
		page,
		pageCount: pages.length,
		action: `${surveyPath(survey, product.id)}?page=${page}`,
		questions,
		values: pageValues(questions, answers),
	}
}

/** A page of the survey again with its errors (400), the answers as given kept. */
function pageWithErrors(
	load: SurveyLoad,
	page: number,
	values: Record<string, unknown>,
	errors: Record<string, string[]>,
	status = 400,
) {
	const questions = surveyPages(load.definition.questions)[page - 1] ?? []
	// Only texts go back to the page (a multipart post may carry files).
	const kept = postedTexts(values)
	const result: FormResult = { status: 'error', initialValue: kept, error: errors }
	return data(
		{
			result,
			page,
			action: `${surveyPath(load.survey, load.product.id)}?page=${page}`,
			questions,
		},
		{ status },
	)
}

/** The questionId a 400 'An answer is required.' names, if the account API said that. */
function requiredQuestionOf(error: unknown): string | undefined {
	if (!isUpstreamError(error) || error.status !== 400) return undefined
	const body = AnswerRequiredErrorSchema.safeParse(error.body)
	return body.success ? body.data.questionId : undefined
}

/**
 * A page's form: "back" keeps what is valid and goes back a page; "next" checks the page, keeps it and
 * goes on; on the last page, "send" checks every page and sends the answers (an answer info, then its
 * answers), then the survey's page thanks the user with the spec's 'You have sent successfully.'.
 */
export async function surveyAction(args: Args, survey: SurveyName) {
	const form = submittedForm(args.context)
	const load = await loadOneSurvey(args, survey)
	if (!load) return notFound()
	const { product, definition, credentials } = load
	const here = surveyPath(survey, product.id)
	if (answeredDateOf(product, survey)) return redirect(here)

	const questions = definition.questions
	const kept = progressOf(args.context, load)?.answers ?? {}
	const requested = requestedPage(new URL(args.request.url).searchParams.get('page'))
	const { pages, page, pageQuestions, others } = postedPage(questions, kept, requested)
	const submission = parseWithZod(form, { schema: surveySchema(pageQuestions), disableAutoCoercion: true })
	const intent = form.get('intent')

	if (intent === 'back') {
		saveProgress(args.context, load, { ...others, ...validAnswersOf(pageQuestions, submission.payload) })
		return redirect(`${here}?page=${Math.max(1, page - 1)}`)
	}
	if (submission.status !== 'success')
		return pageWithErrors(load, page, submission.payload, (submission.error ?? {}) as Record<string, string[]>)
	const answers = { ...others, ...answersOfFields(pageQuestions, submission.value) }
	saveProgress(args.context, load, answers)
	if (page < pages.length) return redirect(`${here}?page=${page + 1}`)

	const check = checkAnswers(questions, answers)
	if (!check.ok) {
		const at = pageOfQuestion(questions, check.questionId)
		return pageWithErrors(load, at, pageValues(pages[at - 1]!, answers), check.errors)
	}
	try {
		await submitSurvey(credentials, definition, product, check.answers, args.request.signal)
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		const missing = requiredQuestionOf(error)
		if (missing !== undefined && questions.some((question) => question.id === missing)) {
			const at = pageOfQuestion(questions, missing)
			return pageWithErrors(load, at, pageValues(pages[at - 1]!, answers), {
				[answerFieldName(missing)]: [SURVEY_MESSAGES.answerRequired],
			})
		}
		const outage = isOutage(error)
		return pageWithErrors(
			load,
			page,
			submission.payload,
			{ '': [userMessageKey(error) ?? 'toast.tryAgain'] },
			outage ? 503 : 400,
		)
	}
	saveProgress(args.context, load, undefined)
	return redirectWithToast(args.context, here, { type: 'success', message: 'toast.sent' })
}
