/**
 * The product surveys (spec 1 §2 ProductSurvey, ProductSurvey1, ProductSurvey2): one module for the
 * three routes `/surveys/{product,purchase,satisfaction}/:registeredProductId`; the screen the guard
 * matched names the survey. A survey is a form of a few pages that works without JavaScript: each page
 * posts to the server, which keeps its answers in the session (survey.server.ts).
 */
import { useId } from 'react'
import { Form, Link } from 'react-router'
import type { Route } from './+types/product-survey'
import { isSurveyName, answerFieldName, type SurveyName, type SurveyQuestion } from '#app/domain/survey-fields.ts'
import { screenContext } from '#app/request-context.server.ts'
import { ErrorList, FormErrors, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { loadSurvey, surveyAction } from './survey.server.ts'

function surveyOf(context: Route.LoaderArgs['context']): SurveyName {
	const screen = context.get(screenContext)
	if (!isSurveyName(screen)) throw new Error(`Not a survey screen: ${screen}`)
	return screen
}

export async function loader(args: Route.LoaderArgs) {
	return loadSurvey(args, surveyOf(args.context))
}

export async function action(args: Route.ActionArgs) {
	return surveyAction(args, surveyOf(args.context))
}

export default function ProductSurvey({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const about = (
		<p className="field-hint">
			{t('survey.about', { product: loaderData.product.name, serial: loaderData.product.serialCode })}
		</p>
	)
	if (loaderData.answered) {
		return (
			<section aria-labelledby="survey-title" className="stack">
				<h2 id="survey-title">{loaderData.title}</h2>
				{about}
				<p className="notice">{t('survey.answered', { date: loaderData.answeredDate })}</p>
				<p>{t('survey.thanks')}</p>
				<p className="actions">
					<Link to={loaderData.questionnairePath}>{t('survey.allSurveys')}</Link>
					<Link to="/gear/my_gear">{t('survey.backToGear')}</Link>
				</p>
			</section>
		)
	}
	// A 400 may show another page than the address (a required question left on an earlier page).
	const answer = actionData && 'page' in actionData ? actionData : undefined
	const page = answer?.page ?? loaderData.page
	const questions = answer?.questions ?? loaderData.questions
	const result = answer?.result
	const values = result?.initialValue ?? loaderData.values
	const last = page === loaderData.pageCount
	return (
		<section aria-labelledby="survey-title">
			<h2 id="survey-title">{loaderData.title}</h2>
			{about}
			<p>{loaderData.description}</p>
			<Form key={page} method="post" action={answer?.action ?? loaderData.action} className="form" noValidate>
				<p className="field-hint">{t('survey.page', { page, total: loaderData.pageCount })}</p>
				<FormErrors result={result} />
				{questions.map((question) => (
					<QuestionField
						key={question.id}
						question={question}
						value={values[answerFieldName(question.id)]}
						result={result}
					/>
				))}
				<p className="actions">
					{/* The first button is the one Enter presses: going on, never back. */}
					<SubmitButton name="intent" value={last ? 'send' : 'next'}>
						{last ? t('survey.send') : t('survey.next')}
					</SubmitButton>
					{page > 1 ? (
						<SubmitButton name="intent" value="back" secondary>
							{t('survey.back')}
						</SubmitButton>
					) : null}
				</p>
			</Form>
		</section>
	)
}

/**
 * One question as native controls: a fieldset of radios (single choice, rating) or checkboxes
 * (multiple choice) with the question as its legend, or a labelled textarea; its errors beside it.
 */
function QuestionField({
	question,
	value,
	result,
}: {
	question: SurveyQuestion
	value: unknown
	result: FormResult | undefined
}) {
	const t = useT()
	const id = useId()
	const name = answerFieldName(question.id)
	const errors = Object.entries(result?.error ?? {})
		.filter(([field]) => field === name || field.startsWith(`${name}[`))
		.flatMap(([, messages]) => messages ?? [])
	const errorId = `${id}-error`
	const invalid = errors.length > 0 || undefined
	const label = (
		<>
			{question.text}
			{question.required ? <span className="required"> {t('survey.required')}</span> : null}
		</>
	)
	if (question.type === 'freeText') {
		return (
			<div className="field">
				<label htmlFor={id}>{label}</label>
				<textarea
					id={id}
					name={name}
					rows={4}
					maxLength={2000}
					defaultValue={typeof value === 'string' ? value : undefined}
					aria-invalid={invalid}
					aria-describedby={invalid && errorId}
				/>
				<ErrorList id={errorId} errors={errors} />
			</div>
		)
	}
	const multiple = question.type === 'multipleChoice'
	const chosen = new Set(Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])
	return (
		<fieldset
			className={question.type === 'rating' ? 'question rating' : 'question'}
			aria-describedby={invalid && errorId}
		>
			<legend>{label}</legend>
			{question.type === 'rating' && question.choices.length > 1 ? (
				<p className="field-hint">
					{t('survey.ratingHint', { min: question.choices[0]!.id, max: question.choices.at(-1)!.id })}
				</p>
			) : null}
			<div className="choices">
				{question.choices.map((choice) => (
					<label key={choice.id} className="choice">
						<input
							type={multiple ? 'checkbox' : 'radio'}
							name={name}
							value={choice.id}
							defaultChecked={chosen.has(choice.id)}
							aria-invalid={invalid}
						/>
						{question.type === 'rating' ? `${choice.id} – ${choice.text}` : choice.text}
					</label>
				))}
			</div>
			<ErrorList id={errorId} errors={errors} />
		</fieldset>
	)
}
