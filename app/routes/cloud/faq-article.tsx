/**
 * A help article (FaqArticle, spec 2 §7 `zendesk/articles/{id}`; `/cloud/faq/:articleId`): its
 * title, section, date and body. The body is the help centre's HTML after the server's sanitiser
 * (app/upstream/faq-html.ts), never the upstream's HTML as it came. An unknown article is 'Article not
 * found.' with a 404 inside the portal; a help centre that cannot answer, the spec's message and 503.
 */
import { data, Link } from 'react-router'
import type { Route } from './+types/faq-article'
import { FAQ_PATH, isArticleId } from '#app/domain/faq-search.ts'
import { formatLongDate } from '#app/domain/formats.ts'
import { preferencesContext } from '#app/request-context.server.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { getHelpArticle } from '#app/upstream/help-articles.server.ts'
import { useT } from '#app/ui/i18n.tsx'

export async function loader({ params, request, context }: Route.LoaderArgs) {
	if (!isArticleId(params.articleId)) return data({ state: 'notFound' as const }, { status: 404 })
	try {
		const article = await getHelpArticle(params.articleId, request.signal)
		const { culture } = context.get(preferencesContext)
		return {
			state: 'found' as const,
			title: article.title,
			section: article.section,
			updated: formatLongDate(article.updatedAt, culture),
			updatedAt: article.updatedAt,
			html: article.body,
			lang: article.locale,
		}
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		if (error.kind === 'status' && error.status === 404) return data({ state: 'notFound' as const }, { status: 404 })
		return data({ state: 'unavailable' as const, errorKey: userMessageKey(error) ?? 'toast.tryAgain' }, { status: 503 })
	}
}

export default function FaqArticle({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const back = (
		<p>
			<Link to={FAQ_PATH}>{t('faq.backToSearch')}</Link>
		</p>
	)
	if (loaderData.state === 'notFound') {
		return (
			<section className="stack" aria-labelledby="article-title">
				<h2 id="article-title">{t('faq.notFound')}</h2>
				{back}
			</section>
		)
	}
	if (loaderData.state === 'unavailable') {
		return (
			<section className="stack" aria-labelledby="article-title">
				<h2 id="article-title">{t('faq.unavailable')}</h2>
				<p role="alert">{t(loaderData.errorKey)}</p>
				{back}
			</section>
		)
	}
	return (
		<article className="stack faq-article" aria-labelledby="article-title" lang={loaderData.lang.split('-')[0]}>
			<header>
				<h2 id="article-title">{loaderData.title}</h2>
				<p>
					{loaderData.section} · {t('faq.updated')} <time dateTime={loaderData.updatedAt}>{loaderData.updated}</time>
				</p>
			</header>
			{/* Sanitised on the server with an allow-list (app/upstream/faq-html.ts). */}
			<div className="faq-article-body" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
			{back}
		</article>
	)
}
