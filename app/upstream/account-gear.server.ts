/**
 * The account API's gear calls (spec 2 §7), with the access token:
 * registered products, their answer infos and the product questionnaires.
 * Shapes and messages are in `contract/account-gear.ts`.
 */
import { z } from 'zod'
import {
	AnswerInfoListSchema,
	AnswerInfoSchema,
	QuestionnaireListSchema,
	QuestionnaireSchema,
	RegisteredProductListSchema,
	RegisteredProductSchema,
	type AnswerInfo,
	type CreateAnswerInfoRequest,
	type CreateRegisteredProductRequest,
	type PostAnswersRequest,
	type Questionnaire,
	type RegisteredProduct,
	type UpdateRegisteredProductRequest,
} from './contract/account-gear.ts'
import { upstreamRequest } from './http.server.ts'

const access = (token: string) => ({ kind: 'access', token }) as const
const registeredProductsPath = (userId: string) => `users/${encodeURIComponent(userId)}/registeredProducts`

/** Spec 1 §5: for a 16-digit serial the last 7 characters are the serial number. */
export function serialCodeToRegister(raw: string): string {
	const serial = raw.trim()
	return /^\d{16}$/.test(serial) ? serial.slice(-7) : serial
}

/** `GET users/{id}/registeredProducts`: the user's registered products, oldest first. */
export async function getRegisteredProducts(
	accessToken: string,
	userId: string,
	signal?: AbortSignal,
): Promise<RegisteredProduct[]> {
	return upstreamRequest('account', {
		path: registeredProductsPath(userId),
		auth: access(accessToken),
		schema: RegisteredProductListSchema,
		signal,
	})
}

/** `GET users/{id}/registeredProducts/{rpId}`: one registration, e.g. to see a pending one complete. */
export async function getRegisteredProduct(
	accessToken: string,
	userId: string,
	registeredProductId: string,
	signal?: AbortSignal,
): Promise<RegisteredProduct> {
	return upstreamRequest('account', {
		path: `${registeredProductsPath(userId)}/${encodeURIComponent(registeredProductId)}`,
		auth: access(accessToken),
		schema: RegisteredProductSchema,
		signal,
	})
}

/**
 * `POST users/{id}/registeredProducts`: registers a product. The answer may
 * be `pending` (spec 1 §4); the API's refusals (not found, serial length,
 * region, already registered, failed) are UpstreamErrors with the spec's text.
 */
export async function createRegisteredProduct(
	accessToken: string,
	userId: string,
	registration: CreateRegisteredProductRequest,
	signal?: AbortSignal,
): Promise<RegisteredProduct> {
	const body: CreateRegisteredProductRequest = {
		...registration,
		serialCode: serialCodeToRegister(registration.serialCode),
	}
	return upstreamRequest('account', {
		method: 'POST',
		path: registeredProductsPath(userId),
		body,
		auth: access(accessToken),
		schema: RegisteredProductSchema,
		signal,
	})
}

/** `PUT users/{id}/registeredProducts/{rpId}`: changes the serial or the purchase details. */
export async function updateRegisteredProduct(
	accessToken: string,
	userId: string,
	registeredProductId: string,
	patch: UpdateRegisteredProductRequest,
	signal?: AbortSignal,
): Promise<RegisteredProduct> {
	const body: UpdateRegisteredProductRequest =
		patch.serialCode === undefined ? patch : { ...patch, serialCode: serialCodeToRegister(patch.serialCode) }
	return upstreamRequest('account', {
		method: 'PUT',
		path: `${registeredProductsPath(userId)}/${encodeURIComponent(registeredProductId)}`,
		body,
		auth: access(accessToken),
		schema: RegisteredProductSchema,
		signal,
	})
}

/** `DELETE users/{id}/registeredProducts/{rpId}`: unregisters a product (its answer infos go with it). */
export async function deleteRegisteredProduct(
	accessToken: string,
	userId: string,
	registeredProductId: string,
	signal?: AbortSignal,
): Promise<void> {
	await upstreamRequest('account', {
		method: 'DELETE',
		path: `${registeredProductsPath(userId)}/${encodeURIComponent(registeredProductId)}`,
		auth: access(accessToken),
		schema: z.unknown(),
		signal,
	})
}

/** `GET users/{id}/registeredProducts/{rpId}/answerInfos`: a failure gives an empty list (spec 2 §7). */
export async function getAnswerInfos(
	accessToken: string,
	userId: string,
	registeredProductId: string,
	signal?: AbortSignal,
): Promise<AnswerInfo[]> {
	try {
		return await upstreamRequest('account', {
			path: `${registeredProductsPath(userId)}/${encodeURIComponent(registeredProductId)}/answerInfos`,
			auth: access(accessToken),
			schema: AnswerInfoListSchema,
			signal,
		})
	} catch {
		return []
	}
}

/** Culture codes (`ja-JP`) or cultureCodes master-list ids; the first known one picks the texts (else en-JM). */
export interface QuestionnaireQuery {
	labelIds?: readonly string[]
	cultureCodeIds?: readonly string[]
}

/**
 * `GET questionnaires?labelIds[]=…&cultureCodeIds[]=…`: the surveys carrying any of the labels (all
 * without labels).
 */
export async function getQuestionnaires(
	accessToken: string,
	query: QuestionnaireQuery = {},
	signal?: AbortSignal,
): Promise<Questionnaire[]> {
	return upstreamRequest('account', {
		path: 'questionnaires',
		query: { 'labelIds[]': query.labelIds, 'cultureCodeIds[]': query.cultureCodeIds },
		auth: access(accessToken),
		schema: QuestionnaireListSchema,
		signal,
	})
}

/** `GET questionnaires/{id}`: one survey, by id or name; unknown is 'Survey not found.'. */
export async function getQuestionnaire(
	accessToken: string,
	questionnaireId: string,
	query: Pick<QuestionnaireQuery, 'cultureCodeIds'> = {},
	signal?: AbortSignal,
): Promise<Questionnaire> {
	return upstreamRequest('account', {
		path: `questionnaires/${encodeURIComponent(questionnaireId)}`,
		query: { 'cultureCodeIds[]': query.cultureCodeIds },
		auth: access(accessToken),
		schema: QuestionnaireSchema,
		signal,
	})
}

/**
 * `POST questionnaires/{id}/answerInfos/`: starts (or finds) the user's answer info for a survey about
 * a registered product.
 */
export async function createAnswerInfo(
	accessToken: string,
	questionnaireId: string,
	answerInfo: CreateAnswerInfoRequest,
	signal?: AbortSignal,
): Promise<AnswerInfo> {
	return upstreamRequest('account', {
		method: 'POST',
		path: `questionnaires/${encodeURIComponent(questionnaireId)}/answerInfos/`,
		body: answerInfo,
		auth: access(accessToken),
		schema: AnswerInfoSchema,
		signal,
	})
}

/**
 * `POST questionnaires/{id}/answerInfos/{aid}/answers`: sends the answers.
 * A required question left out is a 400 'An answer is required.' whose body
 * also names it (`questionId`, see AnswerRequiredErrorSchema).
 */
export async function postAnswers(
	accessToken: string,
	questionnaireId: string,
	answerInfoId: string,
	answers: PostAnswersRequest['answers'],
	signal?: AbortSignal,
): Promise<AnswerInfo> {
	const body: PostAnswersRequest = { answers }
	return upstreamRequest('account', {
		method: 'POST',
		path: `questionnaires/${encodeURIComponent(questionnaireId)}/answerInfos/${encodeURIComponent(answerInfoId)}/answers`,
		body,
		auth: access(accessToken),
		schema: AnswerInfoSchema,
		signal,
	})
}
