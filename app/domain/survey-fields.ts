/**
 * The product surveys (spec 1 §2, §3, §5) as the screens need them: the survey names and their
 * addresses, the question types, how a survey is split into pages, the form field of each question,
 * and the answers payload. No zod here: the survey view imports this module, so it goes to the
 * browser; the form's schema is survey-form.ts.
 */

/** Spec 1 §3: the survey names, in the order a registered product is asked them. */
export const SURVEY_NAMES = ['ProductSurvey', 'ProductSurvey1', 'ProductSurvey2'] as const
export type SurveyName = (typeof SURVEY_NAMES)[number]

export function isSurveyName(value: unknown): value is SurveyName {
	return typeof value === 'string' && (SURVEY_NAMES as readonly string[]).includes(value)
}

/** Each survey screen's address (the route table's `surveys/{product,purchase,satisfaction}/:registeredProductId`). */
export const SURVEY_PATH_SEGMENTS: Readonly<Record<SurveyName, string>> = {
	ProductSurvey: 'product',
	ProductSurvey1: 'purchase',
	ProductSurvey2: 'satisfaction',
}

export function surveyPath(survey: SurveyName, registeredProductId: string): string {
	return `/surveys/${SURVEY_PATH_SEGMENTS[survey]}/${encodeURIComponent(registeredProductId)}`
}

/** The Questionnaire screen of a registered product: its surveys, answered or not. */
export function questionnairePath(registeredProductId: string): string {
	return `/questionnaire/${encodeURIComponent(registeredProductId)}`
}

/**
 * The question types the account API's questionnaires carry. A rating is a single choice on a
 * scale whose choices are its points, lowest first.
 */
export const QUESTION_TYPES = ['singleChoice', 'multipleChoice', 'freeText', 'rating'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

export interface SurveyChoice {
	id: string
	text: string
}

export interface SurveyQuestion {
	id: string
	type: QuestionType
	text: string
	required: boolean
	choices: readonly SurveyChoice[]
}

/** An answer as the account API takes it: a choice id or text, or the ids of a multiple choice. */
export type AnswerValue = string | string[]
/** Answers by question id. */
export type SurveyAnswers = Record<string, AnswerValue>

/** The longest free-text answer the account API takes. */
export const FREE_TEXT_MAX_LENGTH = 2000

/** A survey page holds at most this many questions, so a long survey is a few short forms. */
export const QUESTIONS_PER_PAGE = 3

/** The questions of each page, in the survey's order; a survey without questions has no page. */
export function surveyPages<Q>(questions: readonly Q[], perPage = QUESTIONS_PER_PAGE): Q[][] {
	const pages: Q[][] = []
	for (let start = 0; start < questions.length; start += perPage) pages.push(questions.slice(start, start + perPage))
	return pages
}

/** The page (1-based) a question is on. */
export function pageOfQuestion(
	questions: readonly Pick<SurveyQuestion, 'id'>[],
	questionId: string,
	perPage = QUESTIONS_PER_PAGE,
): number {
	const index = questions.findIndex((question) => question.id === questionId)
	return index < 0 ? 1 : Math.floor(index / perPage) + 1
}

/**
 * The form field of a question. Question ids come from the upstream; anything that is not a letter,
 * digit, `_` or `-` is spelt out, so no id can reach into conform's `a.b` / `a[0]` field paths.
 */
export function answerFieldName(questionId: string): string {
	return `q-${questionId.replace(/[^A-Za-z0-9_-]/g, (char) => `_${char.codePointAt(0)}_`)}`
}

/** Whether an answer says anything: a non-blank text, or at least one choice. */
export function isAnswered(value: AnswerValue | undefined): boolean {
	if (value === undefined) return false
	return Array.isArray(value) ? value.length > 0 : value.trim() !== ''
}

/**
 * What an answer looks like in a form's values (conform's `initialValue`, the kept answers): a
 * multiple choice as the list of ids, the rest as one string.
 */
export function formValueOf(question: Pick<SurveyQuestion, 'type'>, value: unknown): AnswerValue | undefined {
	const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
	if (question.type === 'multipleChoice') return list
	return list[0]
}

/**
 * The answers as the account API takes them (`POST questionnaires/{id}/answerInfos/{aid}/answers`):
 * in the survey's order, only questions it has and only those answered, texts trimmed.
 */
export function answersPayload(
	questions: readonly Pick<SurveyQuestion, 'id' | 'type'>[],
	answers: Readonly<SurveyAnswers>,
): { questionId: string; value: AnswerValue }[] {
	return questions.flatMap((question) => {
		const value = formValueOf(question, answers[question.id])
		if (!isAnswered(value)) return []
		return [{ questionId: question.id, value: Array.isArray(value) ? [...new Set(value)] : value!.trim() }]
	})
}

/** The answer info that opens the user's answers to a survey about a registered product (spec 1 §3). */
export function answerInfoRequest(userId: string, questionnaireId: string, registeredProductId: string) {
	return {
		user: { id: userId },
		isDeleted: false,
		questionnaire: { id: questionnaireId },
		product: { id: registeredProductId },
	}
}

/**
 * A survey in progress, kept in the server-side session between its pages (never in the page, where
 * a user could change it): the answers of the pages done so far, by question id.
 */
export interface SurveyProgress {
	questionnaireId: string
	answers: SurveyAnswers
	/** When it was last saved, ms since the epoch: the oldest goes first when too many are kept. */
	savedAt: number
}

/** Surveys in progress by `survey:registeredProductId`. */
export type SurveyProgressStore = Record<string, SurveyProgress>

/** How many surveys in progress a session keeps. */
export const SURVEY_PROGRESS_MAX = 5

export function surveyProgressKey(survey: SurveyName, registeredProductId: string): string {
	return `${survey}:${registeredProductId}`
}

/** The store with one survey's progress saved (or dropped, with undefined), keeping at most SURVEY_PROGRESS_MAX. */
export function withSurveyProgress(
	store: SurveyProgressStore | undefined,
	key: string,
	progress: SurveyProgress | undefined,
): SurveyProgressStore {
	const rest = Object.entries(store ?? {}).filter(([other]) => other !== key)
	const kept = progress ? [...rest, [key, progress] as const] : rest
	kept.sort(([, a], [, b]) => a.savedAt - b.savedAt)
	return Object.fromEntries(kept.slice(-SURVEY_PROGRESS_MAX))
}
