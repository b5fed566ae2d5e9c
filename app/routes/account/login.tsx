import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { LoginSchema } from '#app/domain/account-forms.ts'
import { REDIRECT_PARAM, safeReturnPath } from '#app/domain/redirect.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { startUserSession } from '#app/session/auth.server.ts'
import { authenticator, InvalidForm } from '#app/session/authenticator.server.ts'
import { limitedAttempt, signInLimits } from '#app/limits/rate-limit.server.ts'
import { upstreamFailure } from '#app/responses.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { Field, FormErrors, formResult, SubmitButton } from '#app/ui/form.tsx'
import { Dialog } from '#app/ui/dialog.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { requestWithForm, submittedForm } from '#app/forms/form-body.server.ts'

/** After this many failed sign-ins in a session, the 'Login Attempt Unsuccessful' dialog offers a way out. */
const FAILURES_BEFORE_DIALOG = 3

export function loader({ context, url }: Route.LoaderArgs) {
	const session = context.get(sessionContext)
	if (hasCredentials(session)) throw redirect(safeReturnPath(url.searchParams.get(REDIRECT_PARAM)))
	return { showDialog: (session.get('loginFailures') ?? 0) >= FAILURES_BEFORE_DIALOG }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = submittedForm(context)
	const email = String(form.get('email') ?? '').trim()
	const session = context.get(sessionContext)
	try {
		const signedIn = await limitedAttempt(signInLimits(context, email), () =>
			authenticator.authenticate('password', requestWithForm(request, form)),
		)
		return redirect(await startUserSession(context, signedIn.tokens, 'password', signedIn.redirectTo))
	} catch (error) {
		if (error instanceof InvalidForm)
			return data({ result: error.result, errorKey: null, showDialog: false }, { status: 400 })
		// A refusal by the account API counts towards the dialog; our own limit does not.
		const failures =
			(session.get('loginFailures') ?? 0) + (isUpstreamError(error) && error.upstream === 'account' ? 1 : 0)
		session.set('loginFailures', failures)
		return upstreamFailure('login', parseWithZod(form, { schema: LoginSchema }), error, {
			showDialog: failures >= FAILURES_BEFORE_DIALOG,
		})
	}
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const [searchParams] = useSearchParams()
	const result = formResult(actionData)
	const errorKey = actionData && 'errorKey' in actionData ? actionData.errorKey : null
	const showDialog =
		(actionData && 'showDialog' in actionData ? actionData.showDialog : undefined) ?? loaderData.showDialog
	const email = searchParams.get('email') ?? undefined
	const redirectTo = searchParams.get(REDIRECT_PARAM) ?? ''
	return (
		<>
			{redirectTo ? <p className="notice">{t('login.returnTo')}</p> : null}
			{showDialog ? (
				<Dialog title={t('dialog.loginUnsuccessfulTitle')} text={t('dialog.loginUnsuccessfulText')}>
					<Link className="button primary" to="/reset-password">
						{t('screen.ResetPassword')}
					</Link>
					<Link className="button" to="/signup">
						{t('account.createAccount')}
					</Link>
				</Dialog>
			) : null}
			<Form method="post" className="form" noValidate>
				<FormErrors result={result} />
				{errorKey === 'errors.notActivated' ? (
					<p>
						<Link to={`/activation?${new URLSearchParams({ email: String(result?.initialValue?.email ?? '') })}`}>
							{t('screen.Activation')}
						</Link>
					</p>
				) : null}
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<Field
					name="email"
					type="email"
					label={t('field.email')}
					result={result}
					initial={email}
					autoComplete="username"
					required
				/>
				<Field
					name="password"
					type="password"
					label={t('field.password')}
					result={result}
					autoComplete="current-password"
					required
				/>
				<SubmitButton>{t('account.logIn')}</SubmitButton>
			</Form>
			<p className="actions">
				<Link to="/reset-password">{t('account.forgotPassword')}</Link>
				<Link to={`/signup${redirectTo ? `?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}` : ''}`}>
					{t('account.noAccount')}
				</Link>
				<Link to={`/oauth2/redirect${redirectTo ? `?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}` : ''}`}>
					{t('account.signInWithSso')}
				</Link>
			</p>
		</>
	)
}
