import type { RouterContextProvider } from 'react-router'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { accountSummary, type AccountSummary } from '#app/domain/account-summary.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { loadMe } from './me.server.ts'

/** Who is signed in, for the account home and the profile tab; a clear 503 when the account API is down. */
export async function loadAccountSummary(
	context: Readonly<RouterContextProvider>,
	request: Request,
): Promise<AccountSummary> {
	const me = await orUpstreamUnavailable(loadMe(context, request))
	return accountSummary(context.get(preferencesContext).culture, me)
}
