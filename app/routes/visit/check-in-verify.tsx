import { data, Form } from 'react-router'
import type { Route } from './+types/check-in-verify'
import { personName } from '#app/domain/culture.ts'
import { PASS_INPUT_MAX_LENGTH, passTokenOf } from '#app/domain/event-pass.ts'
import { formatDateTimeWithZone } from '#app/domain/formats.ts'
import { isStaffEmail, NOT_ROLAND_ACCOUNT } from '#app/domain/staff.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { getAdminUser } from '#app/upstream/account-identity.server.ts'
import { checkEventPass } from './event-pass.server.ts'

type Verdict =
	| { kind: 'empty' }
	| { kind: 'forged' }
	| {
			kind: 'valid' | 'expired'
			userId: string
			/** The holder's name and email from the admin lookup; null when it could not answer. */
			holder: { name: string; email: string } | null
			event: string
			issuedAt: string
			expiresAt: string
	  }

/**
 * Staff verify an event pass (ADR 0026): the QR code's address opens this page with `?pass=`, or staff
 * paste or scan the code into the form (a GET: verifying changes nothing, and works without
 * JavaScript). Staff only, judged like the admin view (spec 1 §6): anyone else gets 'Not Roland Account'.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
	const credentials = await requireCredentials(context, request)
	if (!isStaffEmail(credentials.email)) throw data({ errorKey: NOT_ROLAND_ACCOUNT }, { status: 403 })
	const raw = url.searchParams.get('pass')
	if (raw === null) return data({ input: '', verdict: null })
	const input = raw.slice(0, PASS_INPUT_MAX_LENGTH)
	const reply = (verdict: Verdict) => data({ input, verdict }, { status: verdict.kind === 'valid' ? 200 : 400 })
	if (!input.trim()) return reply({ kind: 'empty' })
	const check = await checkEventPass(passTokenOf(input))
	if (check.kind === 'forged') return reply({ kind: 'forged' })
	const { pass } = check
	const { culture } = context.get(preferencesContext)
	const holder = await getAdminUser(credentials.accessToken, pass.userId, { signal: request.signal }).then(
		(user) => ({ name: personName(user.cultureCode?.value ?? culture, user), email: user.email }),
		() => null,
	)
	return reply({
		kind: check.kind,
		userId: pass.userId,
		holder,
		event: pass.event,
		issuedAt: formatDateTimeWithZone(pass.issuedAt, culture),
		expiresAt: formatDateTimeWithZone(pass.expiresAt, culture),
	})
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function CheckInVerify({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { input, verdict } = loaderData
	const problem =
		verdict?.kind === 'empty'
			? t('verifyPass.empty')
			: verdict?.kind === 'forged'
				? t('verifyPass.forged')
				: verdict?.kind === 'expired'
					? t('verifyPass.expired')
					: null
	return (
		<>
			<Form method="get" action="/check-in/verify" className="form" aria-labelledby="verify-title">
				<h2 id="verify-title">{t('verifyPass.title')}</h2>
				<div className="field">
					<label htmlFor="verify-pass">{t('verifyPass.code')}</label>
					<p id="verify-pass-hint" className="field-hint">
						{t('verifyPass.hint')}
					</p>
					<textarea
						id="verify-pass"
						name="pass"
						rows={4}
						defaultValue={input}
						maxLength={PASS_INPUT_MAX_LENGTH}
						autoComplete="off"
						aria-describedby={problem ? 'verify-pass-hint verify-pass-problem' : 'verify-pass-hint'}
						aria-invalid={problem ? true : undefined}
					/>
					{problem ? (
						<p id="verify-pass-problem" className="field-errors" role="alert">
							{problem}
						</p>
					) : null}
				</div>
				<p className="actions">
					<button type="submit" className="button primary">
						{t('verifyPass.verify')}
					</button>
				</p>
			</Form>
			{verdict && (verdict.kind === 'valid' || verdict.kind === 'expired') ? (
				<section aria-labelledby="verify-result">
					<h2 id="verify-result">{verdict.kind === 'valid' ? t('verifyPass.valid') : t('verifyPass.expiredTitle')}</h2>
					<dl className="summary">
						<dt>{t('verifyPass.holder')}</dt>
						<dd>{verdict.holder ? `${verdict.holder.name} (${verdict.holder.email})` : verdict.userId}</dd>
						<dt>{t('verifyPass.account')}</dt>
						<dd>{verdict.userId}</dd>
						<dt>{t('verifyPass.event')}</dt>
						<dd>{verdict.event}</dd>
						<dt>{t('verifyPass.issued')}</dt>
						<dd>{verdict.issuedAt}</dd>
						<dt>{t('verifyPass.until')}</dt>
						<dd>{verdict.expiresAt}</dd>
					</dl>
				</section>
			) : null}
		</>
	)
}
