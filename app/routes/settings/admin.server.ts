import { data } from 'react-router'
import type { Route } from './+types/account-settings'
import { adminUserRows, isStaffEmail, NOT_ROLAND_ACCOUNT, parseUserQuery } from '#app/domain/staff.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { requireCredentials } from '#app/session/auth.server.ts'
import { getAdminUser, getManagingCultureCodes } from '#app/upstream/account-identity.server.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'

export type AdminLookup =
	| { kind: 'none' }
	| { kind: 'invalid' }
	| { kind: 'notFound' }
	| { kind: 'found'; rows: ReturnType<typeof adminUserRows> }

function notRolandAccount(): never {
	throw data({ errorKey: NOT_ROLAND_ACCOUNT }, { status: 403 })
}

/**
 * The admin tab (spec 1 §6): staff only, judged here from the signed-in email rather than left to the
 * upstream. A `user` query (an id or an email) looks a user up; the staff user's own managing cultures show too.
 */
export async function loadAdminTab({ context, request }: Route.LoaderArgs) {
	const credentials = await requireCredentials(context, request)
	if (!isStaffEmail(credentials.email)) notRolandAccount()
	const options = { signal: request.signal }
	const raw = new URL(request.url).searchParams.get('user') ?? ''
	const query = parseUserQuery(raw)
	const managing = await orUpstreamUnavailable(
		getManagingCultureCodes(credentials.accessToken, credentials.userId, options),
	)
	const view = (lookup: AdminLookup) => ({
		tab: 'admin' as const,
		query: raw.trim(),
		lookup,
		managingCultureCodes: managing.map((culture) => culture.value),
	})
	if (query.kind === 'none') return data(view({ kind: 'none' }))
	if (query.kind === 'invalid') return data(view({ kind: 'invalid' }), { status: 400 })
	try {
		const user = await getAdminUser(credentials.accessToken, query.value, options)
		return data(view({ kind: 'found', rows: adminUserRows(user, context.get(preferencesContext).culture) }))
	} catch (error) {
		if (isUpstreamError(error) && error.kind === 'status' && error.status === 404)
			return data(view({ kind: 'notFound' }), { status: 404 })
		if (isUpstreamError(error) && error.kind === 'status' && error.status === 403) notRolandAccount()
		return orUpstreamUnavailable(Promise.reject(error))
	}
}
