/**
 * What the memberships screens (Memberships, MembershipsRCM, MembershipsByReact) do on the
 * server: the plans of a tab with their prices, offers and call to action, and the action that
 * starts a subscription — the free trial, or a purchase or upgrade sent to the processor's checkout
 * page, which comes back to the thank-you page. The workflows are in app/services/cloud.server.ts.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import {
	intervalOfTab,
	upToSavingPercent,
	visitorOffers,
	type MembershipTab,
} from '#app/domain/cloud-membership-plans.ts'
import { formatMoney } from '#app/domain/formats.ts'
import { isAllowedRedirect, REDIRECT_PARAM } from '#app/domain/redirect.ts'
import type { ScreenName } from '#app/domain/screens.ts'
import { getEnv } from '#app/env.server.ts'
import { preferencesContext, screenContext, sessionContext } from '#app/request-context.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { orNullAfterPost, orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { FREE_TRIAL_DAYS } from '#app/upstream/contract/cloud.ts'
import { isOutage, isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { membershipsData, startMembership, type MembershipStart } from '#app/services/cloud.server.ts'
import { MembershipStartSchema } from '#app/domain/cloud-account-forms.ts'
import { checkoutTarget } from '#app/domain/cloud-checkout.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { pictureSrc } from '#app/upstream/pictures.server.ts'
import { currentView, planViews, resubscribeEnd } from './memberships-view.server.ts'

type Context = Readonly<RouterContextProvider>

/** Where the processor's checkout sends the browser back to, and where a trial lands. */
export const THANK_YOU_PATH = '/cloud/checkout'
export const MEMBERSHIPS_PATH = '/cloud/memberships'

/** Framed by the brand sites: actions and sign-in open a new tab, where the session cookie always works. */
export const isFramedScreen = (screen: ScreenName) => screen === 'MembershipsByReact'

/** Sign-in and sign-up addresses that come back to the (unframed) memberships tab. */
function accountLinks(tab: MembershipTab) {
	const back = new URLSearchParams({ [REDIRECT_PARAM]: `${MEMBERSHIPS_PATH}/${tab}` })
	return { logIn: `/login?${back}`, signUp: `/signup?${back}`, unframed: `${MEMBERSHIPS_PATH}/${tab}` }
}

export async function membershipsLoader(context: Context, request: Request, tabParam: string | undefined) {
	const screen = context.get(screenContext)
	const { culture } = context.get(preferencesContext)
	const tab: MembershipTab = tabParam === 'annual' ? 'annual' : 'monthly'
	const interval = intervalOfTab(tab)
	const now = Date.now()
	const signedIn = hasCredentials(context.get(sessionContext))
	const credentials = signedIn ? await requireCredentials(context, request) : null
	// The member's own reads may fail alone after a post (the action answered 503 with the message): the
	// plans are shown without the member's state (no call to action) rather than an error page.
	const [tiers, keys, allOffers, mine] = await orUpstreamUnavailable(
		membershipsData(credentials, request.signal, (work) => orNullAfterPost(context, work)),
	)
	const unknown = signedIn && !mine
	const subscriptions = unknown ? null : (mine?.[0] ?? [])
	const offers = mine ? mine[1] : unknown ? [] : visitorOffers(allOffers, now)
	return {
		screen,
		framed: isFramedScreen(screen),
		signedIn,
		tab,
		interval,
		saveUpTo: upToSavingPercent(
			tiers.map((t) => ({
				monthly: t.plans.find((p) => p.interval === 'Monthly')?.price,
				annual: t.plans.find((p) => p.interval === 'Annual')?.price,
			})),
		),
		plans: planViews(tiers, interval, subscriptions, offers, culture, now),
		current: subscriptions ? currentView(subscriptions, tiers, culture, now) : null,
		resubscribeEnd: subscriptions ? resubscribeEnd(subscriptions, culture, now) : null,
		lifetimeKeys: keys.map((k) => ({
			id: k.id,
			name: k.name,
			description: k.description,
			image: pictureSrc(k.image),
			price: formatMoney(k.price.amount, k.price.currency, culture),
		})),
		links: accountLinks(tab),
	}
}

/** The page the action came from, to go back to with a message. */
function backTo(url: URL): string {
	return url.pathname
}

/**
 * Starts the free trial, or a purchase or upgrade through the processor's checkout. The plan's call
 * to action is decided again here, from the user's subscriptions now: a form kept from an older page
 * cannot start what the page would no longer offer.
 */
export async function membershipsAction(context: Context, request: Request, url: URL) {
	const credentials = await requireCredentials(context, request)
	const submission = parseWithZod(submittedForm(context), { schema: MembershipStartSchema })
	if (submission.status !== 'success') {
		return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.planNotOffered' })
	}
	const { planId, offerId } = submission.value
	let started: MembershipStart
	try {
		started = await startMembership(credentials, submission.value, request.signal)
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		// Refused by the API (a trial no longer possible, an offer gone…): said where the user was.
		if (!isOutage(error))
			return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.checkoutRefused' })
		return data({ errorKey: userMessageKey(error) ?? 'toast.tryAgain' }, { status: 503 })
	}
	if (started.kind === 'refused')
		return redirectWithToast(context, backTo(url), { type: 'error', message: started.message })
	if (started.kind === 'trialStarted') {
		logMilestone(context, url.pathname, 'trial_started', { planId })
		return redirectWithToast(context, THANK_YOU_PATH, {
			type: 'success',
			message: 'cloudMemberships.trialStarted',
			values: { days: String(FREE_TRIAL_DAYS) },
		})
	}
	const env = getEnv()
	// Only to a configured processor origin (spec 2 §4: redirects go to an allowed list of origins).
	if (!isAllowedRedirect(started.checkoutUrl, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS))
		return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.checkoutRefused' })
	return redirect(
		checkoutTarget({
			checkoutUrl: started.checkoutUrl,
			portalUrl: env.PORTAL_URL,
			thankYouPath: THANK_YOU_PATH,
			planId,
			offerId,
		}),
	)
}
