import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/reset-password'
import { ResetConfirmSchema, ResetRequestSchema } from '#app/domain/account-forms.ts'
import { codeEntryLimits, limitedAttempt, limitedMail, mailLimits } from '#app/limits/rate-limit.server.ts'
import { invalidForm, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { endEmailSessions } from '#app/session/session.server.ts'
import { confirmPasswordReset, requestPasswordReset } from '#app/upstream/account-identity.server.ts'
import { Field, FormErrors, formResult, NewPasswordFields, SubmitButton } from '#app/ui/form.tsx'
import { HoneypotField } from '#app/ui/honeypot.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/** Request a code (the same answer whatever the email), then the code and a new password. */
export async function action({ context }: Route.ActionArgs) {
	const form = submittedForm(context)
	if (form.get('intent') === 'request') {
		const submission = parseWithZod(form, { schema: ResetRequestSchema })
		if (submission.status !== 'success') return invalidForm(submission, { step: 'request' as const })
		try {
			await limitedMail(mailLimits(context, submission.value.email), () =>
				requestPasswordReset({ email: submission.value.email, mailFormatType: 'html' }),
			)
		} catch (error) {
			return upstreamFailure('reset', submission, error, { step: 'request' as const })
		}
		return redirectWithToast(
			context,
			`/reset-password?${new URLSearchParams({ email: submission.value.email, sent: '1' })}`,
			{
				type: 'info',
				message: 'account.resetSent',
			},
		)
	}
	const submission = parseWithZod(form, { schema: ResetConfirmSchema })
	if (submission.status !== 'success') return invalidForm(submission, { step: 'confirm' as const })
	const { email, code, password } = submission.value
	try {
		await limitedAttempt(codeEntryLimits(context, email), () =>
			confirmPasswordReset({ email, code, newPassword: password }),
		)
	} catch (error) {
		return upstreamFailure('reset', submission, error, { step: 'confirm' as const })
	}
	// Whoever held a session of the account (a thief, a lost device) is signed out with the old password
	// (ADR 0054). The reset answers no user id: the sessions are found by the email.
	await endEmailSessions(email)
	return redirectWithToast(context, `/login?${new URLSearchParams({ email })}`, {
		type: 'success',
		message: 'toast.passwordReset',
	})
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
	const t = useT()
	const [searchParams] = useSearchParams()
	const email = searchParams.get('email') ?? undefined
	const step =
		actionData && 'step' in actionData
			? actionData.step
			: searchParams.has('code') || searchParams.has('sent')
				? 'confirm'
				: 'request'
	const result = formResult(actionData)
	const expired = actionData && 'errorKey' in actionData && actionData.errorKey === 'errors.resetExpired'
	if (step === 'request' || expired) {
		return (
			<>
				{expired ? <FormErrors result={result} /> : null}
				<Form method="post" action="/reset-password" className="form" noValidate>
					{expired ? null : <FormErrors result={result} />}
					<HoneypotField />
					<Field
						name="email"
						type="email"
						label={t('field.email')}
						result={expired ? undefined : result}
						initial={email}
						autoComplete="email"
						required
					/>
					<SubmitButton name="intent" value="request">
						{t('account.sendResetLink')}
					</SubmitButton>
				</Form>
				<p>
					<Link to="/login">{t('account.logIn')}</Link>
				</p>
			</>
		)
	}
	return (
		<>
			<h2>{t('account.resetCodeTitle')}</h2>
			<Form method="post" className="form" noValidate>
				<FormErrors result={result} />
				<HoneypotField />
				<Field
					name="email"
					type="email"
					label={t('field.email')}
					result={result}
					initial={email}
					autoComplete="email"
					required
				/>
				<Field
					name="code"
					label={t('field.code')}
					result={result}
					initial={searchParams.get('code') ?? undefined}
					inputMode="numeric"
					autoComplete="one-time-code"
					required
				/>
				<NewPasswordFields
					result={result}
					name="password"
					label={t('field.newPassword')}
					confirmName="passwordConfirm"
					confirmLabel={t('field.newPasswordConfirm')}
					required
				/>
				<SubmitButton name="intent" value="confirm">
					{t('account.setNewPassword')}
				</SubmitButton>
			</Form>
			<p>
				<Link to="/reset-password">{t('account.sendResetLink')}</Link>
			</p>
		</>
	)
}
