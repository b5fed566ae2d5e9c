import { useSyncExternalStore } from 'react'
import { hostTimeZone } from '#app/domain/formats.ts'
import { localMaintenanceWindowText, maintenanceWindowText } from '#app/domain/maintenance.ts'
import { useT } from './i18n.tsx'

/** What the maintenance page is told: by the maintenance middleware (503) or the /maintenance loader. */
export interface MaintenanceView {
	status: 'active' | 'planned' | 'none'
	/** ISO strings: the page formats them. */
	window: { start: string; end: string } | null
	culture: string
}

const noChanges = () => () => {}

/**
 * The maintenance page's text: under maintenance now (until when, if planned), the next window, or
 * none planned. The server cannot know the visitor's time zone: it says the window in UTC, named as
 * such; with JavaScript the browser adds it in its own zone beside UTC, where that differs (ADR 0042).
 */
export function MaintenanceNotice({ view }: { view: MaintenanceView }) {
	const t = useT()
	const timeZone = useSyncExternalStore(noChanges, hostTimeZone, () => 'UTC')
	const window = view.window ? { start: new Date(view.window.start), end: new Date(view.window.end) } : null
	const when = window ? maintenanceWindowText(window, view.culture) : null
	const local = window ? localMaintenanceWindowText(window, view.culture, timeZone) : null
	return (
		<section className="stack" aria-labelledby="maintenance-status">
			<h2 id="maintenance-status">
				{view.status === 'active'
					? t('maintenance.active')
					: view.status === 'planned'
						? t('maintenance.planned')
						: t('maintenance.none')}
			</h2>
			{when && view.window ? (
				<p>
					{t('maintenance.window')}{' '}
					<time dateTime={view.window.start} data-time-zone="UTC">
						{t(when.key, when.values)}
					</time>
				</p>
			) : null}
			{local && view.window ? (
				<p>
					{t('maintenance.localWindow')}{' '}
					<time dateTime={view.window.start} data-time-zone={timeZone}>
						{t(local.key, local.values)}
					</time>
				</p>
			) : null}
			{view.status === 'active' ? <p>{t(when ? 'maintenance.comeBack' : 'maintenance.comeBackLater')}</p> : null}
			{when && !local ? <p className="field-hint">{t('maintenance.utc')}</p> : null}
		</section>
	)
}
