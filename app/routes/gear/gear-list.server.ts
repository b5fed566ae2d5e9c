import { data } from 'react-router'
import type { Route } from './+types/my-gear'

/** The gear list's data. (Being built: see issue 10.) */
export async function loadGearList(_args: Pick<Route.LoaderArgs, 'context' | 'request' | 'url'>) {
	return {}
}

/** The gear list has no form of its own yet. */
export async function gearListAction(_args: Route.ActionArgs): Promise<{ tab: 'my_gear' }> {
	throw data(null, { status: 405 })
}
