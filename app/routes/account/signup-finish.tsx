/**
 * Registration step 5, finish (spec 1 §4): the account is ready; the page offers registering a
 * product, or going on: to the page the user signed up from when `RedirectPathAfterSignup`
 * temporary data (spec 2 §3) kept one, else the account home. Either way the flow ends here and the
 * kept page is deleted.
 */
import { Form, redirect } from 'react-router'
import type { Route } from './+types/signup-finish'
import { flowPageRedirect, REGISTER_STEP, redirectPathOf } from '#app/domain/registration-flow.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { deleteTemporaryData, getTemporaryData } from '#app/upstream/account-identity.server.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

const REGISTER_PRODUCT = '/gear/register_product'

function requireFinishStep(context: Route.LoaderArgs['context']) {
	const elsewhere = flowPageRedirect(context.get(sessionContext).get('registerFlow'), 'finish', '/')
	if (elsewhere) throw redirect(elsewhere)
}

/** The page kept for the user, if any; none when the account API cannot say (the flow still ends well). */
async function keptReturnPath(credentials: { accessToken: string; userId: string }, signal?: AbortSignal) {
	const kept = await getTemporaryData(credentials.accessToken, credentials.userId, 'RedirectPathAfterSignup', {
		signal,
	}).catch(() => null)
	return redirectPathOf(kept?.body)
}

export async function loader({ context, request }: Route.LoaderArgs) {
	requireFinishStep(context)
	const credentials = await requireCredentials(context, request)
	return { returnPath: await keptReturnPath(credentials, request.signal) }
}

export async function action({ context, request }: Route.ActionArgs) {
	requireFinishStep(context)
	const credentials = await requireCredentials(context, request)
	const form = submittedForm(context)
	const returnPath = await keptReturnPath(credentials, request.signal)
	if (returnPath) {
		await deleteTemporaryData(credentials.accessToken, credentials.userId, 'RedirectPathAfterSignup').catch(() => {})
	}
	context.get(sessionContext).unset('registerFlow')
	return redirect(form.get('intent') === 'registerProduct' ? REGISTER_PRODUCT : (returnPath ?? '/'))
}

export default function SignupFinish({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			<p>{t('account.steps', { step: REGISTER_STEP.finish })}</p>
			<h2>{t('signupSteps.finishTitle')}</h2>
			<p>{t('signupSteps.finishText')}</p>
			<Form method="post" className="actions">
				<SubmitButton name="intent" value="registerProduct">
					{t('signupSteps.registerProduct')}
				</SubmitButton>
				<SubmitButton name="intent" value="continue" secondary>
					{loaderData.returnPath ? t('signupSteps.returnTo') : t('signupSteps.toAccount')}
				</SubmitButton>
			</Form>
		</>
	)
}
