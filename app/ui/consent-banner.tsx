import { Form, useLocation } from 'react-router'
import { useT } from './i18n.tsx'

/** The consent banner of the main, effects and cloud themes: a plain form, so it works without JavaScript. */
export function ConsentBanner() {
	const t = useT()
	const location = useLocation()
	return (
		<section className="consent" aria-labelledby="consent-title">
			<h2 id="consent-title">{t('consent.title')}</h2>
			<p>{t('consent.text')}</p>
			<Form method="post" action="/preferences">
				<input type="hidden" name="intent" value="analytics" />
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
				<button type="submit" name="analytics" value="granted" className="button primary">
					{t('consent.accept')}
				</button>
				<button type="submit" name="analytics" value="denied" className="button">
					{t('consent.decline')}
				</button>
			</Form>
		</section>
	)
}
