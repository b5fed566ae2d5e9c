import type { Route } from './+types/privacy'
import { countryOfCulture } from '#app/domain/countries.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { getTermsOfUseUrl } from '#app/upstream/account-catalogue.server.ts'
import { getPrivacyPolicyUrl } from '#app/upstream/public.server.ts'

/** Spec 1 §1, spec 2 §7: both documents live on the brand's site, in the visitor's culture and country. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const { theme, culture, countryCode } = context.get(preferencesContext)
	const country = countryCode ?? countryOfCulture(culture)
	const [termsUrl, privacyPolicyUrl] = await orUpstreamUnavailable(
		Promise.all([
			getTermsOfUseUrl({ brand: theme, cultureCode: culture }, request.signal),
			getPrivacyPolicyUrl({ brand: theme, cultureCode: culture, country }, request.signal),
		]),
	)
	return { termsUrl, privacyPolicyUrl }
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<>
			<section aria-labelledby="terms-title">
				<h2 id="terms-title">{t('privacy.termsTitle')}</h2>
				<p>{t('privacy.termsText')}</p>
				<p>
					<a href={loaderData.termsUrl}>{t('privacy.termsLink')}</a>
				</p>
			</section>
			<section aria-labelledby="policy-title">
				<h2 id="policy-title">{t('privacy.policyTitle')}</h2>
				<p>{t('privacy.policyText')}</p>
				<p>
					<a href={loaderData.privacyPolicyUrl}>{t('privacy.policyLink')}</a>
				</p>
			</section>
		</>
	)
}
