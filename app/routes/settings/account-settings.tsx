/**
 * The account settings screen (spec 1 §2): one route, `/settings/:tab?`, whose loader, action and
 * view hand each tab to its own modules (`<tab>.server.ts` for its data and form, `<tab>-tab.tsx`
 * for its view). The root chooses the tab and redirects an unknown one.
 */
import { data, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/account-settings'
import type { loader as rootLoader } from '#app/root.tsx'
import { formResult } from '#app/ui/form.tsx'
import { loadInterestsTab, saveInterests } from '#app/services/interests.server.ts'
import { InterestsTab } from '#app/ui/interests-form.tsx'
import { loadAdminTab } from './admin.server.ts'
import { AdminTab } from './admin-tab.tsx'
import { loadProfileTab, profileAction } from './profile.server.ts'
import { isProfileAnswer, ProfileTab } from './profile-tab.tsx'
import { loadSettingsTab, settingsAction } from './settings.server.ts'
import { SettingsTab } from './settings-tab.tsx'

export async function loader(args: Route.LoaderArgs) {
	switch (args.params.tab ?? 'profile') {
		case 'profile':
			return { tab: 'profile' as const, ...(await loadProfileTab(args)) }
		case 'interests':
			return { tab: 'interests' as const, ...(await loadInterestsTab(args)) }
		case 'admin':
			return loadAdminTab(args)
		default:
			return { tab: 'settings' as const, ...(await loadSettingsTab(args)) }
	}
}

/** Each tab's form posts to its own URL; a tab without a form has no action. */
export async function action(args: Route.ActionArgs) {
	switch (args.params.tab) {
		case 'profile':
			return profileAction(args)
		case 'interests':
			return saveInterests(args)
		case 'settings':
			return settingsAction(args)
		default:
			throw data(null, { status: 405 })
	}
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	switch (loaderData.tab) {
		case 'profile':
			return <ProfileTab data={loaderData} answer={isProfileAnswer(actionData) ? actionData : undefined} />
		case 'interests':
			return (
				<InterestsTab interests={loaderData.interests} selected={loaderData.selected} result={formResult(actionData)} />
			)
		case 'settings':
			return root ? (
				<SettingsTab
					sidebar={root.sidebar}
					analytics={root.analytics}
					lite={root.liteReason === 'choice' ? (root.lite ? 'on' : 'off') : null}
					regionLanguage={loaderData}
					result={formResult(actionData)}
				/>
			) : null
		case 'admin':
			return (
				<AdminTab
					query={loaderData.query}
					lookup={loaderData.lookup}
					managingCultureCodes={loaderData.managingCultureCodes}
				/>
			)
	}
}
