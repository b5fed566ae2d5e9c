import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useSearchParams } from 'react-router'
import type { Route } from './+types/email-change'
import { EmailChangeConfirmSchema, emailChangeSchema } from '#app/domain/account-forms.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { refreshCredentials, requireCredentials } from '#app/session/auth.server.ts'
import { codeEntryLimits, limitedAttempt, limitedMail, mailLimits } from '#app/limits/rate-limit.server.ts'
import { invalidForm, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { hasCredentials, renewSessionId } from '#app/session/session.server.ts'
import { confirmEmailChange, requestEmailChange } from '#app/upstream/account-identity.server.ts'
import { Field, FormErrors, formResult, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { SignInNotice } from '#app/ui/sign-in-notice.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

export function loader({ context }: Route.LoaderArgs) {
	const credentials = context.get(sessionContext).get('credentials')
	return {
		signedIn: hasCredentials(context.get(sessionContext)),
		currentEmail: credentials?.email ?? null,
	}
}

/** The new address gets a code; the old one stays in force until the code is entered (spec 1 §4). */
export async function action({ request, context }: Route.ActionArgs) {
	const form = submittedForm(context)
	const credentials = await requireCredentials(context, request)
	if (form.get('intent') === 'verify') {
		const submission = parseWithZod(form, { schema: EmailChangeConfirmSchema })
		if (submission.status !== 'success') return invalidForm(submission, { step: 'verify' as const })
		try {
			await limitedAttempt(codeEntryLimits(context, credentials.userId), () =>
				confirmEmailChange(credentials.accessToken, credentials.userId, submission.value.code),
			)
			// The id token names the email: fresh tokens carry the new one.
			await refreshCredentials(context, request)
			// The email decides staff (a privilege): the session goes on under a new id (ADR 0054).
			await renewSessionId(context)
		} catch (error) {
			return upstreamFailure('emailChange', submission, error, { step: 'verify' as const })
		}
		return redirectWithToast(context, '/settings/profile', { type: 'success', message: 'toast.emailChanged' })
	}
	const submission = parseWithZod(form, { schema: emailChangeSchema(credentials.email) })
	if (submission.status !== 'success') return invalidForm(submission, { step: 'request' as const })
	try {
		await limitedMail(mailLimits(context, submission.value.newEmail), () =>
			requestEmailChange(credentials.accessToken, credentials.userId, {
				email: submission.value.newEmail,
				mailFormatType: 'html',
			}),
		)
	} catch (error) {
		return upstreamFailure('emailChange', submission, error, { step: 'request' as const })
	}
	return redirectWithToast(context, `/email-change?${new URLSearchParams({ sent: submission.value.newEmail })}`, {
		type: 'info',
		message: 'account.emailChangeSent',
		values: { email: submission.value.newEmail },
	})
}

export default function EmailChange({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const [searchParams] = useSearchParams()
	if (!loaderData.signedIn) return <SignInNotice />
	const result = formResult(actionData)
	const code = searchParams.get('code') ?? undefined
	const step =
		actionData && 'step' in actionData ? actionData.step : code || searchParams.has('sent') ? 'verify' : 'request'
	return (
		<>
			<p>{t('account.currentEmail', { email: loaderData.currentEmail ?? '' })}</p>
			{step === 'verify' ? (
				<Form method="post" className="form" noValidate>
					{searchParams.get('sent') ? (
						<p>{t('account.emailChangeSent', { email: searchParams.get('sent')! })}</p>
					) : null}
					<FormErrors result={result} />
					<Field
						name="code"
						label={t('field.code')}
						result={result}
						initial={code}
						inputMode="numeric"
						autoComplete="one-time-code"
						required
					/>
					<SubmitButton name="intent" value="verify">
						{t('account.verifyEmail')}
					</SubmitButton>
				</Form>
			) : null}
			<h2>{t('account.changeEmailTitle')}</h2>
			<Form method="post" className="form" noValidate>
				{step === 'request' ? <FormErrors result={result} /> : null}
				<Field
					name="newEmail"
					type="email"
					label={t('field.newEmail')}
					result={step === 'request' ? result : undefined}
					autoComplete="email"
					required
				/>
				<Field
					name="newEmailConfirm"
					type="email"
					label={t('field.newEmailConfirm')}
					result={step === 'request' ? result : undefined}
					autoComplete="email"
					required
				/>
				<SubmitButton name="intent" value="request">
					{t('account.changeEmailTitle')}
				</SubmitButton>
			</Form>
		</>
	)
}
