/**
 * The account screen's Play2-4Life section (AccountDetails, `/cloud/account`): the reward instruments,
 * their choice and its review.
 */
import { Form, Link } from 'react-router'
import type { Route } from './+types/account-details'
import { FormErrors, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { ACCOUNT_PATH } from './account-details-views.tsx'

/** Back to the choice from its review: another address than the review's, so the browser loads it. */
const LOYALTY_EDIT_PATH = `${ACCOUNT_PATH}?edit=loyalty#loyalty`

type LoyaltyView = Route.ComponentProps['loaderData']['loyalty']

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
