/**
 * The Questionnaire screen (spec 1 §2) of a registered product, `/questionnaire/:registeredProductId`:
 * the surveys of its questionnaire labels in the user's culture, each answered (when), offered now, or
 * waiting for its time (survey-offer.ts), with a way to each one not answered. The survey offered now
 * can be put off ("not now"): it comes back for its second display. The gear list and the registration
 * outcome page post the same "not now" here (intent=later, survey, redirectTo).
 */
import { Form, Link } from 'react-router'
import type { Route } from './+types/questionnaire'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { loadQuestionnaire, questionnaireAction } from './questionnaire.server.ts'

export async function loader(args: Route.LoaderArgs) {
	return loadQuestionnaire(args)
}

export async function action(args: Route.ActionArgs) {
	return questionnaireAction(args)
}

export default function Questionnaire({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { product, surveys } = loaderData
	return (
		<section aria-labelledby="questionnaire-title">
			<h2 id="questionnaire-title">{t('survey.productSurveys', { product: product.name })}</h2>
			<p className="field-hint">{t('survey.serial', { serial: product.serialCode })}</p>
			<ul className="survey-list">
				{surveys.map((survey) => {
					const titleId = `survey-${survey.survey}`
					return (
						<li key={survey.survey}>
							<h3 id={titleId}>{survey.title}</h3>
							<p>{survey.description}</p>
							<p className={survey.state === 'offered' ? 'notice' : undefined}>
								{survey.state === 'answered'
									? t('survey.answered', { date: survey.date ?? '' })
									: survey.state === 'offered'
										? t('survey.offered', { count: survey.questionCount })
										: survey.state === 'waiting'
											? t('survey.waiting', { date: survey.date ?? '' })
											: t('survey.later')}
							</p>
							{survey.state === 'answered' ? null : (
								<div className="actions">
									<Link
										to={survey.path}
										className={survey.state === 'offered' ? 'button primary' : 'button'}
										aria-describedby={titleId}
									>
										{t('survey.take')}
									</Link>
									{survey.state === 'offered' && !survey.putOff ? (
										<Form method="post">
											<input type="hidden" name="intent" value="later" />
											<input type="hidden" name="survey" value={survey.survey} />
											<SubmitButton secondary>{t('survey.notNow')}</SubmitButton>
										</Form>
									) : null}
								</div>
							)}
						</li>
					)
				})}
			</ul>
			<p>
				<Link to="/gear/my_gear">{t('survey.backToGear')}</Link>
			</p>
		</section>
	)
}
