/**
 * A product's page (ProductsDirect, spec 1 §2): `/products/:slug/:tab?`, the six tabs of its product
 * json in the user's culture. The root chooses the tab and redirects an unknown one; the guard asks
 * for sign-in. An unknown product and an upstream without a kept copy answer inside the chrome.
 */
import type { Route } from './+types/product-info'
import { useT } from '#app/ui/i18n.tsx'
import { loadProductInfo } from './product-info.server.ts'
import { ProductTab } from './product-info-tabs.tsx'

export async function loader(args: Route.LoaderArgs) {
	return loadProductInfo(args)
}

export default function ProductInfo({ loaderData }: Route.ComponentProps) {
	const t = useT()
	if (loaderData.state === 'unavailable') {
		return (
			<section className="stack" aria-labelledby="product-title">
				<h2 id="product-title">{t('productInfo.unavailable')}</h2>
				<p role="alert">{t(loaderData.errorKey)}</p>
			</section>
		)
	}
	const { name, brand, modelCode, summary, image, englishFallback, contentLanguage, lastGoodFrom, content } = loaderData
	return (
		<article className="stack product-info" aria-labelledby="product-title">
			<header className="product-header">
				{image ? (
					<img src={image.url} alt={name} width={image.width} height={image.height} className="product-image" />
				) : null}
				<div className="stack">
					<h2 id="product-title">{name}</h2>
					<p>
						{brand} · {t('productInfo.modelCode', { code: modelCode })}
					</p>
					<p lang={contentLanguage}>{summary}</p>
				</div>
			</header>
			{lastGoodFrom ? (
				<p className="notice" role="status">
					{t('productInfo.lastGood', { date: lastGoodFrom })}
				</p>
			) : null}
			{englishFallback ? <p className="notice">{t('productInfo.englishFallback')}</p> : null}
			<section aria-labelledby="product-tab-title" lang={contentLanguage}>
				<h3 id="product-tab-title">{t(`tab.${content.tab}`)}</h3>
				<ProductTab content={content} />
			</section>
		</article>
	)
}
