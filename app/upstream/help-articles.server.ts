/**
 * Help-centre articles for the FAQ screens, through the portal's cache: a search page and an article
 * are the same for every visitor, so one visitor's answer serves the next for a few minutes, and the
 * article's HTML is sanitised once, when it is fetched, not on every view. Past its time a kept answer
 * is still served while a fresh one is fetched, for a while, so a help-centre hiccup does not empty
 * the FAQ. A failed call keeps nothing (a missing article is asked again next time).
 */
import { cachified } from '@epic-web/cachified'
import { sanitiseArticleHtml } from './faq-html.ts'
import { checkShared, getCache, type PortalCache } from './cache.server.ts'
import {
	ArticleSchema,
	ArticleSearchResultSchema,
	type Article,
	type ArticleSearchResult,
} from './contract/help-centre.ts'
import { getArticle, searchArticles } from './help-centre.server.ts'
import { pictureSrc } from './pictures.server.ts'

/** How long an answer is fresh: an edited article shows within this. */
export const ARTICLE_CACHE_MS = 5 * 60_000
/** How long past that it may still be served while a fresh one is fetched. */
export const ARTICLE_STALE_MS = 30 * 60_000

const PREFIX = 'articles:'
let override: PortalCache | undefined
const cache = () => override ?? getCache()

/** For tests: use this cache instead of the shared one (undefined: the shared one again). */
export function setArticleCache(next: PortalCache | undefined): void {
	override = next
}

/** An article whose body is the sanitised HTML (see upstream/faq-html.ts), safe to render. */
export type SafeArticle = Article

function safe(article: Article): SafeArticle {
	return { ...article, body: sanitiseArticleHtml(article.body, article.htmlUrl, pictureSrc) }
}

export interface ArticleSearch {
	query: string
	labels: readonly string[]
	page: number
	perPage: number
}

/** A page of articles matching the words and any of the labels, each body sanitised. */
export function searchHelpArticles(search: ArticleSearch, signal?: AbortSignal): Promise<ArticleSearchResult> {
	const query = search.query.trim().toLowerCase()
	const labels = [...search.labels].map((label) => label.toLowerCase()).sort()
	return cachified({
		key: `${PREFIX}search:${search.perPage}:${search.page}:${labels.join(',')}:${query}`,
		cache: cache(),
		ttl: ARTICLE_CACHE_MS,
		staleWhileRevalidate: ARTICLE_STALE_MS,
		checkValue: checkShared(cache(), ArticleSearchResultSchema),
		getFreshValue: async () => {
			const result = await searchArticles(
				{ query, labelNames: labels, page: search.page, perPage: search.perPage },
				signal,
			)
			return { ...result, articles: result.articles.map(safe) }
		},
	})
}

/** One article with its body sanitised; an unknown id is the upstream's 404 (not kept). */
export function getHelpArticle(id: string, signal?: AbortSignal): Promise<SafeArticle> {
	return cachified({
		key: `${PREFIX}article:${id}`,
		cache: cache(),
		ttl: ARTICLE_CACHE_MS,
		staleWhileRevalidate: ARTICLE_STALE_MS,
		checkValue: checkShared(cache(), ArticleSchema),
		getFreshValue: async () => safe(await getArticle(id, signal)),
	})
}
