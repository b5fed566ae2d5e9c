import { Link } from 'react-router'
import { useT, type CatalogueKey } from './i18n.tsx'

/**
 * The 404 screen: what a thrown not-found shows inside the portal's chrome (the root's error
 * boundary), with the thrower's own words when it gave them ('Product not found.').
 */
export function NotFoundScreen({ errorKey }: { errorKey?: CatalogueKey | null }) {
	const t = useT()
	return (
		<>
			<h1>{errorKey ? t(errorKey) : t('screen.NotFound')}</h1>
			<p>{t('notFound.text')}</p>
			<p>
				<Link to="/">{t('notFound.home')}</Link>
			</p>
		</>
	)
}
