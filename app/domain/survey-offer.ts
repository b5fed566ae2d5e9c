/**
 * When a registered product's survey is offered (spec 1 §3, §9). The three surveys are asked one
 * after another: the product survey as soon as the registration is done, each next one a survey
 * update time (43200 s) after the last answer, so two surveys are never asked in one sitting. An
 * answered survey is never offered again. An offer the user put off ("not now", kept upstream as an
 * answer info without answers) comes back for its second display 129600 s later, and then stays
 * until it is answered. Pure: the caller passes the product as the account API gave it, and now.
 */
import { SURVEY_NAMES, surveyPath, type SurveyName } from './survey-fields.ts'

/** Spec 1 §9: survey second display time. */
export const SURVEY_SECOND_DISPLAY_SECONDS = 129600
/** Spec 1 §9: survey update time. */
export const SURVEY_UPDATE_SECONDS = 43200

/** What the rules read of an answer info (spec 1 §3 questionnaire answer info). */
export interface SurveyAnswerInfoLike {
	isDeleted: boolean
	questionnaire: { name: string }
	/** Null until its answers were sent. */
	answeredDate: string | null
	createDate: string
}

/** What the rules read of a registered product (a `RegisteredProduct` of the account API fits). */
export interface SurveyOfferProduct {
	id: string
	status: string
	/** When it was registered. */
	createDate: string
	answerInfos: readonly SurveyAnswerInfoLike[]
}

export type SurveyState =
	| { survey: SurveyName; state: 'answered'; answeredDate: string }
	/** Offered now; `putOff` once the user said "not now" (it then stays until answered). */
	| { survey: SurveyName; state: 'offered'; putOff: boolean }
	/** Next in line, offered from `from` (ISO). */
	| { survey: SurveyName; state: 'waiting'; from: string }
	/** After the one in line. */
	| { survey: SurveyName; state: 'later' }

export interface SurveyOffer {
	survey: SurveyName
	/** The survey screen. */
	path: string
	/** Whether the user already put it off once: no "not now" the second time. */
	putOff: boolean
}

const time = (iso: string): number => {
	const ms = Date.parse(iso)
	return Number.isNaN(ms) ? 0 : ms
}

const liveInfosOf = (product: SurveyOfferProduct, survey: SurveyName) =>
	product.answerInfos.filter((info) => !info.isDeleted && info.questionnaire.name === survey)

/** When the survey was answered (ISO), if it was. */
export function answeredDateOf(product: SurveyOfferProduct, survey: SurveyName): string | undefined {
	const answered = liveInfosOf(product, survey)
		.map((info) => info.answeredDate)
		.filter((date): date is string => date !== null)
	return answered.sort((a, b) => time(a) - time(b))[0]
}

/** When the user put the survey off (ISO): an answer info opened without answers. */
function putOffDateOf(product: SurveyOfferProduct, survey: SurveyName): string | undefined {
	const opened = liveInfosOf(product, survey).filter((info) => info.answeredDate === null)
	return opened.map((info) => info.createDate).sort((a, b) => time(a) - time(b))[0]
}

/** Every survey of a product and where it stands now; none for a registration that is not done. */
export function surveyStates(product: SurveyOfferProduct, now: Date | number = Date.now()): SurveyState[] {
	if (product.status !== 'completed') return []
	const nowMs = typeof now === 'number' ? now : now.getTime()
	const answered = SURVEY_NAMES.map((survey) => answeredDateOf(product, survey))
	const lastAnswer = Math.max(...answered.map((date) => (date === undefined ? -Infinity : time(date))))
	let inLine = false
	return SURVEY_NAMES.map((survey, index): SurveyState => {
		const answeredDate = answered[index]
		if (answeredDate !== undefined) return { survey, state: 'answered', answeredDate }
		if (inLine) return { survey, state: 'later' }
		inLine = true
		const putOff = putOffDateOf(product, survey)
		const from = Math.max(
			Number.isFinite(lastAnswer) ? lastAnswer + SURVEY_UPDATE_SECONDS * 1000 : time(product.createDate),
			putOff === undefined ? -Infinity : time(putOff) + SURVEY_SECOND_DISPLAY_SECONDS * 1000,
		)
		return nowMs >= from
			? { survey, state: 'offered', putOff: putOff !== undefined }
			: { survey, state: 'waiting', from: new Date(from).toISOString() }
	})
}

/**
 * The survey to offer now for a registered product, or null: none for a registration not done,
 * none once all are answered, none while the next one waits for its time.
 */
export function surveyOffer(product: SurveyOfferProduct, now: Date | number = Date.now()): SurveyOffer | null {
	for (const state of surveyStates(product, now)) {
		if (state.state === 'offered')
			return { survey: state.survey, path: surveyPath(state.survey, product.id), putOff: state.putOff }
	}
	return null
}
