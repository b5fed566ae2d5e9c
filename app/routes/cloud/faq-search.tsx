/**
 * FAQ search (FaqSearch, spec 2 §2, §7 `zendesk/articles`; `/cloud/faq`): help-centre articles by
 * words and label. The search is a GET form and the pages are links (`?q=&label=&page=`), so it all
 * works without JavaScript and every result page has an address. Answers are cached briefly
 * (app/upstream/help-articles.server.ts); a help centre that cannot answer gives the spec's message
 * with a 503.
 */
import { data, Form, Link } from 'react-router'
import type { Route } from './+types/faq-search'
import {
	FAQ_LABELS,
	FAQ_PER_PAGE,
	faqArticlePath,
	faqPaging,
	parseFaqQuery,
	type FaqPaging,
	type FaqQuery,
} from '#app/domain/faq-search.ts'
import { isUpstreamError, userMessageKey } from '#app/upstream/errors.ts'
import { searchHelpArticles } from '#app/upstream/help-articles.server.ts'
import { useT } from '#app/ui/i18n.tsx'

interface ArticleLink {
	id: string
	title: string
	section: string
	href: string
}

type SearchAnswer =
	| { state: 'results'; query: FaqQuery; count: number; articles: ArticleLink[]; paging: FaqPaging }
	| { state: 'unavailable'; query: FaqQuery; errorKey: 'toast.tryAgain' | 'toast.tokenExpired' | 'toast.exception' }

export async function loader({ request, url }: Route.LoaderArgs) {
	const query = parseFaqQuery(url.searchParams)
	try {
		const result = await searchHelpArticles(
			{ query: query.q, labels: query.label ? [query.label] : [], page: query.page, perPage: FAQ_PER_PAGE },
			request.signal,
		)
		return data<SearchAnswer>({
			state: 'results',
			query,
			count: result.count,
			articles: result.articles.map((article) => ({
				id: article.id,
				title: article.title,
				section: article.section,
				href: faqArticlePath(article.id),
			})),
			paging: faqPaging(query, result),
		})
	} catch (error) {
		if (!isUpstreamError(error) || error.cancelled) throw error
		return data<SearchAnswer>(
			{ state: 'unavailable', query, errorKey: userMessageKey(error) ?? 'toast.tryAgain' },
			{ status: 503 },
		)
	}
}

export default function FaqSearch({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const { query } = loaderData
	return (
		<>
			<div role="search">
				<Form method="get" className="form" aria-label={t('faq.searchForm')}>
					<div className="field">
						<label htmlFor="faq-q">{t('faq.words')}</label>
						<input id="faq-q" name="q" type="search" defaultValue={query.q} maxLength={200} />
					</div>
					<div className="field">
						<label htmlFor="faq-label">{t('faq.topic')}</label>
						<select id="faq-label" name="label" defaultValue={query.label}>
							<option value="">{t('faq.allTopics')}</option>
							{FAQ_LABELS.map((label) => (
								<option key={label} value={label}>
									{t(`faq.labels.${label}`)}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className="button primary">
						{t('faq.search')}
					</button>
				</Form>
			</div>
			<section className="stack" aria-labelledby="faq-results-title">
				<h2 id="faq-results-title">{t('faq.results')}</h2>
				{loaderData.state === 'unavailable' ? (
					<p role="alert">{t(loaderData.errorKey)}</p>
				) : (
					<Results answer={loaderData} />
				)}
			</section>
		</>
	)
}

function Results({ answer }: { answer: Extract<SearchAnswer, { state: 'results' }> }) {
	const t = useT()
	const { paging } = answer
	if (answer.articles.length === 0) {
		return (
			<>
				<p>{t('faq.noResults')}</p>
				{paging.previous ? <Link to={paging.previous}>{t('faq.previous')}</Link> : null}
			</>
		)
	}
	return (
		<>
			<p role="status">{t('faq.count', { count: answer.count })}</p>
			<ul className="link-list">
				{answer.articles.map((article) => (
					<li key={article.id}>
						<Link to={article.href}>{article.title}</Link> <span>· {article.section}</span>
					</li>
				))}
			</ul>
			{paging.pages > 1 ? (
				<nav aria-label={t('faq.pages')} className="actions">
					{paging.previous ? (
						<Link to={paging.previous} rel="prev">
							{t('faq.previous')}
						</Link>
					) : null}
					<span>{t('faq.pageOf', { page: paging.page, pages: paging.pages })}</span>
					{paging.next ? (
						<Link to={paging.next} rel="next">
							{t('faq.next')}
						</Link>
					) : null}
				</nav>
			) : null}
		</>
	)
}
