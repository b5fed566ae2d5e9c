/**
 * Entitlement key activation (EntitlementKey, spec 2 §2, §4, §5, §7; `/cloud/entitlement-key/:tab?`):
 * the Key tab (key, hardware product) and the Serial Number tab (serial, hardware product). The
 * notification hub registers either (`POST api/notifications/key/{key}/register?productCode=`); its
 * answer comes to one outcome (app/domain/cloud-entitlement-key.ts): success goes on to ThankYouKey
 * with what was registered in the session's flash, a refusal comes back on the form with what was
 * typed. The page remembers a `redirect` query (spec 1 §2), offered after success when its origin
 * is allowed. Anyone may open it; a visitor is asked to log in or create an account (and comes back
 * here, `redirect` kept).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/entitlement-key'
import { EntitlementKeySchema, SerialNumberSchema } from '#app/domain/cloud-entitlement-key-form.ts'
import { entitlementKeyTab, type EntitlementKeyTab } from '#app/domain/cloud-entitlement-key.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { invalidForm, orUpstreamUnavailable } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { hardwareProducts } from '#app/upstream/cloud-lists.server.ts'
import { Field, FormErrors, formResult, SelectField, SubmitButton } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { guessLimits, limitedGuess, RateLimited } from '#app/limits/rate-limit.server.ts'
import { accountLinks, continueTarget, refusedByLimit, registerOrRefuse } from './key-registration.server.ts'

const TAB_TEXT = {
	key: { title: 'cloudKey.key.title', intro: 'cloudKey.key.intro', submit: 'cloudKey.key.submit' },
	serial_number: {
		title: 'cloudKey.serial_number.title',
		intro: 'cloudKey.serial_number.intro',
		submit: 'cloudKey.serial_number.submit',
	},
} as const satisfies Record<EntitlementKeyTab, Record<'title' | 'intro' | 'submit', CatalogueKey>>

export async function loader({ context, params, url }: Route.LoaderArgs) {
	const tab = entitlementKeyTab(params.tab)
	if (!tab) throw data(null, { status: 404 })
	if (!hasCredentials(context.get(sessionContext)))
		return { tab, signedIn: false as const, links: accountLinks(url), hardware: [] }
	const hardware = await orUpstreamUnavailable(hardwareProducts())
	return {
		tab,
		signedIn: true as const,
		links: accountLinks(url),
		hardware: hardware.map((h) => ({ value: h.productCode, label: h.name })),
	}
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
	const tab = entitlementKeyTab(params.tab)
	if (!tab) throw data(null, { status: 405 })
	const formData = submittedForm(context)
	const submission =
		tab === 'key'
			? parseWithZod(formData, { schema: EntitlementKeySchema })
			: parseWithZod(formData, { schema: SerialNumberSchema })
	if (submission.status !== 'success') return invalidForm(submission)
	const credentials = await requireCredentials(context, request)
	const value = submission.value
	const key = 'key' in value ? value.key : value.serialNumber
	let answer
	try {
		answer = await limitedGuess(
			guessLimits(context, credentials.userId),
			() =>
				registerOrRefuse({
					idToken: credentials.idToken,
					tab,
					key,
					productCode: value.productCode,
					submission,
					signal: request.signal,
				}),
			(outcome) => outcome.kind === 'refused' && outcome.wrongGuess,
		)
	} catch (error) {
		if (error instanceof RateLimited) return refusedByLimit(submission, tab).response
		throw error
	}
	if (answer.kind === 'refused') return answer.response
	context.get(sessionContext).flash('keyRegistration', { ...answer.receipt, continueTo: continueTarget(url) })
	return redirect('/cloud/thank-you', 303)
}

export default function EntitlementKey({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const { tab, signedIn, links, hardware } = loaderData
	const titleId = 'entitlement-key-title'
	if (!signedIn) {
		return (
			<section aria-labelledby={titleId}>
				<h2 id={titleId}>{t(TAB_TEXT[tab].title)}</h2>
				<div className="notice stack" role="note">
					<p>{t('cloudKey.anonymousNotice')}</p>
					<p className="actions">
						<Link to={links.logIn}>{t('account.logIn')}</Link>
						<Link to={links.signUp}>{t('cloudKey.createAccount')}</Link>
					</p>
				</div>
			</section>
		)
	}
	const result = formResult(actionData)
	return (
		<section aria-labelledby={titleId}>
			<h2 id={titleId}>{t(TAB_TEXT[tab].title)}</h2>
			<p>{t(TAB_TEXT[tab].intro)}</p>
			<Form method="post" className="form" noValidate aria-labelledby={titleId}>
				<FormErrors result={result} />
				{tab === 'key' ? (
					<Field
						name="key"
						label={t('cloudKey.key.label')}
						hint={t('cloudKey.key.hint')}
						result={result}
						autoComplete="off"
						autoCapitalize="characters"
						spellCheck={false}
						required
					/>
				) : (
					<Field
						name="serialNumber"
						label={t('cloudKey.serial_number.label')}
						hint={t('cloudKey.serial_number.hint')}
						result={result}
						autoComplete="off"
						autoCapitalize="characters"
						spellCheck={false}
						required
					/>
				)}
				<SelectField
					name="productCode"
					label={t('cloudKey.hardwareProduct')}
					result={result}
					placeholder={t('cloudKey.chooseHardwareProduct')}
					options={hardware}
					required
				/>
				<SubmitButton>{t(TAB_TEXT[tab].submit)}</SubmitButton>
			</Form>
		</section>
	)
}
