import { NavLink } from 'react-router'
import { useT } from './i18n.tsx'

const ITEMS = [
	{ to: '/', key: 'nav.home', end: true },
	{ to: '/gear', key: 'nav.gear', end: false },
	{ to: '/feed', key: 'nav.feed', end: false },
	{ to: '/support', key: 'nav.support', end: false },
	{ to: '/settings', key: 'nav.settings', end: false },
] as const

/** The app's main navigation: a bar at the bottom on phones, a side menu on wide screens. */
export function BottomBar() {
	const t = useT()
	return (
		<nav className="bottom-bar" aria-label={t('app.mainNavigation')}>
			<ul>
				{ITEMS.map((item) => (
					<li key={item.to}>
						<NavLink to={item.to} end={item.end}>
							{t(item.key)}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}
