/**
 * The survey screens' data and forms (spec 1 §2, §3, §5, §8; spec 2 §7): the Questionnaire screen of a
 * registered product (its surveys and where each stands, with "not now" for the one offered) and the
 * three survey screens (ProductSurvey, ProductSurvey1, ProductSurvey2), each a form of a few pages.
 * The answers of the pages done are kept in the server-side session; the last page sends them all as
 * an answer info and its answers.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { formatLongDate } from '#app/domain/formats.ts'
import { safeReturnPath } from '#app/domain/redirect.ts'
import {
	answerFieldName,
	answerInfoRequest,
	answersPayload,
	formValueOf,
	isAnswered,
	pageOfQuestion,
	questionnairePath,
	surveyPages,
	surveyPath,
	surveyProgressKey,
	withSurveyProgress,
	type SurveyAnswers,
	type SurveyName,
	type SurveyProgress,
	type SurveyQuestion,
} from '#app/domain/survey-fields.ts'
import {
	answersOfFields,
	checkAnswers,
	SURVEY_MESSAGES,
	surveySchema,
	validAnswersOf,
} from '#app/domain/survey-form.ts'
import { answeredDateOf, surveyOffer, surveyStates } from '#app/domain/survey-offer.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { notFound as throwNotFound, redirectWithToast } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { createAnswerInfo, getRegisteredProduct, postAnswers } from '#app/upstream/account-gear.server.ts'
import { AnswerRequiredErrorSchema, type RegisteredProduct } from '#app/upstream/contract/account-gear.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { getSurveyDefinitions, type SurveyDefinition } from '#app/upstream/survey-definitions.server.ts'
import type { FormResult } from '#app/ui/form.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

interface Args {
	request: Request
	context: Readonly<RouterContextProvider>
	params: { registeredProductId?: string }
}

/* ---- What every survey screen loads ---- */

const notFound = () => throwNotFound('survey.notFound')

/** An upstream failure of a read: the error page with the spec's words, never a crash. */
function unavailable(error: unknown): never {
	if (!isUpstreamError(error) || error.cancelled) throw error
	throw data({ errorKey: userMessageKey(error) ?? 'toast.tryAgain' }, { status: 503 })
}

/** The user's registered product and the surveys; undefined when the product is not theirs or not registered. */
async function loadProductSurveys(args: Args) {
	const credentials = await requireCredentials(args.context, args.request)
	const { culture } = args.context.get(preferencesContext)
	const id = args.params.registeredProductId ?? ''
	const readProduct = getRegisteredProduct(credentials.accessToken, credentials.userId, id, args.request.signal).catch(
		(error: unknown) => {
			// Another user's product, or none: the API says not found (or refuses); either way there is no survey.
			if (isUpstreamError(error) && error.kind === 'status' && [400, 403, 404].includes(error.status ?? 0))
				return undefined
			throw error
		},
	)
	let product: RegisteredProduct | undefined
	let definitions: Map<SurveyName, SurveyDefinition>
	try {
		;[product, definitions] = await Promise.all([readProduct, getSurveyDefinitions(credentials.accessToken, culture)])
	} catch (error) {
		unavailable(error)
	}
	if (!product || product.status !== 'completed') return undefined
	return { credentials, culture, product, definitions }
}

const productName = (product: RegisteredProduct) => product.product.name ?? product.product.slug

/* ---- The Questionnaire screen: a product's surveys ---- */

export async function loadQuestionnaire(args: Args) {
	const loaded = await loadProductSurveys(args)
	if (!loaded) return notFound()
	const { product, definitions, culture } = loaded
	const now = Date.now()
	const surveys = surveyStates(product, now).flatMap((state) => {
		const definition = definitions.get(state.survey)
		if (!definition) return []
		const { questionnaire } = definition
		return [
			{
				survey: state.survey,
				state: state.state,
				title: questionnaire.title,
				description: questionnaire.description,
				questionCount: questionnaire.questions.length,
				path: surveyPath(state.survey, product.id),
				date:
					state.state === 'answered'
						? formatLongDate(state.answeredDate, culture)
						: state.state === 'waiting'
							? formatLongDate(state.from, culture)
							: null,
				putOff: state.state === 'offered' && state.putOff,
			},
		]
	})
	if (surveys.length === 0) return notFound()
	return {
		found: true as const,
		product: { id: product.id, name: productName(product), serialCode: product.serialCode },
		surveys,
	}
}

/**
 * "Not now" for the survey offered: kept upstream as the survey's answer info without answers, so the
 * offer comes back for its second display (survey-offer.ts) on every device. Then back where the user was.
 */
export async function questionnaireAction(args: Args) {
	const form = submittedForm(args.context)
	const back = safeReturnPath(
		String(form.get('redirectTo') ?? ''),
		questionnairePath(args.params.registeredProductId ?? ''),
	)
	if (form.get('intent') !== 'later') throw data(null, { status: 400 })
	const loaded = await loadProductSurveys(args)
	if (!loaded) return notFound()
	const { credentials, product, definitions } = loaded
	const offer = surveyOffer(product)
	const definition = offer && definitions.get(offer.survey)
	if (!offer || offer.putOff || !definition || form.get('survey') !== offer.survey) return redirect(back)
	try {
		await createAnswerInfo(
			credentials.accessToken,
			definition.questionnaire.id,
			answerInfoRequest(credentials.userId, definition.questionnaire.id, product.id),
			args.request.signal,
		)
	} catch (error) {
		unavailable(error)
	}
	return redirectWithToast(args.context, back, { type: 'info', message: 'survey.putOff' })
}

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

/** The furthest page the user may be on: no page after one whose required questions are not all answered. */
function furthestPage(questions: readonly SurveyQuestion[], answers: SurveyAnswers): number {
	const pages = surveyPages(questions)
	const incomplete = pages.findIndex((page) => page.some((q) => q.required && !isAnswered(answers[q.id])))
	return incomplete < 0 ? pages.length : incomplete + 1
}

function requestedPage(request: Request): number {
	const page = Number(new URL(request.url).searchParams.get('page') ?? '1')
	return Number.isInteger(page) && page >= 1 ? page : 1
}

/** The form's values for a page's questions from kept answers (as the view reads a 400's initialValue). */
function fieldsOf(questions: readonly SurveyQuestion[], answers: SurveyAnswers): Record<string, string | string[]> {
	const fields: Record<string, string | string[]> = {}
	for (const question of questions) {
		const value = formValueOf(question, answers[question.id])
		if (value !== undefined) fields[answerFieldName(question.id)] = value
	}
	return fields
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
	const page = Math.min(requestedPage(args.request), furthestPage(definition.questions, answers))
	const questions = pages[page - 1]!
	return {
		...header,
		answered: false as const,
		page,
		pageCount: pages.length,
		action: `${surveyPath(survey, product.id)}?page=${page}`,
		questions,
		values: fieldsOf(questions, answers),
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
	const kept: Record<string, string | string[]> = {}
	for (const [name, value] of Object.entries(values)) {
		if (typeof value === 'string') kept[name] = value
		else if (Array.isArray(value)) kept[name] = value.filter((item): item is string => typeof item === 'string')
	}
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
	const pages = surveyPages(questions)
	const kept = progressOf(args.context, load)?.answers ?? {}
	const page = Math.min(requestedPage(args.request), furthestPage(questions, kept), pages.length)
	const pageQuestions = pages[page - 1]!
	const others = Object.fromEntries(
		Object.entries(kept).filter(([id]) => !pageQuestions.some((question) => question.id === id)),
	)
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
		return pageWithErrors(load, at, fieldsOf(pages[at - 1]!, answers), check.errors)
	}
	try {
		const info = await createAnswerInfo(
			credentials.accessToken,
			definition.questionnaire.id,
			answerInfoRequest(credentials.userId, definition.questionnaire.id, product.id),
			args.request.signal,
		)
		await postAnswers(
			credentials.accessToken,
			definition.questionnaire.id,
			info.id,
			answersPayload(questions, check.answers),
			args.request.signal,
		)
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		const missing = requiredQuestionOf(error)
		if (missing !== undefined && questions.some((question) => question.id === missing)) {
			const at = pageOfQuestion(questions, missing)
			return pageWithErrors(load, at, fieldsOf(pages[at - 1]!, answers), {
				[answerFieldName(missing)]: [SURVEY_MESSAGES.answerRequired],
			})
		}
		const outage = error.kind !== 'status' || (error.status ?? 0) >= 500
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
