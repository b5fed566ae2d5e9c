/**
 * The culture a page is shown in (spec 1 §9, spec 2 §9) is the server's choice, made before the first
 * byte from the query, the culture cookie and Accept-Language: checked on the server's answers, with
 * no browser (a browser with or without JavaScript gets the same document).
 */
import type { APIRequestContext } from '@playwright/test'
import { CATALOGUE_LANGUAGES, type CatalogueLanguage } from '#app/domain/culture.ts'
import { resources } from '#app/i18n/resources.ts'
import { expect, htmlOf, inHtml, test } from './fixtures.ts'

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
		expect(await shown(request, '/login?culture_code=pl-PL')).toEqual({ lang: 'en', heading: 'Log in' })
	})

	// Issue 24: each culture reads its language's catalogue whatever its region, says that language, and the
	// page names only that catalogue for the browser. Texts are compared with the catalogue, not written here.
	const SAMPLE: [culture: string, lng: CatalogueLanguage][] = [
		['de-AT', 'de'],
		['de-CH', 'de'],
		['fr-CA', 'fr'],
		['fr-BE', 'fr'],
		['es-MX', 'es'],
		['it-CH', 'it'],
		['pt-PT', 'pt'],
		['pt-BR', 'pt'],
		['nl-BE', 'nl'],
		['ja-JP', 'ja'],
		['sr-SP', 'en'],
		['sv-SE', 'en'],
	]
	for (const [culture, lng] of SAMPLE) {
		test(`${culture} reads the ${lng} catalogue and says lang=${lng}`, async ({ request }) => {
			const texts = resources[lng].common
			const response = await request.get(`/login?culture_code=${culture}`)
			expect(response.status()).toBe(200)
			const html = await htmlOf(response)
			expect(/<html[^>]*\slang="([^"]*)"/.exec(html)?.[1]).toBe(lng)
			expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(inHtml(texts.screen.HomeLogin))
			expect(html).toContain(inHtml(texts.account.noAccount))
			const catalogues = [...html.matchAll(/\/locales\/(\w+)\.[\w-]+\.json/g)].map((match) => match[1])
			expect(catalogues.length).toBeGreaterThan(0)
			expect(new Set(catalogues)).toEqual(new Set([lng]))
			// The one catalogue the browser fetches is that language's, and only it.
			const catalogue = (await (await request.get(html.match(/\/locales\/\w+\.[\w-]+\.json/)![0])).json()) as {
				screen: { HomeLogin: string }
			}
			expect(catalogue.screen.HomeLogin).toBe(texts.screen.HomeLogin)
			expect(Object.keys(catalogue)).toEqual(Object.keys(texts))
			for (const other of CATALOGUE_LANGUAGES) if (other !== lng) expect(html).not.toContain(`/locales/${other}.`)
		})
	}

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
