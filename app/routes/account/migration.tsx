import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/migration'
import { MigrationSchema } from '#app/domain/account-forms.ts'
import { catalogueLanguage, SUPPORTED_CULTURES } from '#app/domain/culture.ts'
import { cultureOptions } from '#app/domain/countries.ts'
import {
	afterMigration,
	INITIAL_REGISTER_FLOW,
	migrationRefusal,
	REGISTER_STEP,
} from '#app/domain/registration-flow.ts'
import { accountErrorKey } from '#app/domain/account-errors.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { invalidForm, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { limitedMail, mailLimits } from '#app/limits/rate-limit.server.ts'
import { getAccountType, migrateUser } from '#app/upstream/account-identity.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { Field, FormErrors, formResult, NewPasswordFields, SelectField, SubmitButton } from '#app/ui/form.tsx'
import { Dialog } from '#app/ui/dialog.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

export function loader({ context }: Route.LoaderArgs) {
	const { culture } = context.get(preferencesContext)
	return { culture, cultures: cultureOptions(SUPPORTED_CULTURES, catalogueLanguage(culture)) }
}

/** Legacy accounts of the older portal reactivate with a new password (spec 1 §4). */
export async function action({ context }: Route.ActionArgs) {
	const submission = parseWithZod(submittedForm(context), { schema: MigrationSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	try {
		await limitedMail(mailLimits(context, submission.value.email), () => migrateUser(submission.value))
	} catch (error) {
		if (isUpstreamError(error) && accountErrorKey('migration', error) === 'dialog.userNotExistTitle') {
			// No legacy account: ask what the address is, so an active one is not sent to a sign-up that refuses it.
			const accountType = await getAccountType(submission.value.email).then(
				(answer) => answer.accountType,
				() => null,
			)
			const session = context.get(sessionContext)
			const flow = session.get('registerFlow') ?? INITIAL_REGISTER_FLOW
			const refused = migrationRefusal(flow, submission.value.email, accountType)
			if (refused.kind === 'redirect') {
				// Created but never activated: the code mailed at sign-up (or a new one) activates it.
				session.set('registerFlow', refused.flow)
				return redirectWithToast(context, refused.to, { type: 'info', message: refused.notice })
			}
			return upstreamFailure('migration', submission, error, {
				refusal: refused.refusal,
				email: submission.value.email,
			})
		}
		return upstreamFailure('migration', submission, error)
	}
	const session = context.get(sessionContext)
	const flow = session.get('registerFlow') ?? INITIAL_REGISTER_FLOW
	session.set('registerFlow', afterMigration(flow, submission.value.email))
	return redirectWithToast(context, `/activation?${new URLSearchParams({ email: submission.value.email })}`, {
		type: 'success',
		message: 'account.activationSent',
		values: { email: submission.value.email },
	})
}

export default function Migration({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const [searchParams] = useSearchParams()
	const result = formResult(actionData)
	const refusal = actionData && 'refusal' in actionData ? actionData.refusal : null
	const email = actionData && 'email' in actionData ? String(actionData.email) : ''
	return (
		<>
			<p>{t('account.steps', { step: REGISTER_STEP.verify })}</p>
			{refusal === 'accountActive' ? (
				<Dialog title={t('dialog.accountActiveTitle')} text={t('dialog.accountActiveText')}>
					<Link className="button primary" to={`/login?${new URLSearchParams({ email })}`}>
						{t('account.logIn')}
					</Link>
					<Link className="button" to={`/reset-password?${new URLSearchParams({ email })}`}>
						{t('account.forgotPassword')}
					</Link>
				</Dialog>
			) : refusal === 'userNotExist' ? (
				<Dialog title={t('dialog.userNotExistTitle')} text={t('dialog.userNotExistText')}>
					<Link className="button primary" to="/signup">
						{t('account.createAccount')}
					</Link>
				</Dialog>
			) : (
				<p className="notice">{t('dialog.previouslyRegistered')}</p>
			)}
			<Form method="post" className="form" noValidate>
				{refusal ? null : <FormErrors result={result} />}
				<Field
					name="email"
					type="email"
					label={t('field.email')}
					result={result}
					initial={searchParams.get('email') ?? undefined}
					autoComplete="email"
					required
				/>
				<NewPasswordFields result={result} name="password" label={t('field.newPassword')} required />
				<SelectField
					name="cultureCode"
					label={t('field.cultureCode')}
					result={result}
					initial={loaderData.culture}
					options={loaderData.cultures}
					required
				/>
				<SubmitButton>{t('account.reactivate')}</SubmitButton>
			</Form>
		</>
	)
}
