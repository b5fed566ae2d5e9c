import { Link, redirect } from 'react-router'
import type { Route } from './+types/check-in'
import type { SignupSource } from '#app/domain/signup-links.ts'
import { parseEventCode } from '#app/domain/event-pass.ts'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { screenContext, sessionContext } from '#app/request-context.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { useT } from '#app/ui/i18n.tsx'

/**
 * CheckIn and PassLogin (spec 1 §2): at an event (`/check-in?event=…`, the link at the venue) or for
 * the pass again later (`/pass-login?event=…`), a visitor signs in or signs up, and comes to the
 * thank-you page with their pass. A sign-up made here carries its source (spec 1 §3): `check_in`
 * or `pass_login`. Someone already signed in goes straight to the pass.
 */
export function loader({ context, url }: Route.LoaderArgs) {
	const event = parseEventCode(url.searchParams.get('event'))
	if (!event) return { event: null }
	const thankYou = `/thank-you?${new URLSearchParams({ event })}`
	if (hasCredentials(context.get(sessionContext))) throw redirect(thankYou)
	const source: SignupSource = context.get(screenContext) === 'PassLogin' ? 'pass_login' : 'check_in'
	return {
		event,
		login: `/login?${new URLSearchParams({ [REDIRECT_PARAM]: thankYou })}`,
		signup: `/signup?${new URLSearchParams({ source, [REDIRECT_PARAM]: thankYou })}`,
	}
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
	const t = useT()
	if (!loaderData.event) return <p className="notice">{t('checkIn.noEvent')}</p>
	return (
		<section className="stack" aria-labelledby="check-in-event">
			<h2 id="check-in-event">{t('checkIn.event', { event: loaderData.event })}</h2>
			<p>{t('checkIn.intro')}</p>
			<p className="actions">
				<Link className="button primary" to={loaderData.login}>
					{t('checkIn.logIn')}
				</Link>
				<Link className="button" to={loaderData.signup}>
					{t('checkIn.signUp')}
				</Link>
			</p>
		</section>
	)
}
