import { useT } from './i18n.tsx'

/** Said only where a screen's feature truly is not built yet. */
export function ComingSoon() {
	const t = useT()
	return <p className="coming-soon">{t('app.comingSoon')}</p>
}
