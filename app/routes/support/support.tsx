/**
 * Support (spec 1 §2, §3): one route, `/support/:tab?`. Without a tab, the forms and the user's
 * recent requests (`support-overview.*`); with one, that form (`support-form.*`), whichever tab
 * group the theme shows in the tab bar: a link to any form opens it (ADR 0021).
 */
import { data } from 'react-router'
import type { Route } from './+types/support'
import { isSupportTab } from '#app/domain/support-fields.ts'
import { loadSupportForm, supportFormAction } from './support-form.server.ts'
import { SupportFormTab } from './support-form-tab.tsx'
import { loadSupportOverview } from './support-overview.server.ts'
import { SupportOverview } from './support-overview.tsx'

export async function loader(args: Route.LoaderArgs) {
	const tab = args.params.tab
	if (tab === undefined) return { kind: 'overview' as const, ...(await loadSupportOverview(args)) }
	// The root has already sent an unknown tab to /support.
	if (!isSupportTab(tab)) throw data(null, { status: 404 })
	return { kind: 'form' as const, ...(await loadSupportForm(args, tab)) }
}

export async function action(args: Route.ActionArgs) {
	const tab = args.params.tab
	if (!isSupportTab(tab)) throw data(null, { status: 405 })
	return supportFormAction(args, tab)
}

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
	if (loaderData.kind === 'overview') return <SupportOverview data={loaderData} />
	return (
		<SupportFormTab
			data={loaderData}
			answer={actionData && actionData.tab === loaderData.tab ? actionData : undefined}
		/>
	)
}
