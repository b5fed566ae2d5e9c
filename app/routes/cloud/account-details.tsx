/**
 * Account details (AccountDetails, `/cloud/account`, no tabs; spec 2 §2–§4): the member's subscriptions
 * (type, status and source in words, created, next charge, end date), the Play2-4Life loyalty program
 * with the choice of reward instruments (reviewed, then confirmed), the billing history a page at a time
 * (`?page=`), the processor's payment-information page, and resubscribing (also posted here by the
 * memberships screen). The three reads are made at once and never cached.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/account-details'
import {
	billingPageHref,
	canCancel,
	canResubscribe,
	pageOf,
	parsePage,
	sourceName,
	statusName,
	typeName,
} from '#app/domain/cloud-account.ts'
import { formatDay, formatMoney } from '#app/domain/formats.ts'
import { PaymentInformationSchema, ResubscribeSchema, rewardChoiceSchema } from '#app/domain/cloud-account-forms.ts'
import { choiceFinality, choiceOpen, rewardMembership } from '#app/domain/cloud-loyalty.ts'
import { isRunning } from '#app/domain/cloud-subscription-codes.ts'
import { isAllowedRedirect } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { accountDetails, changeRewardInstruments, NotResubscribable, resubscribe } from '#app/services/cloud.server.ts'
import { getPaymentInformationUrl, getUserRuleStatus, getUserSubscriptions } from '#app/upstream/cloud.server.ts'
import type { LoyaltyProgram, Subscription } from '#app/upstream/contract/cloud.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { FormErrors, formResult } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { cloudActionFailure, cloudCredentials, localeOf, PRIVATE_HEADERS } from './account-data.server.ts'
import { ACCOUNT_PATH, BillingHistory, SubscriptionCard } from './account-details-views.tsx'
import { LoyaltySection } from './account-loyalty.tsx'

type Context = Readonly<RouterContextProvider>

const LOYALTY_PATH = `${ACCOUNT_PATH}#loyalty`

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
		if (intent === 'loyalty-review') {
			const chosen = submission.value.productIds
			const names = new Map(program.instrumentsAvailable.map((i) => [i.productId, i.name]))
			const subscriptions = await orUpstreamUnavailable(
				getUserSubscriptions(credentials.idToken, { signal: request.signal }),
			)
			const view = loyaltyView(program, subscriptions, localeOf(context), Date.now())
			return { intent, review: { productIds: chosen, names: chosen.map((id) => names.get(id) ?? id) }, view }
		}
		try {
			await changeRewardInstruments(credentials, program, submission.value.productIds, request.signal)
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
			<BillingHistory billing={billing} />
		</>
	)
}
