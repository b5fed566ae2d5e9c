import type { Route } from './+types/homes'
import { brandPortals } from '#app/domain/homes.ts'
import { getEnv } from '#app/env.server.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { useT } from '#app/ui/i18n.tsx'

export function loader({ context }: Route.LoaderArgs) {
	const env = getEnv()
	return { portals: brandPortals(env.THEME_BY_HOST, context.get(preferencesContext).theme, env.PORTAL_URL) }
}

/** Homes (spec 1 §2): every brand's portal, this one marked, so a customer on the wrong brand finds theirs. */
export default function Homes({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			<p>{t('homes.intro')}</p>
			<ul className="link-list">
				{loaderData.portals.map((portal) => (
					<li key={portal.theme}>
						<a href={portal.href} aria-current={portal.current ? 'page' : undefined}>
							<img src={`/icons/${portal.theme}.svg`} alt="" width="24" height="24" /> {portal.title}
						</a>
						{portal.current ? <> · {t('homes.current')}</> : null}
					</li>
				))}
			</ul>
		</>
	)
}
