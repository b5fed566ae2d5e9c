import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/activation'
import { ActivationSchema, ResendActivationSchema } from '#app/domain/account-forms.ts'
import { afterActivation, INITIAL_REGISTER_FLOW, REGISTER_STEP } from '#app/domain/registration-flow.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { codeEntryLimits, limitedAttempt, limitedMail, mailLimits } from '#app/limits/rate-limit.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { invalidForm, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { confirm, resendConfirmationCode } from '#app/upstream/account-identity.server.ts'
import { Field, FormErrors, formResult, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

export async function action({ request, context }: Route.ActionArgs) {
	const form = submittedForm(context)
	const session = context.get(sessionContext)

	if (form.get('intent') === 'resend') {
		const submission = parseWithZod(form, { schema: ResendActivationSchema })
		if (submission.status !== 'success') return invalidForm(submission, { intent: 'resend' })
		try {
			await limitedMail(mailLimits(context, submission.value.email), () =>
				resendConfirmationCode({ email: submission.value.email, mailFormatType: 'html' }),
			)
		} catch (error) {
			return upstreamFailure('resend', submission, error, { intent: 'resend' })
		}
		return redirectWithToast(context, `/activation?${new URLSearchParams({ email: submission.value.email })}`, {
			type: 'success',
			message: 'toast.codeResent',
		})
	}

	const submission = parseWithZod(form, { schema: ActivationSchema })
	if (submission.status !== 'success') return invalidForm(submission, { intent: 'confirm' })
	const { email, code } = submission.value
	try {
		await limitedAttempt(codeEntryLimits(context, email), () => confirm({ email, code }))
	} catch (error) {
		return upstreamFailure('activation', submission, error, { intent: 'confirm' })
	}
	const flow = session.get('registerFlow') ?? INITIAL_REGISTER_FLOW
	session.set('registerFlow', afterActivation(flow, email))
	logMilestone(context, new URL(request.url).pathname, 'activated')
	return redirectWithToast(context, `/login?${new URLSearchParams({ email })}`, {
		type: 'success',
		message: 'toast.activated',
	})
}

export default function Activation({ actionData }: Route.ComponentProps) {
	const t = useT()
	const [searchParams] = useSearchParams()
	const email = searchParams.get('email') ?? undefined
	const code = searchParams.get('code') ?? undefined
	const intent = actionData && 'intent' in actionData ? actionData.intent : undefined
	const confirmResult = intent === 'confirm' ? formResult(actionData) : undefined
	const resendResult = intent === 'resend' ? formResult(actionData) : undefined
	const expired = actionData && 'errorKey' in actionData && actionData.errorKey === 'errors.activationExpired'
	// A link opened by a mail scanner must not activate the account: the link shows this form, and only its
	// button confirms.
	const fromLink = Boolean(email && code) && !confirmResult
	return (
		<>
			<p>{t('account.steps', { step: REGISTER_STEP.activation })}</p>
			<Form method="post" className="form" noValidate>
				<FormErrors result={confirmResult} />
				{fromLink ? <p>{t('account.activateQuestion', { email: email! })}</p> : null}
				{fromLink ? (
					<>
						<input type="hidden" name="email" value={email} />
						<input type="hidden" name="code" value={code} />
					</>
				) : (
					<>
						<Field
							name="email"
							type="email"
							label={t('field.email')}
							result={confirmResult}
							initial={email}
							autoComplete="email"
							required
						/>
						<Field
							name="code"
							label={t('field.activationCode')}
							result={confirmResult}
							initial={code}
							inputMode="numeric"
							autoComplete="one-time-code"
							required
						/>
					</>
				)}
				<SubmitButton name="intent" value="confirm">
					{t('account.activate')}
				</SubmitButton>
			</Form>
			<section aria-labelledby="resend-title" className={expired ? 'dialog' : undefined}>
				<h2 id="resend-title">{t('account.resendTitle')}</h2>
				<Form method="post" className="form" noValidate>
					<FormErrors result={resendResult} />
					<Field
						name="email"
						type="email"
						label={t('field.email')}
						result={resendResult ?? confirmResult}
						initial={email}
						autoComplete="email"
						required
					/>
					<SubmitButton name="intent" value="resend" secondary>
						{t('account.resend')}
					</SubmitButton>
				</Form>
			</section>
			<p>
				<Link to="/login">{t('account.logIn')}</Link>
			</p>
		</>
	)
}
