import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/preferences'
import { PreferencesSchema } from '#app/domain/preferences-form.ts'
import { safeReturnPath } from '#app/domain/redirect.ts'
import { analyticsCookie, liteCookie, sidebarCookie } from '#app/preferences/preferences.server.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { submittedForm } from '#app/forms/form-body.server.ts'

/** Saves a display preference (sidebar side, analytics opt-in, lite mode) in its cookie and goes back. */
export async function action({ context }: Route.ActionArgs) {
	const submission = parseWithZod(submittedForm(context), { schema: PreferencesSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const value = submission.value
	const cookie = await cookieFor(value)
	context.get(sessionContext).flash('toast', { type: 'success', message: 'toast.updated' })
	return redirect(safeReturnPath(value.redirectTo), { headers: { 'Set-Cookie': cookie } })
}

async function cookieFor(value: z.infer<typeof PreferencesSchema>): Promise<string> {
	switch (value.intent) {
		case 'sidebar':
			return sidebarCookie.serialize(value.sidebar)
		case 'analytics':
			return analyticsCookie.serialize(value.analytics)
		case 'lite':
			// 'auto' forgets the choice: the browser's Save-Data decides again (ADR 0058).
			return value.lite === 'auto' ? liteCookie.serialize('', { maxAge: 0 }) : liteCookie.serialize(value.lite)
	}
}

/**
 * The forms that post here offer only valid choices, so this page is seen after a tampered post
 * (400), or by someone who opened the address itself. It has no loader that redirects: the page
 * rendered after a refused post must keep its 400.
 */
export default function Preferences({ actionData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			{actionData ? <p role="alert">{t('errors.preferenceInvalid')}</p> : <p>{t('settings.preferencesOnSettings')}</p>}
			<p>
				<Link to="/settings/settings">{t('screen.AccountSettings')}</Link>
			</p>
		</>
	)
}
