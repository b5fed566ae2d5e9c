/**
 * The Questionnaire screen's data and its form (spec 1 §2, §8): a registered product's surveys and
 * where each stands (survey-offer.ts), with "not now" for the one offered (`putOffSurvey`,
 * app/services/gear.server.ts).
 */
import { data, redirect } from 'react-router'
import { formatLongDate } from '#app/domain/formats.ts'
import { safeReturnPath } from '#app/domain/redirect.ts'
import { questionnairePath, surveyPath } from '#app/domain/survey-fields.ts'
import { surveyOffer, surveyStates } from '#app/domain/survey-offer.ts'
import { redirectWithToast } from '#app/responses.server.ts'
import { putOffSurvey } from '#app/services/gear.server.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { loadProductSurveys, notFound, productName, unavailable, type Args } from './survey-load.server.ts'

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
		await putOffSurvey(credentials, definition, product, args.request.signal)
	} catch (error) {
		unavailable(error)
	}
	return redirectWithToast(args.context, back, { type: 'info', message: 'survey.putOff' })
}
