/**
 * My Gear (spec 1 §2): one route, `/gear/:tab?`, whose loader, action and view hand each tab to its
 * own modules, like the account settings: `gear-list.server.ts` / `gear-list-tab.tsx` for `my_gear`
 * and `register.server.ts` / `register-tab.tsx` for `register_product`. The root chooses the tab and
 * redirects an unknown one. A tab's action answers carry `tab`, so each view knows its own.
 */
import type { Route } from './+types/my-gear'
import { gearListAction, loadGearList } from './gear-list.server.ts'
import { GearListTab } from './gear-list-tab.tsx'
import { loadRegisterTab, registerAction } from './register.server.ts'
import { RegisterTab } from './register-tab.tsx'

export async function loader(args: Route.LoaderArgs) {
	if (args.params.tab === 'register_product')
		return { tab: 'register_product' as const, ...(await loadRegisterTab(args)) }
	return { tab: 'my_gear' as const, ...(await loadGearList(args)) }
}

export async function action(args: Route.ActionArgs) {
	return args.params.tab === 'register_product' ? registerAction(args) : gearListAction(args)
}

export default function MyGear({ loaderData, actionData }: Route.ComponentProps) {
	return loaderData.tab === 'register_product' ? (
		<RegisterTab data={loaderData} answer={actionData?.tab === 'register_product' ? actionData : undefined} />
	) : (
		<GearListTab data={loaderData} answer={actionData?.tab === 'my_gear' ? actionData : undefined} />
	)
}
