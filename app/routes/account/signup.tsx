import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/signup'
import { SignupSchema, VerifyEmailSchema } from '#app/domain/account-forms.ts'
import { countryOfCulture, countryOptions, cultureOptions } from '#app/domain/countries.ts'
import { catalogueLanguage, nameFields, SUPPORTED_CULTURES } from '#app/domain/culture.ts'
import {
	afterAccountCreated,
	afterEmailVerified,
	backToEmail,
	INITIAL_REGISTER_FLOW,
	signupForm,
} from '#app/domain/registration-flow.ts'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { returnPath, signupSource, withReturnPath, withSource } from '#app/domain/signup-links.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { invalidForm, redirectWithToast, upstreamFailure } from '#app/responses.server.ts'
import { signUp } from '#app/services/account.server.ts'
import { getAccountType } from '#app/upstream/account-identity.server.ts'
import {
	CheckboxField,
	Field,
	fieldValue,
	FormErrors,
	formResult,
	NewPasswordFields,
	SelectField,
	SubmitButton,
} from '#app/ui/form.tsx'
import { Dialog } from '#app/ui/dialog.tsx'
import { HoneypotField } from '#app/ui/honeypot.tsx'
import { NameFields } from '#app/ui/name-fields.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

export function loader({ context, url }: Route.LoaderArgs) {
	const session = context.get(sessionContext)
	const { culture, countryCode } = context.get(preferencesContext)
	const flow = session.get('registerFlow') ?? INITIAL_REGISTER_FLOW
	const language = catalogueLanguage(culture)
	return {
		step: signupForm(flow),
		registerStep: flow.registerStep,
		email: flow.registerEmail ?? url.searchParams.get('email') ?? undefined,
		signupSource: signupSource(url.searchParams.get('source'), Boolean(session.get('mdl'))),
		returnPath: returnPath(url.searchParams.get(REDIRECT_PARAM)),
		culture,
		country: countryCode ?? countryOfCulture(culture),
		countries: countryOptions(language),
		cultures: cultureOptions(SUPPORTED_CULTURES, language),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = submittedForm(context)
	const session = context.get(sessionContext)
	const flow = session.get('registerFlow') ?? INITIAL_REGISTER_FLOW
	const intent = form.get('intent')
	const returnTo = returnPath(form.get(REDIRECT_PARAM))

	if (intent === 'previous') {
		session.set('registerFlow', backToEmail(flow))
		return redirect(withSource(withReturnPath('/signup', returnTo), form.get('signupSource')))
	}

	if (intent === 'create') {
		const submission = parseWithZod(form, { schema: SignupSchema })
		if (submission.status !== 'success') return invalidForm(submission)
		const { passwordConfirm: _, agreeToTerms: __, ...fields } = submission.value
		try {
			await signUp(context, fields, { returnTo, card: session.get('qrRegistration') })
		} catch (error) {
			return upstreamFailure('signup', submission, error)
		}
		// The card is the new account's now: another sign-up from this browser does not take it along.
		session.unset('qrRegistration')
		session.set('registerFlow', afterAccountCreated(flow, fields.email))
		logMilestone(context, new URL(request.url).pathname, 'signed_up', { signupSource: fields.signupSource ?? null })
		return redirectWithToast(context, `/activation?${new URLSearchParams({ email: fields.email })}`, {
			type: 'success',
			message: 'account.activationSent',
			values: { email: fields.email },
		})
	}

	const submission = parseWithZod(form, { schema: VerifyEmailSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	const email = submission.value.email
	let accountType
	try {
		accountType = (await getAccountType(email)).accountType
	} catch (error) {
		return upstreamFailure('signup', submission, error)
	}
	const move = afterEmailVerified(flow, email, accountType)
	if (move.kind === 'dialog') return data({ result: submission.reply(), dialog: move.dialog, email })
	session.set('registerFlow', move.flow)
	// A source from the link (check-in, pass) goes on to the account details, where the sign-up sends it.
	const to = withSource(withReturnPath(move.to, returnTo), form.get('source'))
	return move.notice ? redirectWithToast(context, to, { type: 'info', message: move.notice }) : redirect(to)
}

function ReturnPathField({ path }: { path: string | null }) {
	return path ? <input type="hidden" name={REDIRECT_PARAM} value={path} /> : null
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const result = formResult(actionData)
	const dialogEmail = actionData && 'email' in actionData ? (actionData.email as string) : null

	if (loaderData.step === 'verify') {
		return (
			<>
				<p>{t('account.steps', { step: loaderData.registerStep })}</p>
				{dialogEmail ? (
					<Dialog title={t('dialog.emailExistsTitle')} text={t('dialog.emailExistsText')}>
						<Link className="button primary" to={`/login?${new URLSearchParams({ email: dialogEmail })}`}>
							{t('account.logIn')}
						</Link>
						<Link className="button" to="/reset-password">
							{t('account.forgotPassword')}
						</Link>
					</Dialog>
				) : null}
				<Form method="post" className="form" noValidate>
					<FormErrors result={result} />
					<HoneypotField />
					<ReturnPathField path={loaderData.returnPath} />
					{loaderData.signupSource ? <input type="hidden" name="source" value={loaderData.signupSource} /> : null}
					<Field
						name="email"
						type="email"
						label={t('field.email')}
						result={result}
						initial={loaderData.email}
						autoComplete="email"
						required
					/>
					<SubmitButton name="intent" value="verify">
						{t('account.continue')}
					</SubmitButton>
				</Form>
				<p>
					<Link to={withReturnPath('/login', loaderData.returnPath)}>{t('account.logIn')}</Link>
				</p>
			</>
		)
	}

	const japanese = (fieldValue: unknown) => fieldValue === 'ja-JP'
	const culture = fieldValue(result, 'cultureCode') ?? loaderData.culture
	return (
		<>
			<p>{t('account.steps', { step: loaderData.registerStep })}</p>
			<Form method="post" className="form" noValidate>
				<FormErrors result={result} />
				<HoneypotField />
				<ReturnPathField path={loaderData.returnPath} />
				<input type="hidden" name="email" value={loaderData.email} />
				{loaderData.signupSource ? <input type="hidden" name="signupSource" value={loaderData.signupSource} /> : null}
				<p>
					{t('field.email')}: <strong>{loaderData.email}</strong>
				</p>
				{/* The names follow the account's culture, as the phonetic names do: ja-JP asks 姓 first and no middle name. */}
				<NameFields fields={nameFields(culture)} phonetic={japanese(culture)} result={result} />
				<NewPasswordFields
					result={result}
					name="password"
					label={t('field.password')}
					confirmName="passwordConfirm"
					confirmLabel={t('field.passwordConfirm')}
					required
				/>
				<SelectField
					name="cultureCode"
					label={t('field.cultureCode')}
					result={result}
					initial={loaderData.culture}
					options={loaderData.cultures}
					required
				/>
				<SelectField
					name="country"
					label={t('field.country')}
					result={result}
					initial={loaderData.country}
					options={loaderData.countries}
					required
				/>
				<CheckboxField name="allowEmail" label={t('field.allowEmail')} result={result} />
				<CheckboxField
					name="agreeToTerms"
					label={
						<>
							{t('field.agreeToTerms')} (<Link to="/privacy">{t('screen.Privacy')}</Link>)
						</>
					}
					result={result}
					required
				/>
				<p className="actions">
					<SubmitButton name="intent" value="create">
						{t('account.createAccount')}
					</SubmitButton>
					<SubmitButton name="intent" value="previous" secondary>
						{t('account.changeEmail')}
					</SubmitButton>
				</p>
			</Form>
		</>
	)
}
