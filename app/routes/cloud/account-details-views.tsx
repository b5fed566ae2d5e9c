/**
 * The account screen's parts (AccountDetails, `/cloud/account`): a subscription's card and the billing
 * history (the Play2-4Life section is in account-loyalty.tsx). The route module holds the loader and
 * the action.
 */
import { Form, Link } from 'react-router'
import type { Route } from './+types/account-details'
import { DataTable } from '#app/ui/data-table.tsx'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'

export const ACCOUNT_PATH = '/cloud/account'

type LoaderData = Route.ComponentProps['loaderData']
type SubscriptionView = LoaderData['subscriptions'][number]
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
