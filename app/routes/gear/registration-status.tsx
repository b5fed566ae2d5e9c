/**
 * What became of a registration (spec 1 §4): pending (the spec's dialog: in progress, press continue,
 * under a minute), done ('updated', the survey offer and the way to My Gear) or failed (the spec's
 * message). Continue is a form, so it checks again without JavaScript; with JavaScript the page
 * checks by itself every few seconds and stops after a minute.
 */
import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useFetcher } from 'react-router'
import type { Route } from './+types/registration-status'
import {
	REGISTER_PRODUCT_PATH,
	REGISTRATION_POLL_INTERVAL_MS,
	REGISTRATION_POLL_LIMIT_MS,
	registeredToast,
	registrationOutcome,
	registrationStatusPath,
} from '#app/domain/product-registration-fields.ts'
import { orUpstreamUnavailable, redirectWithToast } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { readOwnRegisteredProduct } from '#app/services/gear.server.ts'
import { Dialog } from '#app/ui/dialog.tsx'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

async function readRegistration(
	{ context, request, params }: Pick<Route.LoaderArgs, 'context' | 'request' | 'params'>,
	signal: AbortSignal,
) {
	const credentials = await requireCredentials(context, request)
	const registration = await orUpstreamUnavailable(
		readOwnRegisteredProduct(credentials, params.registeredProductId, signal),
	)
	// Someone else's registration, or one since removed, is not found, without asking the API about it.
	if (!registration) throw data(null, { status: 404 })
	return registration
}

export async function loader(args: Route.LoaderArgs) {
	const registration = await readRegistration(args, args.request.signal)
	return {
		id: registration.id,
		name: registration.product.name ?? registration.product.slug,
		serialCode: registration.serialCode,
		outcome: registrationOutcome(registration.status),
		// A survey already answered is not offered again.
		surveyOffered: !registration.answerInfos.some((info) => info.answeredDate !== null),
	}
}

/** Continue: checks again. Done answers with 'updated'; a poll that finds it still pending stays where it is. */
export async function action(args: Route.ActionArgs) {
	const form = submittedForm(args.context)
	const registration = await readRegistration(args, args.request.signal)
	const outcome = registrationOutcome(registration.status)
	const here = registrationStatusPath(registration.id)
	if (outcome === 'done') return redirectWithToast(args.context, here, registeredToast(registration.product))
	if (outcome === 'pending' && form.get('poll') === '1') return { outcome }
	return redirect(here)
}

/** With JavaScript: presses continue every few seconds while pending, for a minute at most. */
function usePolling(active: boolean): boolean {
	const fetcher = useFetcher()
	const submit = fetcher.submit
	const started = useRef<number | null>(null)
	const [gaveUp, setGaveUp] = useState(false)
	useEffect(() => {
		if (!active) return
		started.current ??= Date.now()
		const timer = setInterval(() => {
			if (Date.now() - (started.current ?? 0) >= REGISTRATION_POLL_LIMIT_MS) {
				clearInterval(timer)
				setGaveUp(true)
				return
			}
			void submit({ intent: 'check', poll: '1' }, { method: 'post' })
		}, REGISTRATION_POLL_INTERVAL_MS)
		return () => clearInterval(timer)
	}, [active, submit])
	return gaveUp
}

export default function RegistrationStatus({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { id, name, serialCode, outcome, surveyOffered } = loaderData
	const gaveUp = usePolling(outcome === 'pending')
	const summary = (
		<dl className="summary">
			<dt>{t('register.product')}</dt>
			<dd>{name}</dd>
			<dt>{t('register.serialCode')}</dt>
			<dd>{serialCode}</dd>
		</dl>
	)

	if (outcome === 'pending') {
		return (
			<>
				{summary}
				<Dialog title={t('register.pendingTitle')} text={t(gaveUp ? 'register.pendingLong' : 'register.pendingText')}>
					<Form method="post">
						<SubmitButton name="intent" value="check">
							{t('register.continue')}
						</SubmitButton>
					</Form>
				</Dialog>
			</>
		)
	}

	if (outcome === 'failed') {
		return (
			<>
				{summary}
				<div className="form-errors" role="alert">
					<p>{t('errors.registrationFailed')}</p>
				</div>
				<ul className="link-list">
					<li>
						<Link to={REGISTER_PRODUCT_PATH}>{t('tab.register_product')}</Link>
					</li>
					<li>
						<Link to={`/gear/my_gear/${encodeURIComponent(id)}/unregister`}>{t('register.removeFailed')}</Link>
					</li>
				</ul>
			</>
		)
	}

	return (
		<>
			<h2>{t('register.doneTitle')}</h2>
			{summary}
			{surveyOffered ? (
				<section aria-labelledby="survey-title" className="notice">
					<h3 id="survey-title">{t('register.surveyTitle')}</h3>
					<p>{t('register.surveyText')}</p>
					<p>
						<Link to={`/questionnaire/${encodeURIComponent(id)}`}>{t('register.surveyLink')}</Link>
					</p>
				</section>
			) : null}
			<ul className="link-list">
				<li>
					<Link to="/gear/my_gear">{t('register.toMyGear')}</Link>
				</li>
				<li>
					<Link to={REGISTER_PRODUCT_PATH}>{t('register.another')}</Link>
				</li>
			</ul>
		</>
	)
}
