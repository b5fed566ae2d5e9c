/**
 * The registration card's landing (QRCodeLP, spec 1 §2, §8; `/qr?mdl=MODEL&serial=…`): the card's
 * product, chosen by its model code, and the way to register it. Signed in, the register form opens
 * filled in. Signed out, the visitor is asked to log in (and comes back to the filled form) or to
 * sign up: the card is kept in the session, and sign-up keeps it upstream as
 * ProductRegistrationUsingQR temporary data under the new account's email (spec 2 §3), which the
 * register form picks up after activation and sign-in, on any device. A browser that is not a
 * phone's or a tablet's sees the smartphone-only notice (the card is made for a phone's camera), and
 * may go on all the same.
 */
import { data, Link } from 'react-router'
import type { Route } from './+types/qr-card'
import {
	isHandheldUserAgent,
	REGISTER_PRODUCT_PATH,
	registerPathForCard,
	registrationCardOf,
} from '#app/domain/product-registration-fields.ts'
import { REDIRECT_PARAM } from '#app/domain/redirect.ts'
import { preferencesContext, sessionContext } from '#app/request-context.server.ts'
import { orUpstreamUnavailable } from '#app/responses.server.ts'
import { hasCredentials } from '#app/session/session.server.ts'
import { getProducts } from '#app/upstream/master-data.server.ts'
import { pictureSrc } from '#app/upstream/pictures.server.ts'
import { useT } from '#app/ui/i18n.tsx'

export async function loader({ context, request, url }: Route.LoaderArgs) {
	const session = context.get(sessionContext)
	const signedIn = hasCredentials(session)
	const handheld = isHandheldUserAgent(request.headers.get('User-Agent'))
	const card = registrationCardOf({
		modelCode: url.searchParams.get('mdl') ?? undefined,
		serialCode: url.searchParams.get('serial') ?? undefined,
	})
	const { culture } = context.get(preferencesContext)
	// The product master list (cached): a card scanned by anyone costs the account API nothing.
	const product = card
		? (await orUpstreamUnavailable(getProducts(culture))).find((p) => p.modelCode.toUpperCase() === card.modelCode)
		: undefined
	if (!card || !product) return data({ found: false as const, handheld }, { status: 404 })
	if (!signedIn) session.set('qrRegistration', card)
	const registerPath = registerPathForCard(card)
	return {
		found: true as const,
		handheld,
		signedIn,
		product: { name: product.name, image: pictureSrc(product.image) },
		serialCode: card.serialCode,
		registerPath,
		signInPath: `/login?${new URLSearchParams({ [REDIRECT_PARAM]: registerPath })}`,
	}
}

export default function QrCard({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const notice = loaderData.handheld ? null : <p className="notice">{t('register.smartphoneOnly')}</p>
	if (!loaderData.found) {
		return (
			<>
				{notice}
				<h2>{t('register.productNotFound')}</h2>
				<p>
					<Link to={REGISTER_PRODUCT_PATH}>{t('register.qrToForm')}</Link>
				</p>
			</>
		)
	}
	const { product, serialCode, signedIn, registerPath, signInPath } = loaderData
	return (
		<section aria-labelledby="qr-title" className="stack">
			{notice}
			{product.image ? <img src={product.image} alt="" width={160} height={160} /> : null}
			<h2 id="qr-title">{product.name}</h2>
			{serialCode ? <p>{t('register.cardSerial', { serial: serialCode })}</p> : null}
			{signedIn ? (
				<p className="actions">
					<Link className="button primary" to={registerPath}>
						{t('register.registerThis')}
					</Link>
				</p>
			) : (
				<>
					<p>{t('register.qrSignedOut')}</p>
					<p className="actions">
						<Link className="button primary" to={signInPath}>
							{t('account.logIn')}
						</Link>
						<Link className="button" to="/signup">
							{t('register.qrSignUp')}
						</Link>
					</p>
				</>
			)}
		</section>
	)
}
