import { Link, redirect } from 'react-router'
import type { Route } from './+types/oauth2-redirect'
import { ssoErrorKey } from '#app/domain/account-errors.ts'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { startUserSession } from '#app/session/auth.server.ts'
import { authenticator, clearPkceCookie, SsoSessionInvalid } from '#app/session/authenticator.server.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { useT, type CatalogueKey } from '#app/ui/i18n.tsx'

/**
 * The single sign-on landing: without a code it starts the authorization
 * (PKCE) and sends the browser to the sign-on; with one it finishes and
 * returns the user to the remembered target.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	try {
		const signedIn = await authenticator.authenticate('sso', request)
		const to = await startUserSession(context, signedIn.tokens, 'sso', signedIn.redirectTo)
		return redirect(to, { headers: { 'Set-Cookie': await clearPkceCookie() } })
	} catch (error) {
		if (error instanceof Response) throw error
		if (error instanceof SsoSessionInvalid) return { errorKey: 'errors.sessionInvalid', retry: retryUrl(request) }
		if (isUpstreamError(error)) {
			return { errorKey: ssoErrorKey(error) ?? userMessageKey(error) ?? 'toast.tryAgain', retry: retryUrl(request) }
		}
		throw error
	}
}

function retryUrl(request: Request): string {
	const target = new URL(request.url).searchParams.get(REDIRECT_PARAM)
	return `/oauth2/redirect${target ? `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` : ''}`
}

export default function OAuth2Redirect({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<div className="form">
			<p className="form-errors" role="alert">
				{t(loaderData.errorKey as CatalogueKey)}
			</p>
			<p className="actions">
				<a className="button primary" href={loaderData.retry}>
					{t('account.ssoContinue')}
				</a>
				<Link to="/login">{t('account.logIn')}</Link>
			</p>
		</div>
	)
}
