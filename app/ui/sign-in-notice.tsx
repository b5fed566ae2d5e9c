import { Link, useLocation } from 'react-router'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { useT } from './i18n.tsx'

/** For screens anyone may open but only a signed-in user can use: sign in, then come back here. */
export function SignInNotice() {
	const t = useT()
	const location = useLocation()
	const signIn = `/login?${new URLSearchParams({ [REDIRECT_PARAM]: location.pathname + location.search })}`
	return (
		<p className="notice">
			{t('account.signInToContinue')} <Link to={signIn}>{t('account.logIn')}</Link>
		</p>
	)
}
