import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/tools'
import { BUILD } from '#app/build-info.server.ts'
import { preferenceCookiesSet, ResetPreferencesSchema, supportSummary } from '#app/domain/tools.ts'
import { getI18n, translatorFor } from '#app/i18n/i18n.server.ts'
import {
	analyticsCookie,
	countryCookie,
	cultureCookie,
	liteCookie,
	sidebarCookie,
	themeCookie,
} from '#app/preferences/preferences.server.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { HoneypotField } from '#app/ui/honeypot.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/**
 * Tools (spec 1 §2): for a customer talking to support, what their portal is (version, culture,
 * theme, signed in or not, which preference cookies their browser holds), a summary to copy into a
 * support request, and a way to reset their preferences (a POST that expires the preference cookies).
 */
export function loader({ context, request }: Route.LoaderArgs) {
	const { culture, theme } = context.get(preferencesContext)
	const credentials = context.get(sessionContext).get('credentials')
	const t = translatorFor(getI18n(context))
	const cookies = preferenceCookiesSet(request.headers.get('Cookie'))
	const signedIn = hasCredentials(context.get(sessionContext))
	const facts = {
		version: BUILD.version,
		build: BUILD.commit ? `${BUILD.number} ${BUILD.commit}` : String(BUILD.number),
		culture,
		theme,
		signedIn,
		accountId: signedIn ? (credentials?.userId ?? null) : null,
		cookies,
		at: new Date().toISOString(),
	}
	const summary = supportSummary(facts, {
		version: t('tools.version'),
		culture: t('tools.culture'),
		theme: t('tools.theme'),
		signedIn: t('tools.signedIn'),
		accountId: t('tools.accountId'),
		cookies: t('tools.cookies'),
		at: t('tools.at'),
		yes: t('tools.yes'),
		no: t('tools.no'),
		none: t('tools.none'),
	})
	return data({ ...facts, summary }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ context }: Route.ActionArgs) {
	const submission = parseWithZod(submittedForm(context), { schema: ResetPreferencesSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const headers = new Headers()
	for (const cookie of [themeCookie, cultureCookie, countryCookie, sidebarCookie, analyticsCookie, liteCookie])
		headers.append('Set-Cookie', await cookie.serialize('', { maxAge: 0 }))
	context.get(sessionContext).flash('toast', { type: 'success', message: 'tools.resetDone' })
	return redirect('/tools', { headers })
}

export default function Tools({ loaderData, actionData }: Route.ComponentProps) {
	const t = useT()
	const facts = loaderData
	return (
		<>
			<p>{t('tools.intro')}</p>
			<section aria-labelledby="tools-portal">
				<h2 id="tools-portal">{t('tools.title')}</h2>
				<dl className="summary">
					<dt>{t('tools.version')}</dt>
					<dd>
						{facts.version} ({facts.build})
					</dd>
					<dt>{t('tools.culture')}</dt>
					<dd>{facts.culture}</dd>
					<dt>{t('tools.theme')}</dt>
					<dd>{facts.theme}</dd>
					<dt>{t('tools.signedIn')}</dt>
					<dd>{facts.signedIn ? t('tools.yes') : t('tools.no')}</dd>
					<dt>{t('tools.cookies')}</dt>
					<dd>{facts.cookies.length ? facts.cookies.join(', ') : t('tools.none')}</dd>
				</dl>
			</section>
			<section aria-labelledby="tools-summary-title" className="stack">
				<h2 id="tools-summary-title">{t('tools.summaryTitle')}</h2>
				<div className="field">
					<label htmlFor="tools-summary">{t('tools.summary')}</label>
					<p id="tools-summary-hint" className="field-hint">
						{t('tools.summaryHint')}
					</p>
					<textarea id="tools-summary" readOnly rows={8} value={facts.summary} aria-describedby="tools-summary-hint" />
				</div>
			</section>
			<section aria-labelledby="tools-reset-title">
				<h2 id="tools-reset-title">{t('tools.resetTitle')}</h2>
				<Form method="post" className="form" aria-labelledby="tools-reset-title">
					<HoneypotField />
					<p id="tools-reset-hint">{t('tools.resetHint')}</p>
					{actionData ? (
						<p className="form-errors" role="alert">
							{t('tools.resetInvalid')}
						</p>
					) : null}
					<SubmitButton name="intent" value="reset">
						{t('tools.reset')}
					</SubmitButton>
				</Form>
			</section>
		</>
	)
}
