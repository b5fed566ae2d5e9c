/**
 * Cloud home (HomeRVS, `/cloud`): the member's state at a glance (tier, status, next charge or end date,
 * a trial's days left) and the way to each cloud screen. A visitor is told what the cloud area is and
 * asked to sign in or create an account.
 */
import { Link } from 'react-router'
import type { Route } from './+types/home'
import { membershipGlance } from '#app/domain/cloud-account.ts'
import { formatDay } from '#app/domain/formats.ts'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { getUserSubscriptions } from '#app/upstream/cloud.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { cloudCredentials, localeOf, PRIVATE_HEADERS } from './account-data.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	if (!hasCredentials(context.get(sessionContext))) {
		const back = new URLSearchParams({ [REDIRECT_PARAM]: '/cloud' })
		return { visitor: { logIn: `/login?${back}`, signUp: `/signup?${back}` }, glance: null }
	}
	const credentials = await cloudCredentials(context, request)
	const subscriptions = await orUpstreamUnavailable(
		getUserSubscriptions(credentials.idToken, { signal: request.signal }),
	)
	const glance = membershipGlance(subscriptions, Date.now())
	const locale = localeOf(context)
	const day = (iso: string | null) => (iso ? formatDay(iso, locale) : null)
	return {
		visitor: null,
		glance: glance && { ...glance, nextChargeDate: day(glance.nextChargeDate), endDate: day(glance.endDate) },
	}
}

export function headers() {
	return PRIVATE_HEADERS
}

/** Every cloud screen, in the order a member looks for them. */
const CLOUD_SCREENS = [
	['/cloud/memberships', 'screen.Memberships'],
	['/cloud/account', 'screen.AccountDetails'],
	['/cloud/entitlement-key', 'screen.EntitlementKey'],
	['/cloud/faq', 'screen.FaqSearch'],
	['/cloud/contact-us', 'screen.ContactUs'],
	['/cloud/policies', 'screen.Policies'],
	['/cloud/support/zenbeats', 'screen.ZenbeatsSupport'],
	['/cloud/support/zentracker', 'screen.ZentrackerSupport'],
	['/cloud/support/btx', 'screen.BtxSupport'],
] as const

export default function CloudHome({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { visitor, glance } = loaderData
	return (
		<>
			{visitor ? (
				<section aria-labelledby="cloud-about-title">
					<h2 id="cloud-about-title">{t('cloudAccount.home.aboutTitle')}</h2>
					<p>{t('cloudAccount.home.about')}</p>
					<div className="notice stack" role="note">
						<p>{t('cloudAccount.home.signInNotice')}</p>
						<p className="actions">
							<Link className="button primary" to={visitor.logIn}>
								{t('account.logIn')}
							</Link>
							<Link className="button" to={visitor.signUp}>
								{t('cloudAccount.home.createAccount')}
							</Link>
						</p>
					</div>
				</section>
			) : (
				<section aria-labelledby="cloud-state-title">
					<h2 id="cloud-state-title">{t('cloudAccount.home.stateTitle')}</h2>
					{glance ? (
						<dl className="summary">
							<dt>{t('cloudAccount.home.tier')}</dt>
							<dd>{glance.tier}</dd>
							<dt>{t('cloudAccount.subscriptions.status')}</dt>
							<dd>{t(`cloudAccount.status.${glance.status}`)}</dd>
							{glance.trialDaysLeft !== null ? (
								<>
									<dt>{t('cloudAccount.home.trialDaysLeft')}</dt>
									<dd>{t('cloudAccount.home.days', { count: glance.trialDaysLeft })}</dd>
								</>
							) : null}
							{glance.nextChargeDate ? (
								<>
									<dt>{t('cloudAccount.subscriptions.nextCharge')}</dt>
									<dd>{glance.nextChargeDate}</dd>
								</>
							) : glance.endDate ? (
								<>
									<dt>{t('cloudAccount.subscriptions.endDate')}</dt>
									<dd>{glance.endDate}</dd>
								</>
							) : null}
						</dl>
					) : (
						<p className="notice">
							{t('cloudAccount.home.noMembership')}{' '}
							<Link to="/cloud/memberships">{t('cloudAccount.subscriptions.seeMemberships')}</Link>
						</p>
					)}
					{glance?.canResubscribe ? (
						<p>
							<Link to="/cloud/account">{t('cloudAccount.home.resubscribeHint')}</Link>
						</p>
					) : null}
				</section>
			)}
			<nav aria-labelledby="cloud-screens-title">
				<h2 id="cloud-screens-title">{t('cloudAccount.home.screensTitle')}</h2>
				<ul className="link-list">
					{CLOUD_SCREENS.map(([path, key]) => (
						<li key={path}>
							<Link to={path}>{t(key)}</Link>
						</li>
					))}
				</ul>
			</nav>
		</>
	)
}
