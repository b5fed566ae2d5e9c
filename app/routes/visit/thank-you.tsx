import { Link } from 'react-router'
import type { Route } from './+types/thank-you'
import { parseEventCode } from '#app/domain/event-pass.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { issueEventPass } from './event-pass.server.ts'

/**
 * ThankYou ('thank you for coming', spec 1 §1): the signed-in visitor's pass for the event, a QR code
 * staff scan or a code they enter at /check-in/verify. A fresh pass on every visit: it lives an hour.
 * Signed out, the page offers signing in for the pass (PassLogin).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
	const event = parseEventCode(url.searchParams.get('event'))
	const credentials = context.get(sessionContext).get('credentials')
	if (!event) return { event: null, pass: null, passLogin: null }
	if (!credentials) return { event, pass: null, passLogin: `/pass-login?${new URLSearchParams({ event })}` }
	const { culture } = context.get(preferencesContext)
	return { event, passLogin: null, pass: await issueEventPass(credentials.userId, event, culture) }
}

export function headers() {
	// A pass is the signed-in visitor's own and short-lived: never kept by a cache.
	return { 'Cache-Control': 'private, no-store' }
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { event, pass, passLogin } = loaderData
	return (
		<>
			<p>{t('pass.thanks')}</p>
			{!event ? (
				<p className="notice">{t('checkIn.noEvent')}</p>
			) : pass ? (
				<section className="stack" aria-labelledby="pass-title">
					<h2 id="pass-title">{t('pass.title', { event })}</h2>
					<p>{t('pass.show')}</p>
					{/* The SVG is drawn on the server by qrcode from the portal's own address and token. */}
					<div role="img" aria-label={t('pass.qrLabel', { event })} dangerouslySetInnerHTML={{ __html: pass.svg }} />
					<p className="field-hint">{t('pass.validUntil', { issued: pass.issuedAt, until: pass.expiresAt })}</p>
					<div className="field">
						<label htmlFor="pass-code">{t('pass.code')}</label>
						<textarea id="pass-code" readOnly rows={4} value={pass.token} aria-describedby="pass-code-hint" />
						<p id="pass-code-hint" className="field-hint">
							{t('pass.codeHint')}
						</p>
					</div>
				</section>
			) : (
				<p className="notice">
					{t('pass.signInForPass')} <Link to={passLogin ?? '/login'}>{t('account.logIn')}</Link>
				</p>
			)}
		</>
	)
}
