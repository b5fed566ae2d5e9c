import { getEnv } from '#app/env.server.ts'
import { logoutClient } from '#app/upstream/sso.server.ts'
import type { SessionCredentials } from './session.server.ts'

/**
 * The single sign-on's logout calls on sign-out of a session that came through
 * it: the client's refresh token is revoked so it cannot outlive the session. A failure does not keep the
 * user signed in here: it is logged and the sign-out goes on.
 */
export async function signOutOfSso(credentials: SessionCredentials): Promise<void> {
	if (credentials.via !== 'sso') return
	try {
		await logoutClient(getEnv().SSO_CLIENT_ID, credentials)
	} catch (error) {
		console.error(`single sign-on logout failed: ${(error as Error).message}`)
	}
}
