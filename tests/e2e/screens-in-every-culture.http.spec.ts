/**
 * Every screen of the route table in every supported culture (issue 22): no answer 5xx, signed in
 * where the screen needs it, and the culture's date format on a page that shows dates.
 *
 * Over HTTP, with no browser: a 5xx and the dates are the server's (the browser renders the same
 * document, with or without JavaScript), and some three thousand pages fit in a CI run only this way.
 * One test per culture; its screens are asked in parallel, a few at a time.
 */
import type { APIRequestContext } from '@playwright/test'
import { SUPPORTED_CULTURES, type CultureCode } from '#app/domain/culture.ts'
import { formatDay } from '#app/domain/formats.ts'
import type { DemoSignIn } from './demo-accounts.ts'
import { expect, htmlOf, inHtml, test } from './fixtures.ts'
import { REGISTERED_PRODUCT, SCREENS, themeHost, type ScreenTheme, type ScreenVisit } from './screen-list.ts'

type Who = DemoSignIn | 'visitor'
const whoOf = (visit: ScreenVisit): Who => visit.account ?? 'visitor'
const GROUPS: readonly Who[] = ['visitor', 'customer', 'cloudMember', 'staff']

/** Requests in flight per account: enough to keep the portal busy, few enough not to queue for long. */
const PARALLEL = 4

/** A day as the culture writes it; checked on a page of each account that shows days. */
const DAY_SHAPE: Partial<Record<CultureCode, RegExp>> = {
	// The demo customer's gear has a product bought on 2023-03-14 (server/emulator/account/gear/seed.ts).
	'ja-JP': /\b\d{4}\/\d{2}\/\d{2}\b/,
	'de-DE': /\b\d{2}\.\d{2}\.\d{4}\b/,
}
const PAGES_WITH_DAYS: readonly { path: string; account: DemoSignIn; theme: ScreenTheme }[] = [
	{ path: '/gear/my_gear', account: 'customer', theme: 'main' },
	{ path: '/cloud/account', account: 'cloudMember', theme: 'cloud' },
]

async function mapLimited<T, R>(items: readonly T[], limit: number, each: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = []
	let next = 0
	const worker = async () => {
		while (next < items.length) {
			const index = next++
			results[index] = await each(items[index]!)
		}
	}
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
	return results
}

/** The path with the culture in its query (the first thing the server reads the culture from). */
function inCulture(path: string, culture: CultureCode): string {
	return `${path}${path.includes('?') ? '&' : '?'}culture_code=${encodeURIComponent(culture)}`
}

/** A registered product's id, from the gear list's links. */
async function registeredProductId(request: APIRequestContext): Promise<string> {
	const html = await htmlOf(await request.get('/gear/my_gear'))
	const id = /href="\/gear\/my_gear\/([^/?#"]+)"/.exec(html)?.[1]
	if (!id) throw new Error('no registered product linked from /gear/my_gear')
	return id
}

for (const culture of SUPPORTED_CULTURES) {
	test(`${culture}: every screen answers without a server error`, async ({ playwright, portal, demoSessions }) => {
		test.setTimeout(120_000)
		const failures: string[] = []
		for (const who of GROUPS) {
			const request = await playwright.request.newContext({
				baseURL: portal.url,
				storageState: who === 'visitor' ? undefined : await demoSessions(who),
			})
			const productId = who === 'customer' ? await registeredProductId(request) : 'no-product-of-this-account'
			const visits = SCREENS.filter((visit) => whoOf(visit) === who)
			await mapLimited(visits, PARALLEL, async (visit) => {
				const path = inCulture(visit.path.replace(REGISTERED_PRODUCT, productId), culture)
				// The theme is the host's (THEME_BY_HOST); *.localhost names do not resolve outside a browser.
				const host = `${themeHost(visit.theme)}:${portal.port}`
				const response = await request.get(path, { headers: { Host: host } })
				if (response.status() >= 500) failures.push(`${visit.name} ${path}: ${response.status()}`)
				await response.dispose()
			})
			await request.dispose()
		}
		expect(failures, `${culture}: screens that answer 5xx`).toEqual([])
	})
}

for (const [culture, shape] of Object.entries(DAY_SHAPE)) {
	for (const { path, account, theme } of PAGES_WITH_DAYS) {
		test(`${culture}: ${path} writes days as the culture does`, async ({ playwright, portal, demoSessions }) => {
			const request = await playwright.request.newContext({
				baseURL: portal.url,
				storageState: await demoSessions(account),
			})
			const response = await request.get(inCulture(path, culture as CultureCode), {
				headers: { Host: `${themeHost(theme)}:${portal.port}` },
			})
			expect(response.status()).toBe(200)
			const html = await htmlOf(response)
			// The Host header chose the theme, as the screens' requests rely on.
			expect(html).toContain(`data-theme="${theme}"`)
			expect(html).toMatch(shape)
			if (path === '/gear/my_gear') expect(html).toContain(culture === 'ja-JP' ? '2023/03/14' : '14.03.2023')
			await request.dispose()
		})
	}
}

// Issue 24: the new catalogue languages say the purchase day in their cultures' words (as formats.ts writes it).
test('the purchase day on /gear/my_gear in fr-FR, es-ES, it-IT, pt-BR, nl-NL, de-CH', async ({
	playwright,
	portal,
	demoSessions,
}) => {
	const request = await playwright.request.newContext({
		baseURL: portal.url,
		storageState: await demoSessions('customer'),
	})
	for (const culture of ['fr-FR', 'es-ES', 'it-IT', 'pt-BR', 'nl-NL', 'de-CH'] as const) {
		const response = await request.get(inCulture('/gear/my_gear', culture), {
			headers: { Host: `${themeHost('main')}:${portal.port}` },
		})
		expect(response.status(), culture).toBe(200)
		expect(await htmlOf(response), culture).toContain(inHtml(formatDay('2023-03-14', culture)))
	}
	await request.dispose()
})
