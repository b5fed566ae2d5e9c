import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { account, reply } from '#tests/mocks/handlers.ts'
import { failure } from '#tests/mocks/normalisation.ts'
import { createLruCache } from './cache.server.ts'
import {
	ARTICLE_CACHE_MS,
	ARTICLE_STALE_MS,
	getHelpArticle,
	searchHelpArticles,
	setArticleCache,
} from './help-articles.server.ts'

const article = (id: string, body: string) => ({
	id,
	title: `Article ${id}`,
	body,
	labelNames: ['zenbeats'],
	section: 'Zenbeats',
	htmlUrl: `https://help.example.com/hc/articles/${id}`,
	locale: 'en-us',
	createdAt: '2026-10-01T00:00:00.000Z',
	updatedAt: '2026-11-01T00:00:00.000Z',
})
const hostile = '<p onclick="x()">Text</p><script>alert(1)</script><a href="javascript:alert(1)">go</a>'
const search = { query: ' Latency ', labels: ['zenbeats'], page: 1, perPage: 8 }
const page = { articles: [article('1', hostile)], count: 1, page: 1, perPage: 8, nextPage: null }
const later = (ms: number) => vi.setSystemTime(Date.now() + ms + 1000)

beforeEach(() => {
	setArticleCache(createLruCache())
	vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
	vi.useRealTimers()
	setArticleCache(undefined)
})

describe('help articles through the cache (ADR 0022)', () => {
	it('keeps a search page for 5 minutes, its bodies sanitised, and asks with the words and labels', async () => {
		const hit = account.get('zendesk/articles', reply.json(page))
		const first = await searchHelpArticles(search)
		expect(first.articles[0]!.body).toBe('<p>Text</p><a>go</a>')
		await searchHelpArticles({ ...search, query: 'latency' })
		expect(hit.calls).toHaveLength(1)
		expect(hit.last.url.searchParams.get('query')).toBe('latency')
		expect(hit.last.url.searchParams.get('label_names')).toBe('zenbeats')
		await searchHelpArticles({ ...search, page: 2 })
		expect(hit.calls).toHaveLength(2)
		later(ARTICLE_CACHE_MS)
		await searchHelpArticles(search)
		await vi.waitFor(() => expect(hit.calls).toHaveLength(3))
	})

	it('serves a kept article while the help centre fails, within the stale time', async () => {
		const hit = account.get(
			'zendesk/articles/42',
			reply.json(article('42', hostile)),
			reply.json({ message: 'Unavailable' }, 503),
		)
		expect((await getHelpArticle('42')).body).toBe('<p>Text</p><a>go</a>')
		later(ARTICLE_CACHE_MS)
		expect((await getHelpArticle('42')).title).toBe('Article 42')
		// The stale read refreshes in the background: let it land here, not in the next test's handlers.
		await vi.waitFor(() => expect(hit.calls).toHaveLength(2))
		later(ARTICLE_STALE_MS)
		expect(await failure(getHelpArticle('42'))).toMatchObject({ status: 503 })
		expect(hit.calls).toHaveLength(3)
	})

	it('keeps no answer for an unknown article', async () => {
		const hit = account.get(
			'zendesk/articles/7',
			reply.json({ message: 'Article not found.', code: 'NotFound' }, 404),
			reply.json(article('7', '<p>Now here</p>')),
		)
		expect(await failure(getHelpArticle('7'))).toMatchObject({ status: 404 })
		expect((await getHelpArticle('7')).body).toBe('<p>Now here</p>')
		expect(hit.calls).toHaveLength(2)
	})
})
