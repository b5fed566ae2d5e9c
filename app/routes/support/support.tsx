/**
 * Support (spec 1 §2, §3): one route, `/support/:tab?`. Every tab is a form (`support-form.*`),
 * whichever tab group the theme shows in the tab bar: a link to any form opens it (ADR 0021).
 * `/support` opens the first tab of the bar, as the other tabbed screens do. Below the form, the
 * user's recent requests (`support-recent.*`).
 */
import { data } from 'react-router'
import type { Route } from './+types/support'
import { selectedTab, tabsFor } from '#app/domain/screens.ts'
import { isSupportTab } from '#app/domain/support-fields.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { loadSupportForm, supportFormAction } from './support-form.server.ts'
import { SupportFormTab } from './support-form-tab.tsx'
import { loadRecentRequests } from './support-recent.server.ts'
import { RecentRequests } from './support-recent.tsx'

export async function loader(args: Route.LoaderArgs) {
	const tab =
		args.params.tab ?? selectedTab(tabsFor('Support', args.context.get(preferencesContext).theme), undefined)?.id
	// The root has already sent an unknown tab to /support.
	if (!isSupportTab(tab)) throw data(null, { status: 404 })
	const [form, requests] = await Promise.all([loadSupportForm(args, tab), loadRecentRequests(args)])
	return { ...form, requests }
}

export async function action(args: Route.ActionArgs) {
	const tab = args.params.tab
	// The form at `/support` posts to its own tab's address.
	if (!isSupportTab(tab)) throw data(null, { status: 405 })
	return supportFormAction(args, tab)
}

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<SupportFormTab
				data={loaderData}
				answer={actionData && actionData.tab === loaderData.tab ? actionData : undefined}
			/>
			<RecentRequests requests={loaderData.requests} />
		</>
	)
}
