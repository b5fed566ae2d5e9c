/**
 * The gear area's workflows of several calls (spec 1 §2, §4, §5, §8; spec 2 §7): a registered
 * product read beside its surveys; "not now" for the survey offered; `submitSurvey` (an answer info,
 * then its answers); `registerProduct` (the registration, then the kept registration card forgotten).
 * The routes (app/routes/gear/) parse, call these and answer.
 */
import type { RouterContextProvider } from 'react-router'
import { readDevices } from '#app/domain/device.ts'
import { ownRegistration } from '#app/domain/gear-list.ts'
import {
	deviceOffers,
	registrationCardOf,
	type CatalogueProduct,
	type DeviceOffer,
	type Registration,
	type RegistrationCard,
} from '#app/domain/product-registration.ts'
import { answerInfoRequest, answersPayload, type SurveyAnswers, type SurveyName } from '#app/domain/survey-fields.ts'
import { guessLimits, limitedGuess } from '#app/limits/rate-limit.server.ts'
import { cachedMe } from '#app/session/me.server.ts'
import type { SessionCredentials } from '#app/session/session.server.ts'
import {
	createAnswerInfo,
	createRegisteredProduct,
	getRegisteredProducts,
	postAnswers,
} from '#app/upstream/account-gear.server.ts'
import { deleteTemporaryData, getTemporaryData } from '#app/upstream/account-identity.server.ts'
import { getDevices } from '#app/upstream/device.server.ts'
import type { RegisteredProduct } from '#app/upstream/contract/account-gear.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { getSurveyDefinitions, type SurveyDefinition } from '#app/upstream/survey-definitions.server.ts'

/**
 * One of the user's registrations, found in their own list (ADR 0051): an id from an address or a
 * form is never sent to the account API on its own, so a forged or stale one (another user's) reaches
 * no call at all, whatever the API would make of it. Undefined when it is not among theirs; the list
 * holds the same records as a read by id, so this costs no more than that read did.
 */
export async function readOwnRegisteredProduct(
	credentials: SessionCredentials,
	registeredProductId: string,
	signal: AbortSignal,
): Promise<RegisteredProduct | undefined> {
	const registrations = await getRegisteredProducts(credentials.accessToken, credentials.userId, signal)
	return ownRegistration(registrations, registeredProductId)
}

/**
 * The user's registered product and the surveys in the culture; the product undefined when it is
 * not theirs (or none). Upstream failures are thrown.
 */
export async function readProductSurveys(
	credentials: SessionCredentials,
	registeredProductId: string,
	culture: string,
	signal: AbortSignal,
): Promise<{ product: RegisteredProduct | undefined; definitions: Map<SurveyName, SurveyDefinition> }> {
	const [product, definitions] = await Promise.all([
		readOwnRegisteredProduct(credentials, registeredProductId, signal),
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

/* ---- Registering a product ---- */

/** The temporary data's purpose a registration card is kept under while its owner signs up. */
const PURPOSE = 'ProductRegistrationUsingQR'

/** The card kept for the user while they signed up, if any (best effort: the form works without it). */
export async function keptCard(credentials: SessionCredentials, signal: AbortSignal): Promise<RegistrationCard | null> {
	const kept = await getTemporaryData(credentials.accessToken, credentials.userId, PURPOSE, { signal }).catch(
		() => null,
	)
	return kept ? registrationCardOf(kept.body) : null
}

/** The connected devices still to register; null when the device API or the user's record cannot say. */
export async function connectedDevices(
	credentials: SessionCredentials,
	signal: AbortSignal,
	catalogue: Promise<CatalogueProduct[]>,
): Promise<DeviceOffer[] | null> {
	try {
		const [records, me, products] = await Promise.all([
			getDevices(credentials.accessToken, credentials.userId, signal),
			cachedMe(credentials, { signal }),
			catalogue,
		])
		return deviceOffers(readDevices(records).devices, me.registeredProducts, products)
	} catch (error) {
		if (!isUpstreamError(error)) throw error
		return null
	}
}

/** `forgetCard`: the kept registration card dropped (best effort: the form works without it). */
export async function forgetRegistrationCard(credentials: SessionCredentials, signal: AbortSignal): Promise<void> {
	await deleteTemporaryData(credentials.accessToken, credentials.userId, PURPOSE, { signal }).catch(() => {})
}

/**
 * A product registered (spec 1 §4, §8): serials are guessable, so the ones the API refuses are
 * counted (ADR 0009); a registration made from the kept card then forgets the card.
 */
export async function registerProduct(
	context: Readonly<RouterContextProvider>,
	credentials: SessionCredentials,
	registration: Registration,
	{ fromCard, signal }: { fromCard: boolean; signal: AbortSignal },
) {
	const created = await limitedGuess(guessLimits(context, credentials.userId), () =>
		createRegisteredProduct(credentials.accessToken, credentials.userId, registration, signal),
	)
	if (fromCard) {
		// The kept card has done its work (best effort: the registration stands either way).
		await forgetRegistrationCard(credentials, signal)
	}
	return created
}
