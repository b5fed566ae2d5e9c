import { Link } from 'react-router'
import type { Route } from './+types/home'
import { loadAccountSummary } from '#app/session/account-summary.server.ts'
import { AccountSummaryList } from '#app/ui/account-summary.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** The account home (spec 1 §2: `/` is account settings, without tabs): who is signed in, and the way to each area. */
export async function loader({ request, context }: Route.LoaderArgs) {
	return { account: await loadAccountSummary(context, request) }
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			<section aria-labelledby="account-title">
				<h2 id="account-title">{t('home.signedInAs')}</h2>
				<AccountSummaryList {...loaderData.account} />
			</section>
			<nav aria-labelledby="areas-title">
				<h2 id="areas-title">{t('home.areas')}</h2>
				<ul className="link-list">
					<li>
						<Link to="/gear">{t('nav.gear')}</Link>
					</li>
					<li>
						<Link to="/feed">{t('nav.feed')}</Link>
					</li>
					<li>
						<Link to="/support">{t('nav.support')}</Link>
					</li>
					<li>
						<Link to="/settings">{t('nav.settings')}</Link>
					</li>
				</ul>
			</nav>
		</>
	)
}
