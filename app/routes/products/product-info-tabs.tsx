/** The six tabs of a product's page (spec 1 §2), each a view of rows the loader shaped. */
import { Link } from 'react-router'
import { DataTable } from '#app/ui/data-table.tsx'
import { useT } from '#app/ui/i18n.tsx'
import type { ProductTabContent } from './product-info.server.ts'

type Content<T extends ProductTabContent['tab']> = Extract<ProductTabContent, { tab: T }>

function FeaturesTab({ content }: { content: Content<'features'> }) {
	return (
		<ul className="stack product-features">
			{content.features.map((feature) => (
				<li key={feature.id}>
					<h4>{feature.title}</h4>
					<p>{feature.body}</p>
				</li>
			))}
		</ul>
	)
}

function SpecsTab({ content }: { content: Content<'specs'> }) {
	const t = useT()
	return (
		<div className="stack spec-tables">
			{content.specs.map((table) => (
				<DataTable
					key={table.caption}
					className="spec-table product-specs"
					caption={table.caption}
					columns={[t('productInfo.specItem'), t('productInfo.specValue'), t('productInfo.specUnit')]}
					rowHeader
					rows={table.rows.map((row) => ({ key: row.label, cells: [row.label, row.value, row.unit ?? ''] }))}
				/>
			))}
		</div>
	)
}

function DownloadsTab({ content }: { content: Content<'downloads'> }) {
	const t = useT()
	if (content.downloads.length === 0) return <p>{t('productInfo.noDownloads')}</p>
	return (
		<ul className="stack product-files">
			{content.downloads.map((download) => (
				<li key={download.id}>
					<a href={download.url} download>
						{download.title}
					</a>
					<dl className="product-facts">
						<dt>{t('productInfo.version')}</dt>
						<dd>{download.version}</dd>
						<dt>{t('productInfo.size')}</dt>
						<dd>{download.sizeText}</dd>
						{download.osText ? (
							<>
								<dt>{t('productInfo.os')}</dt>
								<dd>{download.osText}</dd>
							</>
						) : null}
						{download.dateText && download.date ? (
							<>
								<dt>{t('productInfo.released')}</dt>
								<dd>
									<time dateTime={download.date}>{download.dateText}</time>
								</dd>
							</>
						) : null}
					</dl>
				</li>
			))}
		</ul>
	)
}

function SupportTab({ content }: { content: Content<'support'> }) {
	const t = useT()
	return (
		<div className="stack">
			<p>{t('productInfo.warranty', { count: content.warrantyYears })}</p>
			<h4>{t('productInfo.documents')}</h4>
			{content.documents.length === 0 ? (
				<p>{t('productInfo.noDocuments')}</p>
			) : (
				<ul className="stack product-files">
					{content.documents.map((document) => (
						<li key={document.id}>
							{document.file ? (
								<a href={document.file.url} hrefLang={document.language}>
									{document.title}
								</a>
							) : (
								<span>{document.title}</span>
							)}
							<dl className="product-facts">
								<dt>{t('productInfo.documentType')}</dt>
								<dd>{document.type}</dd>
								{document.file ? (
									<>
										<dt>{t('productInfo.file')}</dt>
										<dd>
											{document.file.format}, {document.file.sizeText}
										</dd>
									</>
								) : null}
								<dt>{t('productInfo.published')}</dt>
								<dd>
									<time dateTime={document.date}>{document.dateText}</time>
								</dd>
							</dl>
						</li>
					))}
				</ul>
			)}
			{content.faqs.length > 0 ? (
				<>
					<h4>{t('productInfo.faqs')}</h4>
					<dl className="stack">
						{content.faqs.map((faq) => (
							<div key={faq.question}>
								<dt>{faq.question}</dt>
								<dd>{faq.answer}</dd>
							</div>
						))}
					</dl>
				</>
			) : null}
		</div>
	)
}

function ArticlesTab({ content }: { content: Content<'articles'> }) {
	const t = useT()
	return (
		<div className="stack">
			{content.articles.length === 0 ? (
				<p>{t('productInfo.noArticles')}</p>
			) : (
				<ul className="stack">
					{content.articles.map((article) => (
						<li key={article.id}>
							<article>
								<h4>{article.title}</h4>
								<p>
									<time dateTime={article.date}>{article.dateText}</time>
								</p>
								<p>{article.summary}</p>
							</article>
						</li>
					))}
				</ul>
			)}
			{content.curationMissing ? <p className="notice">{t('productInfo.curationMissing')}</p> : null}
			{content.curated.map((section) => (
				<section key={section.id} aria-labelledby={`curated-${section.id}`}>
					<h4 id={`curated-${section.id}`}>{t('productInfo.featuredIn', { title: section.title })}</h4>
					<ul className="link-list">
						{section.products.map((product) => (
							<li key={product.slug}>
								<Link to={`/products/${encodeURIComponent(product.slug)}`}>{product.name}</Link>
							</li>
						))}
					</ul>
				</section>
			))}
		</div>
	)
}

function AccessoriesTab({ content }: { content: Content<'accessories'> }) {
	const t = useT()
	if (content.accessories.length === 0) return <p>{t('productInfo.noAccessories')}</p>
	return (
		<ul className="link-list">
			{content.accessories.map((accessory) => (
				<li key={accessory.modelCode}>
					{accessory.href ? <Link to={accessory.href}>{accessory.name}</Link> : <span>{accessory.name}</span>}{' '}
					<span className="field-hint">{t('productInfo.modelCode', { code: accessory.modelCode })}</span>
				</li>
			))}
		</ul>
	)
}

export function ProductTab({ content }: { content: ProductTabContent }) {
	switch (content.tab) {
		case 'features':
			return <FeaturesTab content={content} />
		case 'specs':
			return <SpecsTab content={content} />
		case 'downloads':
			return <DownloadsTab content={content} />
		case 'support':
			return <SupportTab content={content} />
		case 'articles':
			return <ArticlesTab content={content} />
		case 'accessories':
			return <AccessoriesTab content={content} />
	}
}
