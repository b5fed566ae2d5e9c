/**
 * The culture a page is shown in (spec 1 §9, spec 2 §9) is the server's choice, made before the first
 * byte from the query, the culture cookie and Accept-Language: checked on the server's answers, with
 * no browser (a browser with or without JavaScript gets the same document).
 */
import type { APIRequestContext } from '@playwright/test'
import { expect, htmlOf, test } from './fixtures.ts'

/** The page's language (`<html lang>`) and its first heading, as the server sent them. */
async function shown(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
	const response = await request.get(path, { headers })
	expect(response.status(), path).toBe(200)
	const html = await htmlOf(response)
	return {
		lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1],
		heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
	}
}

test.describe('cultures', () => {
	test('culture_code from the query is normalised, rendered and kept', async ({ request }) => {
		expect(await shown(request, '/login?culture_code=ja-jp')).toEqual({ lang: 'ja', heading: 'ログイン' })
		// The request context keeps the cookies the answer set, as a browser does.
		expect(await shown(request, '/signup')).toEqual({ lang: 'ja', heading: 'アカウント作成' })
	})

	test('a culture without a catalogue reads English and says lang=en', async ({ request }) => {
		expect(await shown(request, '/login?culture_code=de')).toEqual({ lang: 'en', heading: 'Log in' })
	})

	test('an unknown code falls back to English', async ({ request }) => {
		expect(await shown(request, '/signup?culture_code=zz-ZZ')).toEqual({ lang: 'en', heading: 'Create an account' })
	})

	test.describe('with a Japanese browser', () => {
		const japanese = { 'Accept-Language': 'ja-JP,ja;q=0.9' }
		test('Accept-Language chooses the culture when nothing else does', async ({ request }) => {
			expect(await shown(request, '/reset-password', japanese)).toEqual({
				lang: 'ja',
				heading: 'パスワードの再設定',
			})
		})
		test('the query wins over Accept-Language', async ({ request }) => {
			expect(await shown(request, '/reset-password?culture_code=en-GB', japanese)).toEqual({
				lang: 'en',
				heading: 'Reset password',
			})
		})
	})
})
