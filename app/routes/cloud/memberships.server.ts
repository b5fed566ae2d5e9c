/**
 * What the memberships screens (Memberships, MembershipsRCM, MembershipsByReact) do on the
 * server: the plans of a tab with their prices, offers and call to action, and the two actions
 * that start a subscription — the free trial (post-subscription, type Trial) and a purchase or
 * upgrade (validate a checkout, then send the browser to the processor's checkout page, which
 * comes back to the thank-you page).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import {
	currentSubscription,
	isTrial,
	membershipCta,
	planFeatures,
	showsOffer,
	type Cta,
} from '#app/domain/cloud-membership-cta.ts'
import {
	bestOffer,
	daysLeft,
	discounted,
	intervalOfTab,
	upToSavingPercent,
	visitorOffers,
	annualSavingPercent,
	type MembershipTab,
} from '#app/domain/cloud-membership-plans.ts'
import { formatLongDate, formatMoney } from '#app/domain/formats.ts'
import { isAllowedRedirect, REDIRECT_PARAM } from '#app/domain/redirect.ts'
import type { ScreenName } from '#app/domain/screens.ts'
import { getEnv } from '#app/env.server.ts'
import { preferencesContext, screenContext, sessionContext } from '#app/request-context.server.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { cloudOffers, lifetimeKeys, membershipProducts } from '#app/upstream/cloud-lists.server.ts'
import {
	getCustomersOffers,
	getUserSubscriptions,
	postSubscription,
	validateToken,
} from '#app/upstream/cloud.server.ts'
import {
	FREE_TRIAL_DAYS,
	SUBSCRIPTION_SOURCE,
	SUBSCRIPTION_STATUS,
	SUBSCRIPTION_TYPE,
	type MembershipProduct,
	type Offer,
	type Subscription,
} from '#app/upstream/contract/cloud.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { pictureSrc } from '#app/upstream/pictures.server.ts'

type Context = Readonly<RouterContextProvider>

/** The processor a purchase is checked out with (spec 2 §3 source FastSpring). */
export const CHECKOUT_SOURCE = SUBSCRIPTION_SOURCE.FastSpring
/** Where the processor's checkout sends the browser back to, and where a trial lands. */
export const THANK_YOU_PATH = '/cloud/checkout'
export const MEMBERSHIPS_PATH = '/cloud/memberships'

/** Framed by the brand sites: actions and sign-in open a new tab, where the session cookie always works. */
export const isFramedScreen = (screen: ScreenName) => screen === 'MembershipsByReact'

const rankOf = (tiers: readonly MembershipProduct[]) => (id: string) => tiers.find((t) => t.id === id)?.rank ?? 0

export function dateFormatter(culture: string) {
	return (iso: string) => formatLongDate(iso, culture)
}

const moneyText = (money: { amount: number; currency: string }, culture: string) =>
	formatMoney(money.amount, money.currency, culture)

export interface PlanView {
	planId: string
	membershipProductId: string
	name: string
	description: string
	features: string[]
	instrumentCount: number
	price: string
	/** Annual plans: what the price comes to a month, and the saving against twelve monthly payments. */
	monthlyEquivalent: string | null
	savingPercent: number
	offer: { id: string; name: string; price: string } | null
	cta: Cta
	freeTrialDays: number
}

export interface CurrentView {
	tier: string
	interval: 'Monthly' | 'Annual'
	status: 'active' | 'trial' | 'pending' | 'ending'
	endDate: string | null
	trialDaysLeft: number | null
}

function planViews(
	tiers: readonly MembershipProduct[],
	interval: 'Monthly' | 'Annual',
	subscriptions: readonly Subscription[],
	offers: readonly Offer[],
	culture: string,
	now: number,
): PlanView[] {
	return tiers.flatMap((tier) => {
		const plan = tier.plans.find((p) => p.interval === interval)
		if (!plan) return []
		const monthly = tier.plans.find((p) => p.interval === 'Monthly')
		const cta = membershipCta(
			{ planId: plan.id, membershipProductId: tier.id, rank: tier.rank, freeTrialDays: tier.freeTrialDays },
			subscriptions,
			rankOf(tiers),
			now,
		)
		const offer = showsOffer(cta) ? bestOffer(plan.id, offers, now) : undefined
		return [
			{
				planId: plan.id,
				membershipProductId: tier.id,
				name: tier.name,
				description: tier.description,
				features: planFeatures(tier.features, cta),
				instrumentCount: tier.productIds.length,
				price: moneyText(plan.price, culture),
				monthlyEquivalent:
					interval === 'Annual'
						? formatMoney(Math.round((plan.price.amount / 12) * 100) / 100, plan.price.currency, culture)
						: null,
				savingPercent: interval === 'Annual' && monthly ? annualSavingPercent(monthly.price, plan.price) : 0,
				offer: offer
					? {
							id: offer.id,
							name: offer.name,
							price: moneyText(discounted(plan.price, offer.discountPercent), culture),
						}
					: null,
				cta,
				freeTrialDays: tier.freeTrialDays,
			},
		]
	})
}

export function currentView(
	subscriptions: readonly Subscription[],
	tiers: readonly MembershipProduct[],
	culture: string,
	now: number,
): CurrentView | null {
	const current = currentSubscription(subscriptions, rankOf(tiers), now)
	if (!current) return null
	const date = dateFormatter(culture)
	const trial = isTrial(current)
	return {
		tier: current.membershipName,
		interval: current.interval,
		status: trial
			? 'trial'
			: current.status === SUBSCRIPTION_STATUS.SubscriptionPending
				? 'pending'
				: current.status === SUBSCRIPTION_STATUS.NonRenew
					? 'ending'
					: 'active',
		endDate: current.endDate ? date(current.endDate) : null,
		trialDaysLeft: trial && current.endDate ? daysLeft(current.endDate, now) : null,
	}
}

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
	const [tiers, keys, allOffers, mine] = await orUpstreamUnavailable(
		Promise.all([
			membershipProducts(),
			lifetimeKeys(),
			credentials ? Promise.resolve([]) : cloudOffers(),
			credentials
				? Promise.all([
						getUserSubscriptions(credentials.idToken, { signal: request.signal }),
						getCustomersOffers(credentials.idToken, {}, { signal: request.signal }),
					])
				: null,
		]),
	)
	const subscriptions = mine?.[0] ?? []
	const offers = mine ? mine[1] : visitorOffers(allOffers, now)
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
		current: currentView(subscriptions, tiers, culture, now),
		resubscribeEnd: resubscribeEnd(subscriptions, culture, now),
		lifetimeKeys: keys.map((k) => ({
			id: k.id,
			name: k.name,
			description: k.description,
			image: pictureSrc(k.image),
			price: moneyText(k.price, culture),
		})),
		links: accountLinks(tab),
	}
}

function resubscribeEnd(subscriptions: readonly Subscription[], culture: string, now: number): string | null {
	const ending = subscriptions.find(
		(s) => s.status === SUBSCRIPTION_STATUS.NonRenew && s.endDate && Date.parse(s.endDate) > now,
	)
	return ending?.endDate ? dateFormatter(culture)(ending.endDate) : null
}

const StartSchema = z.object({
	intent: z.enum(['trial', 'buy']),
	planId: z.string().min(1).max(128),
	offerId: z.string().min(1).max(128).optional(),
})

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
	const submission = parseWithZod(submittedForm(context), { schema: StartSchema })
	if (submission.status !== 'success') {
		return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.planNotOffered' })
	}
	const { intent, planId, offerId } = submission.value
	try {
		const [tiers, subscriptions] = await Promise.all([
			membershipProducts(),
			getUserSubscriptions(credentials.idToken, { signal: request.signal }),
		])
		const tier = tiers.find((t) => t.plans.some((p) => p.id === planId))
		const cta =
			tier &&
			membershipCta(
				{ planId, membershipProductId: tier.id, rank: tier.rank, freeTrialDays: tier.freeTrialDays },
				subscriptions,
				rankOf(tiers),
				Date.now(),
			)
		if (intent === 'trial') {
			if (cta?.state !== 'freeTrial')
				return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.trialRefused' })
			await postSubscription(
				credentials.idToken,
				{ type: SUBSCRIPTION_TYPE.Trial, planIds: [planId] },
				{ signal: request.signal },
			)
			logMilestone(context, url.pathname, 'trial_started', { planId })
			return redirectWithToast(context, THANK_YOU_PATH, {
				type: 'success',
				message: 'cloudMemberships.trialStarted',
				values: { days: String(FREE_TRIAL_DAYS) },
			})
		}
		if (!tier || (cta?.state !== 'buyNow' && cta?.state !== 'upgrade'))
			return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.planNotOffered' })
		const checkout = await validateToken(
			credentials.idToken,
			{
				source: CHECKOUT_SOURCE,
				email: credentials.email,
				planIds: [planId],
				productIds: [tier.id],
				offerId: offerId ?? null,
			},
			{ signal: request.signal },
		)
		const env = getEnv()
		// Only to a configured processor origin (spec 2 §4: redirects go to an allowed list of origins).
		if (!isAllowedRedirect(checkout.checkoutUrl, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS))
			return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.checkoutRefused' })
		const back = new URL(THANK_YOU_PATH, env.PORTAL_URL)
		back.searchParams.set('plan', planId)
		if (offerId) back.searchParams.set('offer', offerId)
		const target = new URL(checkout.checkoutUrl)
		target.searchParams.set('return', back.toString())
		return redirect(target.toString())
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		// Refused by the API (a trial no longer possible, an offer gone…): said where the user was.
		if (error.kind === 'status' && (error.status ?? 0) < 500)
			return redirectWithToast(context, backTo(url), { type: 'error', message: 'cloudMemberships.checkoutRefused' })
		return data({ errorKey: userMessageKey(error) ?? 'toast.tryAgain' }, { status: 503 })
	}
}
