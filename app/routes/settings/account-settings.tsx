import { Form, Link, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/account-settings'
import { SIDEBAR_SIDES } from '#app/domain/preferences.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { AccountSummary } from '#app/domain/account-summary.ts'
import { loadAccountSummary } from '#app/session/account-summary.server.ts'
import { AccountSummaryList } from '#app/ui/account-summary.tsx'
import { ComingSoon } from '#app/ui/coming-soon.tsx'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** Who is signed in: the profile tab shows it now; its editing comes with the profile issue. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	if (params.tab && params.tab !== 'profile') return { profile: null }
	return { profile: await loadAccountSummary(context, request) }
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	const tab = root?.selectedTab
	if (tab === 'profile' && loaderData.profile) return <ProfileSummary {...loaderData.profile} />
	if (tab === 'settings' && root) return <DisplaySettings sidebar={root.sidebar} analytics={root.analytics} />
	return <ComingSoon />
}

function ProfileSummary(profile: AccountSummary) {
	const t = useT()
	return (
		<section aria-labelledby="profile-title">
			<h2 id="profile-title">{t('tab.profile')}</h2>
			<AccountSummaryList {...profile} />
			<ComingSoon />
		</section>
	)
}

function DisplaySettings({ sidebar, analytics }: { sidebar: 'left' | 'right'; analytics: boolean | null }) {
	const t = useT()
	return (
		<>
			<section aria-labelledby="account-title">
				<h2 id="account-title">{t('tab.account')}</h2>
				<ul className="link-list">
					<li>
						<Link to="/email-change">{t('screen.EmailChange')}</Link>
					</li>
					<li>
						<Link to="/settings/password">{t('screen.PasswordChange')}</Link>
					</li>
					<li>
						<Link to="/delete-account">{t('screen.DeleteAccount')}</Link>
					</li>
				</ul>
				<Form method="post" action="/logout">
					<SubmitButton secondary>{t('account.logOut')}</SubmitButton>
				</Form>
			</section>
			<section aria-labelledby="display-title">
				<h2 id="display-title">{t('settings.displayTitle')}</h2>
				<Form key={sidebar} method="post" action="/preferences" className="stack">
					<input type="hidden" name="intent" value="sidebar" />
					<input type="hidden" name="redirectTo" value="/settings/settings" />
					<fieldset>
						<legend>{t('settings.sidebarLegend')}</legend>
						{SIDEBAR_SIDES.map((side) => (
							<label key={side} className="choice">
								<input type="radio" name="sidebar" value={side} defaultChecked={sidebar === side} />
								{t(side === 'left' ? 'settings.sidebarLeft' : 'settings.sidebarRight')}
							</label>
						))}
					</fieldset>
					<button type="submit" className="button primary">
						{t('settings.save')}
					</button>
				</Form>
				<Form key={String(analytics)} method="post" action="/preferences" className="stack">
					<input type="hidden" name="intent" value="analytics" />
					<input type="hidden" name="redirectTo" value="/settings/settings" />
					<fieldset>
						<legend>{t('settings.analyticsLegend')}</legend>
						<label className="choice">
							<input type="radio" name="analytics" value="granted" defaultChecked={analytics === true} />
							{t('settings.analyticsOn')}
						</label>
						<label className="choice">
							<input type="radio" name="analytics" value="denied" defaultChecked={analytics === false} />
							{t('settings.analyticsOff')}
						</label>
					</fieldset>
					<button type="submit" className="button primary">
						{t('settings.save')}
					</button>
				</Form>
			</section>
		</>
	)
}
