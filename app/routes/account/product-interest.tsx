/**
 * Registration step 4, product interest (spec 1 §4): after the first sign-in of a new account, the
 * interests form with a way on without saving. Either leads to the finish page (step 5).
 */
import { redirect } from 'react-router'
import type { Route } from './+types/product-interest'
import { afterProductInterest, FLOW_PAGES, flowPageRedirect, REGISTER_STEP } from '#app/domain/registration-flow.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { redirectWithToast } from '#app/responses.server.ts'
import { loadInterestsTab, saveTickedInterests } from '#app/services/interests.server.ts'
import { InterestsTab } from '#app/ui/interests-form.tsx'
import { formResult, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/** Outside the flow the interests live in the account settings. */
const OUTSIDE = '/settings/interests'

function flowOrRedirect(context: Route.LoaderArgs['context']) {
	const flow = context.get(sessionContext).get('registerFlow')
	const elsewhere = flowPageRedirect(flow, 'productInterest', OUTSIDE)
	if (elsewhere || !flow) throw redirect(elsewhere ?? OUTSIDE)
	return flow
}

export async function loader(args: Route.LoaderArgs) {
	flowOrRedirect(args.context)
	return loadInterestsTab(args)
}

export async function action(args: Route.ActionArgs) {
	const flow = flowOrRedirect(args.context)
	const form = submittedForm(args.context)
	const session = args.context.get(sessionContext)
	if (form.get('intent') === 'skip') {
		session.set('registerFlow', afterProductInterest(flow))
		return redirect(FLOW_PAGES.finish)
	}
	const failed = await saveTickedInterests(args, form)
	if (failed) return failed
	session.set('registerFlow', afterProductInterest(flow))
	return redirectWithToast(args.context, FLOW_PAGES.finish, { type: 'success', message: 'toast.updated' })
}

export default function ProductInterest({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			<p>{t('account.steps', { step: REGISTER_STEP.productInterest })}</p>
			<p>{t('signupSteps.interestsIntro')}</p>
			<InterestsTab
				interests={loaderData.interests}
				selected={loaderData.selected}
				result={formResult(actionData)}
				action={FLOW_PAGES.productInterest}
				heading={t('signupSteps.interestsHeading')}
				submitLabel={t('signupSteps.saveAndContinue')}
				more={
					<SubmitButton name="intent" value="skip" secondary>
						{t('signupSteps.skip')}
					</SubmitButton>
				}
			/>
		</>
	)
}
