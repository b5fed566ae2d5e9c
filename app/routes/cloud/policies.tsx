/**
 * Policies (`/cloud/policies`, spec 2 §2): the cloud's terms of use, privacy policy and refund
 * policy. The first two come from where the portal's own come from (ADR 0025), asked for the cloud
 * brand: the account API's terms document and the public API's `url/privacy_policy/` (spec 2 §7),
 * in the visitor's culture and country; the refund policy from the cloud's own JSON document. Each
 * environment's upstreams say where its pages are. Anyone may read them.
 */
import type { Route } from './+types/policies'
import { countryOfCulture } from '#app/domain/countries.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { getTermsOfUseUrl } from '#app/upstream/account-catalogue.server.ts'
import { refundPolicyUrl } from '#app/upstream/cloud-policies.server.ts'
import { getPrivacyPolicyUrl } from '#app/upstream/public.server.ts'

/** The cloud's brand value (the RVS theme). */
const CLOUD_BRAND = 'cloud'

export async function loader({ context, request }: Route.LoaderArgs) {
	const { culture, countryCode } = context.get(preferencesContext)
	const country = countryCode ?? countryOfCulture(culture)
	const [terms, privacy, refund] = await orUpstreamUnavailable(
		Promise.all([
			getTermsOfUseUrl({ brand: CLOUD_BRAND, cultureCode: culture }, request.signal),
			getPrivacyPolicyUrl({ brand: CLOUD_BRAND, cultureCode: culture, country }, request.signal),
			refundPolicyUrl(culture, request.signal),
		]),
	)
	return { terms, privacy, refund }
}

export default function Policies({ loaderData }: Route.ComponentProps) {
	const t = useT()
	return (
		<section aria-labelledby="policies-title">
			<h2 id="policies-title">{t('cloudKey.policies.title')}</h2>
			<p>{t('cloudKey.policies.intro')}</p>
			<ul className="stack">
				<li>
					<a href={loaderData.terms}>{t('cloudKey.policies.terms')}</a>
				</li>
				<li>
					<a href={loaderData.privacy}>{t('cloudKey.policies.privacy')}</a>
				</li>
				<li>
					<a href={loaderData.refund}>{t('cloudKey.policies.refund')}</a>
				</li>
			</ul>
		</section>
	)
}
