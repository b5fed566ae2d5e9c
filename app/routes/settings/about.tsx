import { Link } from 'react-router'
import type { Route } from './+types/about'
import { BUILD, browserLicences } from '#app/build-info.server.ts'
import { useT } from '#app/ui/i18n.tsx'

export async function loader() {
	return { build: BUILD, licences: await browserLicences() }
}

/** About and licence (spec 1 §1): the portal's version and build, and the licences of what the browser receives. */
export default function About({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { build, licences } = loaderData
	return (
		<>
			<section aria-labelledby="about-version">
				<h2 id="about-version">{t('about.title')}</h2>
				<dl className="summary">
					<dt>{t('about.version')}</dt>
					<dd>{build.version}</dd>
					<dt>{t('about.build')}</dt>
					<dd>{build.commit ? `${build.number} (${build.commit})` : build.number}</dd>
				</dl>
			</section>
			<section aria-labelledby="about-licences">
				<h2 id="about-licences">{t('about.licencesTitle')}</h2>
				{licences ? (
					<>
						<p>{t('about.licencesIntro')}</p>
						<ul className="licences">
							{licences.map((entry) => (
								<li key={`${entry.name}@${entry.version}`}>
									<strong>{entry.name}</strong> {entry.version} · {entry.identifier ?? t('about.noIdentifier')}
									{entry.text ? (
										<details>
											<summary>{t('about.licenceText', { name: entry.name })}</summary>
											<pre>{entry.text}</pre>
										</details>
									) : null}
								</li>
							))}
						</ul>
					</>
				) : (
					<p>{t('about.noLicences')}</p>
				)}
			</section>
			<p>
				<Link to="/settings/settings">{t('screen.AccountSettings')}</Link>
			</p>
		</>
	)
}
