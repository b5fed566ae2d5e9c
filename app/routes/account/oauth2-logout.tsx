import { data, Link } from 'react-router'
import type { Route } from './+types/oauth2-logout'
import { cultureCookie } from '#app/preferences/preferences.server.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { endUserSession } from '#app/session/auth.server.ts'
import { signOutOfSso } from '#app/session/sso-signout.server.ts'
import { useT } from '#app/ui/i18n.tsx'

/**
 * The single sign-on's logout landing (OAuth2Logout): the sign-on has ended its session and sends
 * the browser here, so this GET ends ours: a new, empty session, the sign-on's refresh token revoked
 * (best effort), the culture back to the default as on any sign-out (spec 2 §4). The session cookie
 * is SameSite=Lax, so only a top-level visit, never an image or frame of another site, reaches a
 * session to end (ADR 0026).
 */
export async function loader({ context }: Route.LoaderArgs) {
	const credentials = context.get(sessionContext).get('credentials')
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	if (credentials) {
		await signOutOfSso(credentials)
		await endUserSession(context)
		headers.set('Set-Cookie', await cultureCookie.serialize('', { maxAge: 0 }))
	}
	return data(null, { headers })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
	return loaderHeaders
}

export default function OAuth2Logout() {
	const t = useT()
	return (
		<>
			<p role="status">{t('signedOut.text')}</p>
			<p className="actions">
				<Link className="button primary" to="/login">
					{t('account.logIn')}
				</Link>
			</p>
		</>
	)
}
