/**
 * Cancel subscription (CancelSubscription, `/cloud/account/cancel/:subscriptionId`; spec 2 §3, §4): a
 * reason of the seven and optional details, then a confirmation that says what cancelling means (access
 * to the end of the billing cycle, lifetime keys kept; a trial ends at once), then the processor's
 * delete and the no-renew post with the reason as the request takes it (app/domain/cloud-cancel-reasons.ts).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/cancel-subscription'
import { CancelFormSchema } from '#app/domain/cloud-account-forms.ts'
import { canCancel } from '#app/domain/cloud-account.ts'
import { formatDay } from '#app/domain/formats.ts'
import { cancellationReasonOf } from '#app/domain/cloud-cancel-reasons.ts'
import { SUBSCRIPTION_TYPE } from '#app/domain/cloud-subscription-codes.ts'
import { logMilestone } from '#app/logging/page-view.server.ts'
import { orNullAfterPost, redirectWithToast } from '#app/responses.server.ts'
import { cancelSubscription, getUserSubscriptions } from '#app/upstream/cloud.server.ts'
import type { Subscription } from '#app/upstream/contract/cloud.ts'
import { FormErrors, formResult, SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { cloudActionFailure, cloudCredentials, localeOf, PRIVATE_HEADERS } from './account-data.server.ts'
import { DetailsField, ReasonField } from './cancel-reason-fields.tsx'

const ACCOUNT_PATH = '/cloud/account'

function subscriptionIn(subscriptions: readonly Subscription[], subscriptionId: string) {
	const subscription = subscriptions.find((s) => s.subscriptionId === subscriptionId)
	if (!subscription) throw data({ errorKey: 'cloudAccount.cancel.notFound' }, { status: 404 })
	return subscription
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const credentials = await cloudCredentials(context, request)
	// After a post whose read failed (the action kept the reason typed, with a 503), the form is shown
	// without the subscription's details rather than an error page in its place.
	const subscriptions = await orNullAfterPost(
		context,
		getUserSubscriptions(credentials.idToken, { signal: request.signal }),
	)
	if (!subscriptions) return { membership: null, trial: false, cancellable: true, accessUntil: null }
	const s = subscriptionIn(subscriptions, params.subscriptionId)
	const locale = localeOf(context)
	return {
		membership: s.membershipName as string | null,
		trial: s.type === SUBSCRIPTION_TYPE.Trial,
		cancellable: canCancel(s, Date.now()),
		// Where the billing cycle ends: the next charge of a paid subscription, a trial's end.
		accessUntil: s.nextChargeDate
			? formatDay(s.nextChargeDate, locale)
			: s.endDate
				? formatDay(s.endDate, locale)
				: null,
	}
}

export function headers() {
	return PRIVATE_HEADERS
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const credentials = await cloudCredentials(context, request)
	const submission = parseWithZod(submittedForm(context), { schema: CancelFormSchema })
	let subscriptions: Subscription[]
	try {
		subscriptions = await getUserSubscriptions(credentials.idToken, { signal: request.signal })
	} catch (error) {
		// The reason and details come back as typed with the outage message, to send again.
		return cloudActionFailure(submission, error, 'cloudAccount.cancel.notCancellable')
	}
	const subscription = subscriptionIn(subscriptions, params.subscriptionId)
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	if (!canCancel(subscription, Date.now())) {
		return data({ result: submission.reply({ formErrors: ['cloudAccount.cancel.notCancellable'] }) }, { status: 409 })
	}
	const { reason, details, step } = submission.value
	if (step === 'review') return { review: { reason, details: details ?? '' } }
	try {
		await cancelSubscription(
			credentials.idToken,
			{
				subscriptionId: subscription.subscriptionId,
				cancellationReason: cancellationReasonOf(reason),
				...(details ? { cancellationComment: details } : {}),
			},
			{ signal: request.signal },
		)
	} catch (error) {
		return cloudActionFailure(submission, error, 'cloudAccount.cancel.notCancellable')
	}
	logMilestone(context, new URL(request.url).pathname, 'cancelled', {
		cancellationReason: cancellationReasonOf(reason),
	})
	return redirectWithToast(context, ACCOUNT_PATH, {
		type: 'success',
		message:
			subscription.type === SUBSCRIPTION_TYPE.Trial ? 'cloudAccount.cancel.trialDone' : 'cloudAccount.cancel.done',
	})
}

export default function CancelSubscription({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const result = formResult(actionData && 'result' in actionData ? actionData : null)
	const review = actionData && 'review' in actionData ? actionData.review : null
	const { membership, trial, cancellable, accessUntil } = loaderData
	const consequences = trial
		? t('cloudAccount.cancel.trialEndsNow')
		: t('cloudAccount.cancel.accessUntil', { date: accessUntil ?? '' })
	if (!cancellable) {
		return (
			<section aria-labelledby="cancel-title">
				<h2 id="cancel-title">{membership}</h2>
				<p className="notice">{t('cloudAccount.cancel.notCancellable')}</p>
				<Link to={ACCOUNT_PATH}>{t('cloudAccount.cancel.back')}</Link>
			</section>
		)
	}
	if (review) {
		return (
			<section className="dialog" aria-labelledby="cancel-confirm-title">
				<h2 id="cancel-confirm-title">{t('cloudAccount.cancel.confirmTitle', { name: membership ?? '' })}</h2>
				<p>{consequences}</p>
				<p>{t('cloudAccount.cancel.keysStay')}</p>
				<p>
					{t('cloudAccount.cancel.yourReason', {
						reason: t(`cloudAccount.cancel.reasons.${review.reason}`),
					})}
				</p>
				<Form method="post" className="actions">
					<input type="hidden" name="reason" value={review.reason} />
					<input type="hidden" name="details" value={review.details} />
					<SubmitButton name="step" value="confirm">
						{t('cloudAccount.cancel.confirm')}
					</SubmitButton>
					<Link className="button" to={ACCOUNT_PATH}>
						{t('cloudAccount.cancel.keep')}
					</Link>
				</Form>
			</section>
		)
	}
	return (
		<section aria-labelledby="cancel-title">
			<h2 id="cancel-title">
				{membership ? t('cloudAccount.cancel.title', { name: membership }) : t('cloudAccount.cancel.link')}
			</h2>
			{membership ? <p>{consequences}</p> : null}
			<Form method="post" className="form" noValidate aria-labelledby="cancel-title">
				<FormErrors result={result} />
				<ReasonField result={result} />
				<DetailsField result={result} />
				<div className="actions">
					<SubmitButton name="step" value="review">
						{t('cloudAccount.cancel.continue')}
					</SubmitButton>
					<Link to={ACCOUNT_PATH}>{t('cloudAccount.cancel.keep')}</Link>
				</div>
			</Form>
		</section>
	)
}
