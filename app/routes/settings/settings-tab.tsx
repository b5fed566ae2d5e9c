import { Form, Link } from 'react-router'
import { SIDEBAR_SIDES } from '#app/domain/preferences.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** The settings tab: the account's own screens and the display preferences. */
export function SettingsTab({ sidebar, analytics }: { sidebar: 'left' | 'right'; analytics: boolean | null }) {
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
