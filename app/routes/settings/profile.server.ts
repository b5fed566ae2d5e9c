import type { Route } from './+types/account-settings'
import { loadAccountSummary } from '#app/session/account-summary.server.ts'

/** The profile tab's data. */
export async function loadProfileTab({ context, request }: Route.LoaderArgs) {
	return { profile: await loadAccountSummary(context, request) }
}
