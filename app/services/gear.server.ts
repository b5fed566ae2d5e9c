/**
 * The gear area's workflows of several calls (spec 1 §2, §4, §5, §8; spec 2 §7): a registered
 * product read beside its surveys; "not now" for the survey offered; `submitSurvey` (an answer info,
 * then its answers); `registerProduct` (the registration, then the kept registration card forgotten).
 * The routes (app/routes/gear/) parse, call these and answer.
 */
import { answerInfoRequest, answersPayload, type SurveyAnswers, type SurveyName } from '#app/domain/survey-fields.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import { createAnswerInfo, getRegisteredProduct, postAnswers } from '#app/upstream/account-gear.server.ts'
import type { RegisteredProduct } from '#app/upstream/contract/account-gear.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { getSurveyDefinitions, type SurveyDefinition } from '#app/upstream/survey-definitions.server.ts'

/**
 * The user's registered product and the surveys in the culture; the product undefined when it is
 * not theirs (or none). Other upstream failures are thrown.
 */
export async function readProductSurveys(
	credentials: SessionCredentials,
	registeredProductId: string,
	culture: string,
	signal: AbortSignal,
): Promise<{ product: RegisteredProduct | undefined; definitions: Map<SurveyName, SurveyDefinition> }> {
	const readProduct = getRegisteredProduct(
		credentials.accessToken,
		credentials.userId,
		registeredProductId,
		signal,
	).catch((error: unknown) => {
		// Another user's product, or none: the API says not found (or refuses); either way there is no survey.
		if (isUpstreamError(error) && error.kind === 'status' && [400, 403, 404].includes(error.status ?? 0))
			return undefined
		throw error
	})
	const [product, definitions] = await Promise.all([
		readProduct,
		getSurveyDefinitions(credentials.accessToken, culture),
	])
	return { product, definitions }
}

/**
 * "Not now" for the survey offered: kept upstream as the survey's answer info without answers, so the
 * offer comes back for its second display (survey-offer.ts) on every device.
 */
export async function putOffSurvey(
	credentials: SessionCredentials,
	definition: SurveyDefinition,
	product: RegisteredProduct,
	signal: AbortSignal,
): Promise<void> {
	await createAnswerInfo(
		credentials.accessToken,
		definition.questionnaire.id,
		answerInfoRequest(credentials.userId, definition.questionnaire.id, product.id),
		signal,
	)
}

/** A survey's answers sent: an answer info for the product, then the answers under it. */
export async function submitSurvey(
	credentials: SessionCredentials,
	definition: SurveyDefinition,
	product: RegisteredProduct,
	answers: SurveyAnswers,
	signal: AbortSignal,
): Promise<void> {
	const info = await createAnswerInfo(
		credentials.accessToken,
		definition.questionnaire.id,
		answerInfoRequest(credentials.userId, definition.questionnaire.id, product.id),
		signal,
	)
	await postAnswers(
		credentials.accessToken,
		definition.questionnaire.id,
		info.id,
		answersPayload(definition.questions, answers),
		signal,
	)
}
