import { useT } from '#app/ui/i18n.tsx'
import { Link } from 'react-router'
import { ComingSoon } from '#app/ui/coming-soon.tsx'

export default function Home() {
	const t = useT()
	return (
		<>
			<ComingSoon />
			<ul className="link-list">
				<li><Link to="/gear">{t('nav.gear')}</Link></li>
				<li><Link to="/feed">{t('nav.feed')}</Link></li>
				<li><Link to="/support">{t('nav.support')}</Link></li>
				<li><Link to="/settings">{t('nav.settings')}</Link></li>
			</ul>
		</>
	)
}
