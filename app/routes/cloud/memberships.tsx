/**
 * Memberships (spec 2 §2): `/cloud/memberships/:tab?`, and the same plans embedded —
 * MembershipsRCM (`/cloud/app/memberships`, in the cloud manager app) and MembershipsByReact
 * (`/cloud/memberships-embedded`, framed by the brand sites; ADR 0023). The Monthly and Annual
 * tabs show each tier's plan with its price, saving and offer, and one call to action; the
 * Lifetime Keys follow. Every action is a plain form post: no script of its own.
 */
import type { Route } from './+types/memberships'
import type { CtaState } from '#app/domain/cloud-membership-cta.ts'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { membershipsAction, membershipsLoader } from './memberships.server.ts'
import type { PlanView } from './memberships-view.server.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	return membershipsLoader(context, request, params.tab)
}

export async function action({ context, request, url }: Route.ActionArgs) {
	return membershipsAction(context, request, url)
}

const STATUS_KEY = {
	active: 'cloudMemberships.statusActive',
	trial: 'cloudMemberships.statusTrial',
	pending: 'cloudMemberships.statusPending',
	ending: 'cloudMemberships.statusEnding',
} as const satisfies Record<string, CatalogueKey>

type LoaderData = Route.ComponentProps['loaderData']

function PlanAction({ plan, data }: { plan: PlanView; data: LoaderData }) {
	const t = useT()
	const newTab = data.framed ? { target: '_blank', rel: 'noopener' } : {}
	const state: CtaState = plan.cta.state
	if (!data.signedIn) {
		const label =
			state === 'freeTrial'
				? t('cloudMemberships.ctaFreeTrial', { days: plan.freeTrialDays })
				: t('cloudMemberships.ctaBuyNow', { tier: plan.name })
		return (
			<a className="button primary" href={data.links.logIn} data-cta={state} {...newTab}>
				{label}
			</a>
		)
	}
	switch (state) {
		case 'active':
			return (
				<p className="cta-state" data-cta={state}>
					{t('cloudMemberships.ctaActive')}
				</p>
			)
		case 'unavailable':
			return (
				<p className="cta-state" data-cta={state}>
					{t('cloudMemberships.ctaUnavailable')}
				</p>
			)
		case 'resubscribe':
			// The account screen's action resumes the subscription (it runs to its end until then).
			return (
				<form method="post" action="/cloud/account" {...newTab}>
					<input type="hidden" name="intent" value="resubscribe" />
					<input type="hidden" name="subscriptionId" value={plan.cta.subscriptionId} />
					{data.resubscribeEnd ? (
						<p>{t('cloudMemberships.ctaResubscribeNote', { date: data.resubscribeEnd })}</p>
					) : null}
					<button type="submit" className="button primary" data-cta={state}>
						{t('cloudMemberships.ctaResubscribe')}
					</button>
				</form>
			)
		default:
			return (
				<form method="post" {...newTab}>
					<input type="hidden" name="intent" value={state === 'freeTrial' ? 'trial' : 'buy'} />
					<input type="hidden" name="planId" value={plan.planId} />
					{plan.offer ? <input type="hidden" name="offerId" value={plan.offer.id} /> : null}
					{state === 'freeTrial' ? (
						<p>{t('cloudMemberships.ctaFreeTrialNote', { count: plan.freeTrialDays, tier: plan.name })}</p>
					) : null}
					<button type="submit" className="button primary" data-cta={state}>
						{state === 'freeTrial'
							? t('cloudMemberships.ctaFreeTrial', { days: plan.freeTrialDays })
							: state === 'upgrade'
								? t('cloudMemberships.ctaUpgrade', { tier: plan.name })
								: t('cloudMemberships.ctaBuyNow', { tier: plan.name })}
					</button>
				</form>
			)
	}
}

function PlanCard({ plan, data }: { plan: PlanView; data: LoaderData }) {
	const t = useT()
	const headingId = `plan-${plan.planId}`
	// The plan the member pays for (or tries) now: its call to action is the "active" one.
	const current = data.signedIn && plan.cta.state === 'active'
	const price =
		data.interval === 'Annual'
			? t('cloudMemberships.perYear', { price: plan.price })
			: t('cloudMemberships.perMonth', { price: plan.price })
	return (
		<article
			className={current ? 'card stack plan-card plan-current' : 'card stack plan-card'}
			aria-labelledby={headingId}
			data-plan={plan.planId}
		>
			<h3 id={headingId}>{plan.name}</h3>
			{current ? <p className="plan-badge">{t('cloudMemberships.currentPlanLabel')}</p> : null}
			<p className="plan-price">{price}</p>
			{plan.monthlyEquivalent ? (
				<p>{t('cloudMemberships.monthlyEquivalent', { price: plan.monthlyEquivalent })}</p>
			) : null}
			{plan.savingPercent > 0 ? <p>{t('cloudMemberships.saving', { percent: plan.savingPercent })}</p> : null}
			{plan.offer ? (
				<p className="notice">
					{t('cloudMemberships.offer', { name: plan.offer.name, price: plan.offer.price, regular: price })}
				</p>
			) : null}
			<p>{plan.description}</p>
			<p>{t('cloudMemberships.instruments', { count: plan.instrumentCount })}</p>
			<ul aria-label={t('cloudMemberships.includes')}>
				{plan.features.map((feature) => (
					<li key={feature}>{feature}</li>
				))}
			</ul>
			<PlanAction plan={plan} data={data} />
		</article>
	)
}

export default function Memberships({ loaderData: data, actionData }: Route.ComponentProps) {
	const t = useT()
	const newTab = data.framed ? { target: '_blank', rel: 'noopener' } : {}
	const intervalName = data.interval === 'Annual' ? t('cloudMemberships.annual') : t('cloudMemberships.monthly')
	return (
		<div className="stack memberships">
			{actionData && 'errorKey' in actionData ? (
				<p className="notice" role="alert">
					{t(actionData.errorKey as CatalogueKey)}
				</p>
			) : null}
			<p>{t('cloudMemberships.intro')}</p>
			{data.saveUpTo > 0 ? <p>{t('cloudMemberships.saveUpTo', { percent: data.saveUpTo })}</p> : null}
			{data.signedIn ? null : (
				<div className="notice stack" role="note">
					<p>{t('cloudMemberships.anonymousNotice')}</p>
					<p className="actions">
						<a href={data.links.logIn} {...newTab}>
							{t('cloudMemberships.logIn')}
						</a>
						<a href={data.links.signUp} {...newTab}>
							{t('cloudMemberships.createAccount')}
						</a>
						{data.framed ? (
							<a href={data.links.unframed} target="_blank" rel="noopener">
								{t('cloudMemberships.continueInNewTab')}
							</a>
						) : null}
					</p>
					{data.framed ? <p>{t('cloudMemberships.framedNote')}</p> : null}
				</div>
			)}
			{data.current ? (
				<p className="notice" role="status">
					{t('cloudMemberships.current', {
						tier: data.current.tier,
						interval: data.current.interval === 'Annual' ? t('cloudMemberships.annual') : t('cloudMemberships.monthly'),
						// A trial's status says its days left, once.
						status:
							data.current.trialDaysLeft !== null
								? t('cloudMemberships.statusTrialDaysLeft', { count: data.current.trialDaysLeft })
								: t(STATUS_KEY[data.current.status], { date: data.current.endDate ?? '' }),
					})}
				</p>
			) : null}
			<section aria-labelledby="plans-title" className="stack">
				<h2 id="plans-title">{t('cloudMemberships.plansLabel', { interval: intervalName })}</h2>
				<div className="card-grid">
					{data.plans.map((plan) => (
						<PlanCard key={plan.planId} plan={plan} data={data} />
					))}
				</div>
			</section>
			<section aria-labelledby="lifetime-keys-title" className="stack">
				<h2 id="lifetime-keys-title">{t('cloudMemberships.lifetimeKeysTitle')}</h2>
				<p>
					{t('cloudMemberships.lifetimeKeysIntro')}{' '}
					<a href="/cloud/entitlement-key" {...newTab}>
						{t('cloudMemberships.registerKey')}
					</a>
				</p>
				<ul className="card-grid" aria-labelledby="lifetime-keys-title">
					{data.lifetimeKeys.map((key) => (
						<li key={key.id} className="card stack lifetime-key">
							{/* No width and height: a picture that cannot be had takes no room, rather than leave an
							    empty box; the card's text is below it, so only that moves when it comes. */}
							{key.image ? <img className="lifetime-key-image" src={key.image} alt="" loading="lazy" /> : null}
							<h3>{key.name}</h3>
							<p>{key.description}</p>
							<p>{t('cloudMemberships.lifetimeKeyPrice', { price: key.price })}</p>
						</li>
					))}
				</ul>
			</section>
		</div>
	)
}
