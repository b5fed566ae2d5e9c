import type { Route } from './+types/region-unavailable'
import { getEnv } from '#app/env.server.ts'
import { useT } from '#app/ui/i18n.tsx'

export function loader() {
	return { chinaPortalUrl: getEnv().CHINA_PORTAL_URL }
}

/** Spec 1 §1: users in China are told the service is unavailable and offered the Chinese portal. */
export default function RegionUnavailable({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			<p>{t('account.chinaText')}</p>
			<p>
				<a className="button primary" href={loaderData.chinaPortalUrl}>
					{t('account.chinaLink')}
				</a>
			</p>
		</>
	)
}
