import { data } from 'react-router'
import type { Route } from './+types/my-gear'

/** The register-a-product tab's data. (Being built: see issue 10.) */
export async function loadRegisterTab(_args: Pick<Route.LoaderArgs, 'context' | 'request' | 'url'>) {
	return {}
}

/** The register-a-product tab's forms. */
export async function registerAction(_args: Route.ActionArgs): Promise<{ tab: 'register_product' }> {
	throw data(null, { status: 405 })
}
