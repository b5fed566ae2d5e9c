import { data, Link } from 'react-router'
import type { Route } from './+types/page-hash'
import { SCREEN_ROUTES } from '#app/domain/screens.ts'
import { pageHashEvent, pageHashOf } from '#app/domain/usage-event.ts'
import { pageContextOf, usageIdToken, usageLoggingAllowed } from '#app/logging/page-view.server.ts'
import { logUsage } from '#app/logging/usage-log.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

const SCREENS: ReadonlySet<string> = new Set(SCREEN_ROUTES.map((route) => route.screen))

/**
 * `POST /usage/page-hash` (ADR 0027): the beacon of a page opened with a hash, for a visitor who
 * allowed analytics, so the page view's hash is logged too. Answers 204 whatever it logged; 400 to
 * what the beacon never sends.
 */
export async function action({ context }: Route.ActionArgs) {
	const form = submittedForm(context)
	const told = pageHashOf({ screen: form.get('screen'), path: form.get('path'), hash: form.get('hash') }, SCREENS)
	if (!told) return data(null, { status: 400 })
	if (usageLoggingAllowed(context)) {
		logUsage(
			pageHashEvent({ ...pageContextOf(context, told.path, told.screen), hash: told.hash }),
			usageIdToken(context),
		)
	}
	return new Response(null, { status: 204 })
}

/**
 * Only the beacon posts here; a person who opens the address, or a refused post (whose 4xx page the
 * root renders in the user's language, as for every form), sees what it is for.
 */
export default function PageHash() {
	const t = useT()
	return (
		<>
			<p>{t('usage.pageHashInfo')}</p>
			<p>
				<Link to="/">{t('notFound.home')}</Link>
			</p>
		</>
	)
}
