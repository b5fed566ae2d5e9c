/**
 * What the gear area's survey screens (the Questionnaire screen and the three surveys) all load: the
 * user's registered product and the surveys, through `readProductSurveys` (app/services/gear.server.ts),
 * and the answers when there is none.
 */
import { data, type RouterContextProvider } from 'react-router'
import type { SurveyName } from '#app/domain/survey-fields.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { notFound as throwNotFound } from '#app/responses.server.ts'
import { readProductSurveys } from '#app/services/gear.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import type { RegisteredProduct } from '#app/upstream/contract/account-gear.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import type { SurveyDefinition } from '#app/upstream/survey-definitions.server.ts'

export interface Args {
	request: Request
	context: Readonly<RouterContextProvider>
	params: { registeredProductId?: string }
}

export const notFound = () => throwNotFound('survey.notFound')

/** An upstream failure of a read: the error page with the spec's words, never a crash. */
export function unavailable(error: unknown): never {
	if (!isUpstreamError(error) || error.cancelled) throw error
	throw data({ errorKey: userMessageKey(error) ?? 'toast.tryAgain' }, { status: 503 })
}

/** The user's registered product and the surveys; undefined when the product is not theirs or not registered. */
export async function loadProductSurveys(args: Args) {
	const credentials = await requireCredentials(args.context, args.request)
	const { culture } = args.context.get(preferencesContext)
	let product: RegisteredProduct | undefined
	let definitions: Map<SurveyName, SurveyDefinition>
	try {
		;({ product, definitions } = await readProductSurveys(
			credentials,
			args.params.registeredProductId ?? '',
			culture,
			args.request.signal,
		))
	} catch (error) {
		unavailable(error)
	}
	if (!product || product.status !== 'completed') return undefined
	return { credentials, culture, product, definitions }
}

export const productName = (product: RegisteredProduct) => product.product.name ?? product.product.slug
