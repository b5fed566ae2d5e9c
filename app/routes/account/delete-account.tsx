import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/delete-account'
import { DeleteAccountSchema } from '#app/domain/account-forms.ts'
import { allowedRedirectTarget } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { endUserSession, requireCredentials } from '#app/session/auth.server.ts'
import { invalidForm, upstreamFailure } from '#app/responses.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { deleteUser } from '#app/upstream/account-identity.server.ts'
import { anonymizeUser } from '#app/upstream/cloud.server.ts'
import { deleteUserLog } from '#app/upstream/log.server.ts'
import { CheckboxField, FormErrors, formResult, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { SignInNotice } from '#app/ui/sign-in-notice.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/** DeleteAccount remembers a redirect query (spec 1 §2): where to go once the account is gone. */
function afterDeletion(url: URL): string {
	const target = url.searchParams.get('redirect')
	const env = getEnv()
	return allowedRedirectTarget(target, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS) ?? '/login'
}

export function loader({ context }: Route.LoaderArgs) {
	return {
		signedIn: hasCredentials(context.get(sessionContext)),
	}
}

export async function action({ request, context, url }: Route.ActionArgs) {
	const submission = parseWithZod(submittedForm(context), { schema: DeleteAccountSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	const credentials = await requireCredentials(context, request)
	// The cloud's copy and the usage log first (ADR 0025): both know the user by the id token, which
	// dies with the account. A failure stops there with the account kept, and sending again repeats
	// the steps harmlessly (anonymised is 'was not found', an empty log deletes nothing).
	try {
		await anonymizeUser(credentials.idToken)
	} catch (error) {
		return upstreamFailure('delete', submission, error)
	}
	if ((await deleteUserLog(getEnv().LOG_SERVICE, credentials.idToken)) === null)
		return data({ result: submission.reply({ formErrors: ['cloudKey.deletion.logUnavailable'] }) }, { status: 503 })
	try {
		await deleteUser(credentials.idToken, credentials.userId)
	} catch (error) {
		return upstreamFailure('delete', submission, error)
	}
	const session = await endUserSession(context)
	session.flash('toast', { type: 'success', message: 'toast.accountDeleted' })
	return redirect(afterDeletion(url))
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	if (!loaderData.signedIn) return <SignInNotice />
	const result = formResult(actionData)
	return (
		<Form method="post" className="form" noValidate>
			<p className="notice">{t('account.deleteWarning')}</p>
			<FormErrors result={result} />
			<CheckboxField name="confirm" label={t('field.deleteConfirm')} result={result} required />
			<SubmitButton>{t('account.deleteAccount')}</SubmitButton>
		</Form>
	)
}
