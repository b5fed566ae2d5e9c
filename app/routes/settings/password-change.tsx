import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import type { Route } from './+types/password-change'
import { PasswordChangeSchema } from '#app/domain/account-forms.ts'
import { endUserSession, requireCredentials } from '#app/session/auth.server.ts'
import { endAccountSessions } from '#app/session/session.server.ts'
import { invalidForm, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { changePassword } from '#app/upstream/account-identity.server.ts'
import { Field, FormErrors, formResult, NewPasswordFields, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/**
 * Changing the password ends the session (spec 1 §4): the user signs in again, told why. Every other
 * session of the account ends too: the account API has revoked their refresh tokens, but their access
 * tokens would otherwise work on until they expire (ADR 0034).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseWithZod(submittedForm(context), { schema: PasswordChangeSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	const credentials = await requireCredentials(context, request)
	try {
		await changePassword(credentials.accessToken, credentials.userId, {
			oldPassword: submission.value.currentPassword,
			newPassword: submission.value.newPassword,
		})
	} catch (error) {
		return upstreamFailure('passwordChange', submission, error)
	}
	await endAccountSessions(credentials.userId)
	await endUserSession(context)
	return redirectWithToast(context, `/login?${new URLSearchParams({ email: credentials.email })}`, {
		type: 'success',
		message: 'toast.passwordChanged',
	})
}

export default function PasswordChange({ actionData }: Route.ComponentProps) {
	const t = useT()
	const result = formResult(actionData)
	return (
		<Form method="post" className="form" noValidate>
			<p className="notice">{t('account.passwordChangeNotice')}</p>
			<FormErrors result={result} />
			<Field
				name="currentPassword"
				type="password"
				label={t('field.currentPassword')}
				result={result}
				autoComplete="current-password"
				required
			/>
			<NewPasswordFields
				result={result}
				name="newPassword"
				label={t('field.newPassword')}
				confirmName="newPasswordConfirm"
				confirmLabel={t('field.newPasswordConfirm')}
				required
			/>
			<SubmitButton>{t('account.changePassword')}</SubmitButton>
		</Form>
	)
}
