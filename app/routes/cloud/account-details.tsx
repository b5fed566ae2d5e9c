/**
 * Account details (AccountDetails, `/cloud/account`, no tabs; spec 2 §2–§4): the member's subscriptions
 * (type, status and source in words, created, next charge, end date), the Play2-4Life loyalty program
 * with the choice of reward instruments (reviewed, then confirmed), the billing history a page at a time
 * (`?page=`), the processor's payment-information page, and resubscribing (also posted here by the
 * memberships screen). The three reads are made at once and never cached.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/account-details'
import {
	billingPageHref,
	canCancel,
	canResubscribe,
	isRunning,
	pageOf,
	parsePage,
	sourceName,
	statusName,
	typeName,
} from '#app/domain/cloud-account.ts'
import { formatDay, formatMoney } from '#app/domain/formats.ts'
import { PaymentInformationSchema, ResubscribeSchema, rewardChoiceSchema } from '#app/domain/cloud-account-forms.ts'
import { choiceFinality, choiceOpen, rewardChoiceChange } from '#app/domain/cloud-loyalty.ts'
import { isAllowedRedirect } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import {
	deleteUserProduct,
	getPaymentInformationUrl,
	getUserRuleStatus,
	getUserSubscriptions,
	putUserProduct,
} from '#app/upstream/cloud.server.ts'
import type { LoyaltyProgram, Subscription } from '#app/upstream/contract/cloud.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { FormErrors, formResult, SubmitButton, type FormResult } from '#app/ui/form.tsx'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import {
	accountDetails,
	cloudActionFailure,
	cloudCredentials,
	localeOf,
	NotResubscribable,
	PRIVATE_HEADERS,
	resubscribe,
} from './account-data.server.ts'

type Context = Readonly<RouterContextProvider>

const ACCOUNT_PATH = '/cloud/account'
const LOYALTY_PATH = `${ACCOUNT_PATH}#loyalty`
/** Back to the choice from its review: another address than the review's, so the browser loads it. */
const LOYALTY_EDIT_PATH = `${ACCOUNT_PATH}?edit=loyalty#loyalty`

/** The subscription a Play2-4Life program counts: the running reward-eligible one. */
function rewardMembership(subscriptions: readonly Subscription[], now: number) {
	return subscriptions.find((s) => s.rewardEligible && s.type === 1 && isRunning(s, now))
}

function loyaltyView(program: LoyaltyProgram, subscriptions: readonly Subscription[], locale: string, now: number) {
	const finality = choiceFinality(program, rewardMembership(subscriptions, now))
	return {
		rewardsStatus: program.rewardsStatus,
		monthsRemaining: program.monthsRemaining,
		monthsRequired: program.monthsRequired,
		maxRewardInstruments: program.maxRewardInstruments,
		open: choiceOpen(program),
		instrumentsAvailable: program.instrumentsAvailable.map(({ productId, name }) => ({ productId, name })),
		current: program.currentRewardInstruments.map(({ productId, name }) => ({ productId, name })),
		finality:
			finality.kind === 'membershipEnds' ? { ...finality, endDate: formatDay(finality.endDate, locale) } : finality,
	}
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
	const credentials = await cloudCredentials(context, request)
	const [subscriptions, payments, rules] = await orUpstreamUnavailable(accountDetails(credentials, request.signal))
	const locale = localeOf(context)
	const now = Date.now()
	const day = (iso: string | null) => (iso ? formatDay(iso, locale) : null)
	const billing = pageOf(payments, parsePage(url.searchParams.get('page')))
	return {
		subscriptions: subscriptions.map((s) => ({
			id: s.subscriptionId,
			membership: s.membershipName,
			interval: s.interval,
			type: typeName(s.type),
			status: statusName(s.status),
			source: sourceName(s.source),
			created: day(s.createdDate),
			nextCharge: day(s.nextChargeDate),
			end: day(s.endDate),
			price: s.price ? formatMoney(s.price.amount, s.price.currency, locale) : null,
			paymentMethod: s.paymentMethod,
			canCancel: canCancel(s, now),
			canResubscribe: canResubscribe(s, now),
			cancelPath: `${ACCOUNT_PATH}/cancel/${encodeURIComponent(s.subscriptionId)}`,
			paymentInformation: s.processorStatus !== 'NotApplicable' && isRunning(s, now),
		})),
		loyalty: loyaltyView(rules.loyaltyProgram, subscriptions, locale, now),
		billing: {
			page: billing.page,
			pageCount: billing.pageCount,
			total: billing.total,
			previous: billing.page > 1 ? billingPageHref(ACCOUNT_PATH, billing.page - 1) : null,
			next: billing.page < billing.pageCount ? billingPageHref(ACCOUNT_PATH, billing.page + 1) : null,
			items: billing.items.map((p) => ({
				id: p.paymentId,
				date: formatDay(p.date, locale),
				item: p.description,
				amount: formatMoney(p.amount.amount, p.amount.currency, locale),
				currency: p.amount.currency,
				status: p.status,
			})),
		},
	}
}

export function headers() {
	return PRIVATE_HEADERS
}

export async function action({ context, request }: Route.ActionArgs) {
	const credentials = await cloudCredentials(context, request)
	const form = submittedForm(context)
	const intent = form.get('intent')

	if (intent === 'loyalty-review' || intent === 'loyalty-confirm') {
		const program = (await orUpstreamUnavailable(getUserRuleStatus(credentials.idToken, { signal: request.signal })))
			.loyaltyProgram
		const submission = parseWithZod(form, { schema: rewardChoiceSchema(program) })
		if (!choiceOpen(program)) {
			return data(
				{ result: submission.reply({ formErrors: ['cloudAccount.loyalty.errors.closed'] }), intent },
				{ status: 409 },
			)
		}
		if (submission.status !== 'success')
			return data({ result: submission.reply(), intent: 'loyalty-review' }, { status: 400 })
		const chosen = submission.value.productIds
		if (intent === 'loyalty-review') {
			const names = new Map(program.instrumentsAvailable.map((i) => [i.productId, i.name]))
			const subscriptions = await orUpstreamUnavailable(
				getUserSubscriptions(credentials.idToken, { signal: request.signal }),
			)
			const view = loyaltyView(program, subscriptions, localeOf(context), Date.now())
			return { intent, review: { productIds: chosen, names: chosen.map((id) => names.get(id) ?? id) }, view }
		}
		const change = rewardChoiceChange(program.currentRewardInstruments, chosen)
		const ruleId = program.UserRuleId!
		try {
			// Give back first: a member at their tier's number swaps one instrument for another.
			if (change.remove.length)
				await deleteUserProduct(
					credentials.idToken,
					{ UserRuleId: ruleId, productIds: change.remove },
					{ signal: request.signal },
				)
			if (change.add.length)
				await putUserProduct(
					credentials.idToken,
					{ UserRuleId: ruleId, productIds: change.add },
					{ signal: request.signal },
				)
		} catch (error) {
			return cloudActionFailure(submission, error, 'cloudAccount.loyalty.errors.refused', { intent })
		}
		return redirectWithToast(context as Context, LOYALTY_PATH, {
			type: 'success',
			message: 'cloudAccount.loyalty.saved',
		})
	}

	if (intent === 'payment-information') {
		const submission = parseWithZod(form, { schema: PaymentInformationSchema })
		if (submission.status !== 'success') return data({ result: submission.reply(), intent }, { status: 400 })
		let target: string
		try {
			const answer = await getPaymentInformationUrl(credentials.idToken, submission.value.subscriptionId, {
				signal: request.signal,
			})
			target = answer.url
		} catch (error) {
			return cloudActionFailure(submission, error, 'cloudAccount.paymentInformation.unavailable', { intent })
		}
		const env = getEnv()
		// Spec 2 §4: a redirect out of the portal goes only to an allowed origin.
		if (!isAllowedRedirect(target, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS)) {
			return data(
				{ result: submission.reply({ formErrors: ['cloudAccount.paymentInformation.unavailable'] }), intent },
				{ status: 502 },
			)
		}
		return redirect(target)
	}

	const submission = parseWithZod(form, { schema: ResubscribeSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), intent }, { status: 400 })
	try {
		await resubscribe(credentials, submission.value.subscriptionId, request.signal)
	} catch (error) {
		if (error instanceof NotResubscribable || (isUpstreamError(error) && error.status === 404)) {
			return data(
				{ result: submission.reply({ formErrors: ['cloudAccount.resubscribe.notPossible'] }), intent },
				{ status: 409 },
			)
		}
		return cloudActionFailure(submission, error, 'cloudAccount.resubscribe.notPossible', { intent })
	}
	return redirectWithToast(context as Context, ACCOUNT_PATH, {
		type: 'success',
		message: 'cloudAccount.resubscribe.done',
	})
}

type LoaderData = Route.ComponentProps['loaderData']
type SubscriptionView = LoaderData['subscriptions'][number]
type LoyaltyView = LoaderData['loyalty']

export default function AccountDetails({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const result = formResult(actionData && 'result' in actionData ? actionData : null)
	const intent = actionData && 'intent' in actionData ? actionData.intent : null
	const review = actionData && 'review' in actionData ? actionData : null
	const { subscriptions, loyalty, billing } = loaderData
	const subscriptionErrors = intent === 'resubscribe' || intent === 'payment-information' ? result : undefined
	return (
		<>
			<section aria-labelledby="subscriptions-title">
				<h2 id="subscriptions-title">{t('cloudAccount.subscriptions.title')}</h2>
				<FormErrors result={subscriptionErrors} />
				{subscriptions.length === 0 ? (
					<p className="notice">
						{t('cloudAccount.subscriptions.none')}{' '}
						<Link to="/cloud/memberships">{t('cloudAccount.subscriptions.seeMemberships')}</Link>
					</p>
				) : (
					<ul className="stack cloud-subscriptions">
						{subscriptions.map((s) => (
							<li key={s.id}>
								<SubscriptionCard subscription={s} />
							</li>
						))}
					</ul>
				)}
			</section>
			<LoyaltySection
				loyalty={review?.view ?? loyalty}
				review={review?.review ?? null}
				result={intent === 'loyalty-review' || intent === 'loyalty-confirm' ? result : undefined}
			/>
			<section id="billing-history" aria-labelledby="billing-title">
				<h2 id="billing-title">{t('cloudAccount.billing.title')}</h2>
				{billing.total === 0 ? (
					<p>{t('cloudAccount.billing.none')}</p>
				) : (
					<>
						<table className="spec-table billing-table">
							<caption>{t('cloudAccount.billing.caption', { page: billing.page, pages: billing.pageCount })}</caption>
							<thead>
								<tr>
									<th scope="col">{t('cloudAccount.billing.date')}</th>
									<th scope="col">{t('cloudAccount.billing.item')}</th>
									<th scope="col">{t('cloudAccount.billing.amount')}</th>
									<th scope="col">{t('cloudAccount.billing.currency')}</th>
									<th scope="col">{t('cloudAccount.billing.status')}</th>
								</tr>
							</thead>
							<tbody>
								{billing.items.map((p) => (
									<tr key={p.id}>
										<td>{p.date}</td>
										<td>{p.item}</td>
										<td>{p.amount}</td>
										<td>{p.currency}</td>
										<td>{t(`cloudAccount.paymentStatus.${p.status}`)}</td>
									</tr>
								))}
							</tbody>
						</table>
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
		</>
	)
}

function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
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

function LoyaltySection({
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
