import { useT } from '#app/ui/i18n.tsx'
import { Form, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/settings'
import { SIDEBAR_SIDES } from '#app/domain/preferences.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { ComingSoon } from '#app/ui/coming-soon.tsx'

/** Account settings: profile and interests come with the profile issue; the settings tab holds display preferences. */
export default function AccountSettings({ params }: Route.ComponentProps) {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	if (!root || (root.selectedTab ?? params.tab) !== 'settings') return <ComingSoon />
	return <DisplaySettings sidebar={root.sidebar} analytics={root.analytics} />
}

function DisplaySettings({ sidebar, analytics }: { sidebar: 'left' | 'right'; analytics: boolean | null }) {
	const t = useT()
	return (
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
				<button type="submit" className="button primary">{t('settings.save')}</button>
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
				<button type="submit" className="button primary">{t('settings.save')}</button>
			</Form>
		</section>
	)
}
