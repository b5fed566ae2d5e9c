/**
 * The account screen's parts (AccountDetails, `/cloud/account`): a subscription's card, the Play2-4Life
 * section with its choice and review, and the billing history. The route module holds the loader and
 * the action.
 */
import { Form, Link } from 'react-router'
import type { Route } from './+types/account-details'
import { DataTable } from '#app/ui/data-table.tsx'
import { FormErrors, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'

export const ACCOUNT_PATH = '/cloud/account'
/** Back to the choice from its review: another address than the review's, so the browser loads it. */
const LOYALTY_EDIT_PATH = `${ACCOUNT_PATH}?edit=loyalty#loyalty`

type LoaderData = Route.ComponentProps['loaderData']
type SubscriptionView = LoaderData['subscriptions'][number]
type LoyaltyView = LoaderData['loyalty']
type BillingView = LoaderData['billing']

/** The billing history, a page at a time. */
export function BillingHistory({ billing }: { billing: BillingView }) {
	const t = useT()
	return (
		<section id="billing-history" aria-labelledby="billing-title">
			<h2 id="billing-title">{t('cloudAccount.billing.title')}</h2>
			{billing.total === 0 ? (
				<p>{t('cloudAccount.billing.none')}</p>
			) : (
				<>
					<DataTable
						className="spec-table billing-table"
						caption={t('cloudAccount.billing.caption', { page: billing.page, pages: billing.pageCount })}
						columns={[
							t('cloudAccount.billing.date'),
							t('cloudAccount.billing.item'),
							t('cloudAccount.billing.amount'),
							t('cloudAccount.billing.currency'),
							t('cloudAccount.billing.status'),
						]}
						rows={billing.items.map((p) => ({
							key: p.id,
							cells: [p.date, p.item, p.amount, p.currency, t(`cloudAccount.paymentStatus.${p.status}`)],
						}))}
					/>
					{billing.pageCount > 1 ? (
						<nav className="pagination" aria-label={t('cloudAccount.billing.pages')}>
							<ul>
								{billing.previous ? (
									<li>
										<Link to={billing.previous} rel="prev">
											{t('cloudAccount.billing.previous')}
										</Link>
									</li>
								) : null}
								{billing.next ? (
									<li>
										<Link to={billing.next} rel="next">
											{t('cloudAccount.billing.next')}
										</Link>
									</li>
								) : null}
							</ul>
						</nav>
					) : null}
				</>
			)}
		</section>
	)
}

export function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
	const t = useT()
	const titleId = `subscription-${s.id}`
	const none = t('cloudAccount.subscriptions.notSet')
	return (
		<article className="gear-card cloud-subscription" aria-labelledby={titleId}>
			<div className="gear-details">
				<h3 id={titleId}>
					{t('cloudAccount.subscriptions.membership', {
						name: s.membership,
						interval: t(`cloudAccount.interval.${s.interval}`),
					})}
				</h3>
				<dl className="summary">
					<dt>{t('cloudAccount.subscriptions.type')}</dt>
					<dd>{t(`cloudAccount.type.${s.type}`)}</dd>
					<dt>{t('cloudAccount.subscriptions.status')}</dt>
					<dd>{t(`cloudAccount.status.${s.status}`)}</dd>
					<dt>{t('cloudAccount.subscriptions.source')}</dt>
					<dd>{t(`cloudAccount.source.${s.source}`)}</dd>
					<dt>{t('cloudAccount.subscriptions.created')}</dt>
					<dd>{s.created}</dd>
					<dt>{t('cloudAccount.subscriptions.nextCharge')}</dt>
					<dd>{s.nextCharge ?? none}</dd>
					<dt>{t('cloudAccount.subscriptions.endDate')}</dt>
					<dd>{s.end ?? none}</dd>
					{s.price ? (
						<>
							<dt>{t('cloudAccount.subscriptions.price')}</dt>
							<dd>{s.price}</dd>
						</>
					) : null}
					{s.paymentMethod ? (
						<>
							<dt>{t('cloudAccount.subscriptions.paymentMethod')}</dt>
							<dd>{s.paymentMethod}</dd>
						</>
					) : null}
				</dl>
				{s.status === 'NonRenew' && s.end ? (
					<p className="notice">{t('cloudAccount.subscriptions.accessUntil', { date: s.end })}</p>
				) : null}
				<div className="actions">
					{s.canResubscribe ? (
						<Form method="post" action={ACCOUNT_PATH}>
							<input type="hidden" name="subscriptionId" value={s.id} />
							<SubmitButton name="intent" value="resubscribe">
								{t('cloudAccount.resubscribe.button')}
							</SubmitButton>
						</Form>
					) : null}
					{s.paymentInformation ? (
						<Form method="post" action={ACCOUNT_PATH} reloadDocument>
							<input type="hidden" name="subscriptionId" value={s.id} />
							<button type="submit" name="intent" value="payment-information" className="button">
								{t('cloudAccount.paymentInformation.button')}
							</button>
						</Form>
					) : null}
					{s.canCancel ? <Link to={s.cancelPath}>{t('cloudAccount.cancel.link')}</Link> : null}
				</div>
			</div>
		</article>
	)
}

export function LoyaltySection({
	loyalty,
	review,
	result,
}: {
	loyalty: LoyaltyView
	review: { productIds: string[]; names: string[] } | null
	result: FormResult | undefined
}) {
	const t = useT()
	const chosen = new Set(
		Array.isArray(result?.initialValue?.productIds)
			? (result.initialValue.productIds as string[])
			: loyalty.current.map((i) => i.productId),
	)
	const finality = loyalty.finality
	const finalityText =
		finality.kind === 'membershipEnds'
			? t('cloudAccount.loyalty.finalAfterEnd', { date: finality.endDate })
			: finality.kind === 'afterMonths'
				? t('cloudAccount.loyalty.finalAfterMonths', { count: finality.months })
				: t('cloudAccount.loyalty.final')
	return (
		<section id="loyalty" aria-labelledby="loyalty-title">
			<h2 id="loyalty-title">{t('cloudAccount.loyalty.title')}</h2>
			<p>{t('cloudAccount.loyalty.intro', { count: loyalty.monthsRequired })}</p>
			<dl className="summary">
				<dt>{t('cloudAccount.loyalty.rewardsStatus')}</dt>
				<dd>{t(`cloudAccount.loyalty.status.${loyalty.rewardsStatus}`)}</dd>
				<dt>{t('cloudAccount.loyalty.monthsRemaining')}</dt>
				<dd>{loyalty.monthsRemaining}</dd>
				<dt>{t('cloudAccount.loyalty.current')}</dt>
				<dd>
					{loyalty.current.length
						? loyalty.current.map((i) => i.name).join(', ')
						: t('cloudAccount.loyalty.noneChosen')}
				</dd>
			</dl>
			<h3 id="instruments-title">{t('cloudAccount.loyalty.available')}</h3>
			<ul aria-labelledby="instruments-title">
				{loyalty.instrumentsAvailable.map((i) => (
					<li key={i.productId}>{i.name}</li>
				))}
			</ul>
			{review ? (
				<div className="dialog" role="region" aria-labelledby="loyalty-confirm-title">
					<h3 id="loyalty-confirm-title">{t('cloudAccount.loyalty.confirmTitle')}</h3>
					<p>
						{review.names.length
							? t('cloudAccount.loyalty.confirmChoice', { instruments: review.names.join(', ') })
							: t('cloudAccount.loyalty.confirmNone')}
					</p>
					<p>
						<strong>{finalityText}</strong>
					</p>
					<Form method="post" action={ACCOUNT_PATH} className="actions">
						{review.productIds.map((id) => (
							<input key={id} type="hidden" name="productIds" value={id} />
						))}
						<SubmitButton name="intent" value="loyalty-confirm">
							{t('cloudAccount.loyalty.confirm')}
						</SubmitButton>
						<Link className="button" to={LOYALTY_EDIT_PATH}>
							{t('cloudAccount.loyalty.changeChoice')}
						</Link>
					</Form>
				</div>
			) : loyalty.open ? (
				<Form method="post" action={ACCOUNT_PATH} className="form" noValidate>
					<FormErrors result={result} />
					<fieldset aria-describedby="loyalty-finality">
						<legend>{t('cloudAccount.loyalty.choose', { count: loyalty.maxRewardInstruments })}</legend>
						{loyalty.instrumentsAvailable.map((i) => (
							<div className="field field-checkbox" key={i.productId}>
								<input
									id={`reward-${i.productId}`}
									type="checkbox"
									name="productIds"
									value={i.productId}
									defaultChecked={chosen.has(i.productId)}
								/>
								<label htmlFor={`reward-${i.productId}`}>{i.name}</label>
							</div>
						))}
						<FieldErrors result={result} />
					</fieldset>
					<p id="loyalty-finality">{finalityText}</p>
					<SubmitButton name="intent" value="loyalty-review">
						{t('cloudAccount.loyalty.review')}
					</SubmitButton>
				</Form>
			) : (
				<>
					<FormErrors result={result} />
					<p className="notice">
						{loyalty.rewardsStatus === 'NotEnrolled'
							? t('cloudAccount.loyalty.notEnrolled')
							: t('cloudAccount.loyalty.final')}
					</p>
				</>
			)}
		</section>
	)
}

/** The choice's own errors (too many, not offered), tied to the fieldset's end. */
function FieldErrors({ result }: { result: FormResult | undefined }) {
	const t = useT()
	const errors = result?.error?.productIds ?? []
	if (!errors.length) return null
	return (
		<div role="alert">
			<ul className="field-errors">
				{errors.map((error) => (
					<li key={error}>{t(error as CatalogueKey)}</li>
				))}
			</ul>
		</div>
	)
}
