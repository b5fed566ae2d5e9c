import { redirectDocument } from 'react-router'
import type { Route } from './+types/help-centre-login'
import { helpCentreReturnTo } from '#app/domain/help-centre-return.ts'
import { isAllowedRedirect } from '#app/domain/redirect.ts'
import { getEnv } from '#app/env.server.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { requireCredentials, signInRedirect } from '#app/session/auth.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { helpCentreSso } from '#app/upstream/help-centre.server.ts'
import { useT } from '#app/ui/i18n.tsx'

/**
 * Help-centre single sign-on: a signed-out user signs in first (this page is
 * remembered); a signed-in one goes to the address the help centre gives,
 * only if its origin is allowed, and asks it to return only to its own pages.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
	if (!hasCredentials(context.get(sessionContext))) throw signInRedirect(request, url.pathname + url.search)
	const credentials = await requireCredentials(context, request)
	const env = getEnv()
	// Only a page of the help centre itself: anything else would make this sign-on an open redirect.
	const returnTo = helpCentreReturnTo(url.searchParams.get('return_to') ?? url.searchParams.get('returnTo'), {
		home: env.HELP_CENTRE_HOME,
		origins: env.HELP_CENTRE_ORIGINS,
	})
	try {
		const { redirectUrl } = await helpCentreSso({ idToken: credentials.idToken, returnTo })
		// A whole-page redirect: the help centre is not a route of this app, even on this origin.
		if (isAllowedRedirect(redirectUrl, env.PORTAL_URL, env.ALLOWED_REDIRECT_ORIGINS))
			return redirectDocument(redirectUrl)
		console.error('help-centre sign-on answered a redirect outside the allowed origins')
	} catch (error) {
		console.error(`help-centre sign-on failed: ${(error as Error).message}`)
	}
	return { failed: true }
}

export default function HelpCentreLogin() {
	const t = useT()
	return (
		<p className="form-errors" role="alert">
			{t('errors.hcLoginFailed')}
		</p>
	)
}
