import { describe, expect, it } from 'vitest'
import { faqPaging, faqSearchHref, isArticleId, parseFaqQuery } from './faq-search.ts'

const parse = (search: string) => parseFaqQuery(new URLSearchParams(search))

describe('parseFaqQuery', () => {
	it('reads the words, the label and the page', () => {
		expect(parse('q=%20free%20%20trial%20&label=Cloud&page=2')).toEqual({ q: 'free trial', label: 'cloud', page: 2 })
	})
	it('reads what it cannot use as the default: an unknown label, a page that is no page', () => {
		expect(parse('')).toEqual({ q: '', label: '', page: 1 })
		expect(parse('label=<script>&page=-1')).toEqual({ q: '', label: '', page: 1 })
		expect(parse('page=0')).toEqual({ q: '', label: '', page: 1 })
		expect(parse('page=2.5')).toEqual({ q: '', label: '', page: 1 })
		expect(parse('page=99999')).toEqual({ q: '', label: '', page: 1 })
		expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(200)
	})
})

describe('faq paging', () => {
	it('writes addresses without empty parts or page 1', () => {
		expect(faqSearchHref({ q: '', label: '', page: 1 })).toBe('/cloud/faq')
		expect(faqSearchHref({ q: 'free trial', label: 'cloud', page: 3 })).toBe(
			'/cloud/faq?q=free+trial&label=cloud&page=3',
		)
	})
	it('links the previous and the next page while there is one', () => {
		const query = { q: 'plan', label: 'cloud' as const, page: 1 }
		expect(faqPaging(query, { count: 13, perPage: 8, nextPage: 2 })).toEqual({
			page: 1,
			pages: 2,
			previous: null,
			next: '/cloud/faq?q=plan&label=cloud&page=2',
		})
		expect(faqPaging({ ...query, page: 2 }, { count: 13, perPage: 8, nextPage: null })).toEqual({
			page: 2,
			pages: 2,
			previous: '/cloud/faq?q=plan&label=cloud',
			next: null,
		})
	})
	it('leads back into the results from a page past the end', () => {
		expect(faqPaging({ q: '', label: '', page: 9 }, { count: 13, perPage: 8, nextPage: null }).previous).toBe(
			'/cloud/faq?page=2',
		)
		expect(faqPaging({ q: 'zzz', label: '', page: 1 }, { count: 0, perPage: 8, nextPage: null })).toEqual({
			page: 1,
			pages: 1,
			previous: null,
			next: null,
		})
	})
})

describe('isArticleId', () => {
	it('takes the help centre’s numeric ids only', () => {
		expect(isArticleId('360001000001')).toBe(true)
		expect(isArticleId('../me')).toBe(false)
		expect(isArticleId('')).toBe(false)
		expect(isArticleId(undefined)).toBe(false)
	})
})
