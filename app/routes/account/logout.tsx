import { Form, Link } from 'react-router'
import type { Route } from './+types/logout'
import { submittedForm } from '#app/forms/form-body.server.ts'
import { cultureCookie } from '#app/preferences/preferences.server.ts'
import { endEverySessionOf, endUserSession } from '#app/session/auth.server.ts'
import { redirectWithToast } from '#app/responses.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { signOutOfSso } from '#app/session/sso-signout.server.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'

export function loader({ context }: Route.LoaderArgs) {
	return { signedIn: hasCredentials(context.get(sessionContext)) }
}

/**
 * Sign-out is a POST: a link or a prefetch must not end the session. `intent=everywhere` (the
 * settings' 'Log out everywhere') ends every session of the account, on every device (ADR 0034).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const credentials = context.get(sessionContext).get('credentials')
	const everywhere = credentials !== undefined && submittedForm(context).get('intent') === 'everywhere'
	if (everywhere) await endEverySessionOf(context, request, credentials)
	else {
		if (credentials) await signOutOfSso(credentials)
		await endUserSession(context)
	}
	// Spec 2 §4: sign-out resets the culture to the default.
	return redirectWithToast(
		context,
		'/login',
		{ type: 'success', message: everywhere ? 'toast.loggedOutEverywhere' : 'toast.loggedOut' },
		{
			headers: { 'Set-Cookie': await cultureCookie.serialize('', { maxAge: 0 }) },
		},
	)
}

export default function Logout({ loaderData }: Route.ComponentProps) {
	const t = useT()
	if (!loaderData.signedIn) {
		return (
			<p>
				<Link to="/login">{t('account.logIn')}</Link>
			</p>
		)
	}
	return (
		<Form method="post" className="form">
			<p>{t('account.logOutQuestion')}</p>
			<SubmitButton>{t('account.logOut')}</SubmitButton>
		</Form>
	)
}
