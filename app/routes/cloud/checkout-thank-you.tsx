/**
 * Thank you for a membership (ThankYouMembership, `/cloud/checkout`): where the processor's
 * checkout sends the browser back (`?plan=&offer=&checkout=&result=`) and where a free trial
 * lands. A paid checkout is handed to post-subscription here, then the page redirects to itself
 * without the token (a reload starts nothing twice); a cancelled one goes back to the plans.
 * The page shows the membership as it now stands.
 */
import { Link, redirect } from 'react-router'
import type { Route } from './+types/checkout-thank-you'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { membershipNow } from '#app/services/cloud.server.ts'
import { postSubscription } from '#app/upstream/cloud.server.ts'
import { SUBSCRIPTION_TYPE } from '#app/upstream/contract/cloud.ts'
import { isOutage, isUpstreamError } from '#app/upstream/errors.ts'
import { useT } from '#app/ui/i18n.tsx'
import { MEMBERSHIPS_PATH, THANK_YOU_PATH } from './memberships.server.ts'
import { currentView, dateFormatter } from './memberships-view.server.ts'

export async function loader({ context, request, url }: Route.LoaderArgs) {
	const credentials = await requireCredentials(context, request)
	const token = url.searchParams.get('checkout')
	const planId = url.searchParams.get('plan')
	const result = url.searchParams.get('result')
	const tab = planId?.endsWith('-annual') ? 'annual' : 'monthly'
	if (token && result === 'cancelled') {
		throw redirectWithToast(context, `${MEMBERSHIPS_PATH}/${tab}`, {
			type: 'info',
			message: 'cloudMemberships.checkoutCancelled',
		})
	}
	if (token && planId && result === 'paid') {
		try {
			await postSubscription(
				credentials.idToken,
				{
					type: SUBSCRIPTION_TYPE.Standard,
					planIds: [planId],
					offerId: url.searchParams.get('offer') ?? undefined,
					token,
				},
				{ signal: request.signal },
			)
		} catch (error) {
			if (!isUpstreamError(error) || error.cancelled) throw error
			// Already taken (the page was reloaded before its redirect): the state below says how it stands.
			if (!(error.kind === 'status' && error.code === 'CheckoutUsed')) {
				if (!isOutage(error))
					throw redirectWithToast(context, `${MEMBERSHIPS_PATH}/${tab}`, {
						type: 'error',
						message: 'cloudMemberships.checkoutRefused',
					})
				await orUpstreamUnavailable(Promise.reject(error))
			}
			throw redirect(THANK_YOU_PATH)
		}
		throw redirectWithToast(context, THANK_YOU_PATH, { type: 'success', message: 'cloudMemberships.purchaseDone' })
	}
	const { culture } = context.get(preferencesContext)
	const now = Date.now()
	const [subscriptions, tiers] = await orUpstreamUnavailable(membershipNow(credentials, request.signal))
	const current = currentView(subscriptions, tiers, culture, now)
	const running = current && subscriptions.find((s) => s.membershipName === current.tier && s.nextChargeDate)
	return {
		current,
		nextCharge: running?.nextChargeDate ? dateFormatter(culture)(running.nextChargeDate) : null,
		membershipsPath: `${MEMBERSHIPS_PATH}/${current?.interval === 'Annual' ? 'annual' : 'monthly'}`,
	}
}

export default function ThankYouMembership({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { current, nextCharge, membershipsPath } = loaderData
	const interval = current?.interval === 'Annual' ? t('cloudMemberships.annual') : t('cloudMemberships.monthly')
	return (
		<section className="stack" aria-labelledby="thank-you-title">
			<h2 id="thank-you-title">{t('cloudMemberships.thankYouTitle')}</h2>
			{current === null ? (
				<p role="status">{t('cloudMemberships.thankYouNone')}</p>
			) : current.status === 'trial' ? (
				<p role="status">
					{t('cloudMemberships.thankYouTrial', {
						tier: current.tier,
						date: current.endDate ?? '',
						count: current.trialDaysLeft ?? 0,
					})}
				</p>
			) : (
				<div role="status" className="stack">
					<p>{t('cloudMemberships.thankYouActive', { tier: current.tier, interval })}</p>
					{nextCharge ? <p>{t('cloudMemberships.thankYouNextCharge', { date: nextCharge })}</p> : null}
				</div>
			)}
			<p className="actions">
				<Link to="/cloud/account">{t('cloudMemberships.toAccount')}</Link>
				<Link to={membershipsPath}>{t('cloudMemberships.toMemberships')}</Link>
			</p>
		</section>
	)
}
