/**
 * ThankYouKey (`/cloud/thank-you`, spec 2 §2): what an entitlement key or serial number registration
 * just registered, read from the session's flash (so a link cannot make the page claim a
 * registration that never happened), and the way on: the key page's allowed `redirect`, else the
 * account. Shown once: a reload offers to activate another key.
 */
import { Link } from 'react-router'
import type { Route } from './+types/thank-you-key'
import { sessionContext } from '#app/request-context.server.ts'
import { useT } from '#app/ui/i18n.tsx'

export function loader({ context }: Route.LoaderArgs) {
	return { receipt: context.get(sessionContext).get('keyRegistration') ?? null }
}

export default function ThankYouKey({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { receipt } = loaderData
	if (!receipt) {
		return (
			<section aria-labelledby="thank-you-key-title">
				<h2 id="thank-you-key-title">{t('cloudKey.thankYou.nothingTitle')}</h2>
				<p>{t('cloudKey.thankYou.nothing')}</p>
				<p className="actions">
					<Link to="/cloud/entitlement-key">{t('cloudKey.thankYou.activateKey')}</Link>
				</p>
			</section>
		)
	}
	return (
		<section aria-labelledby="thank-you-key-title">
			<h2 id="thank-you-key-title">{t('cloudKey.thankYou.title')}</h2>
			<dl className="summary">
				<dt>{t(receipt.tab === 'key' ? 'cloudKey.key.label' : 'cloudKey.serial_number.label')}</dt>
				<dd>{receipt.registered}</dd>
				<dt>{t('cloudKey.hardwareProduct')}</dt>
				<dd>{receipt.hardwareName}</dd>
			</dl>
			{receipt.productNames.length ? (
				<>
					<p>{t('cloudKey.thankYou.products')}</p>
					<ul>
						{receipt.productNames.map((name) => (
							<li key={name}>{name}</li>
						))}
					</ul>
				</>
			) : null}
			<p className="actions">
				{receipt.continueTo ? (
					<a href={receipt.continueTo} className="button primary">
						{t('cloudKey.thankYou.continue')}
					</a>
				) : (
					<Link to="/cloud/account" className="button primary">
						{t('cloudKey.thankYou.toAccount')}
					</Link>
				)}
				<Link to="/cloud/entitlement-key">{t('cloudKey.thankYou.another')}</Link>
			</p>
		</section>
	)
}
