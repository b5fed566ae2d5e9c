/**
 * What search engines read (issue 24, ADR 0061): every screen of the route table has a
 * `<meta name="description">` with words in it, in English and in Japanese, and the portal serves a
 * robots.txt that leaves the public pages and the areas' entry pages open (a crawler is sent from those to
 * /login) and closes one customer's things and what acts.
 *
 * Over HTTP, with no browser: the head is the server's, with or without JavaScript.
 */
import type { APIRequestContext } from '@playwright/test'
import type { DemoSignIn } from './demo-accounts.ts'
import { expect, htmlOf, test } from './fixtures.ts'
import { REGISTERED_PRODUCT, SCREENS, themeHost, type ScreenVisit } from './screen-list.ts'

type Who = DemoSignIn | 'visitor'
const whoOf = (visit: ScreenVisit): Who => visit.account ?? 'visitor'
const GROUPS: readonly Who[] = ['visitor', 'customer', 'cloudMember', 'staff']
const CULTURES = ['en-US', 'ja-JP'] as const

/** The description's text, its entities read back; null when the page has none. */
function descriptionOf(html: string): string | null {
	const tag = /<meta name="description" content="([^"]*)"\s*\/?>/.exec(html)
	if (!tag) return null
	return tag[1]!.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')
}

async function registeredProductId(request: APIRequestContext): Promise<string> {
	const html = await htmlOf(await request.get('/gear/my_gear'))
	const id = /href="\/gear\/my_gear\/([^/?#"]+)"/.exec(html)?.[1]
	if (!id) throw new Error('no registered product linked from /gear/my_gear')
	return id
}

test('every screen has a meta description, in English and in Japanese', async ({
	playwright,
	portal,
	demoSessions,
}) => {
	test.setTimeout(60_000)
	const missing: string[] = []
	const seen = new Map<string, Set<string>>(CULTURES.map((culture) => [culture, new Set()]))
	for (const who of GROUPS) {
		const request = await playwright.request.newContext({
			baseURL: portal.url,
			storageState: who === 'visitor' ? undefined : await demoSessions(who),
		})
		const productId = who === 'customer' ? await registeredProductId(request) : 'no-product-of-this-account'
		for (const visit of SCREENS.filter((screen) => whoOf(screen) === who)) {
			for (const culture of CULTURES) {
				const path = visit.path.replace(REGISTERED_PRODUCT, productId)
				const url = `${path}${path.includes('?') ? '&' : '?'}culture_code=${culture}`
				const response = await request.get(url, { headers: { Host: `${themeHost(visit.theme)}:${portal.port}` } })
				const description = descriptionOf(await htmlOf(response))
				if (!description?.trim()) missing.push(`${culture} ${visit.name} ${path} (${response.status()})`)
				else seen.get(culture)!.add(description)
			}
		}
		await request.dispose()
	}
	expect(missing, 'screens without a meta description').toEqual([])
	// The screens' own words, not one text for all, and each language's.
	expect(seen.get('en-US')!.size).toBeGreaterThan(30)
	for (const japanese of seen.get('ja-JP')!) expect(seen.get('en-US')!.has(japanese)).toBe(false)
})

test('robots.txt: the public pages and the areas’ entry pages are open, one customer’s things closed', async ({
	request,
}) => {
	const response = await request.get('/robots.txt')
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toMatch(/^text\/plain/)
	const text = await response.text()
	expect(text).toMatch(/^User-agent: \*$/m)
	const disallowed = [...text.matchAll(/^Disallow:\s*(\S+)\s*$/gm)].map((match) => match[1]!)
	const closed = (path: string) => disallowed.some((prefix) => path.startsWith(prefix))
	for (const open of ['/', '/login', '/signup', '/support', '/gear', '/gear/my_gear', '/cloud/memberships', '/tools'])
		expect(closed(open), `${open} is open`).toBe(false)
	for (const shut of [
		'/gear/my_gear/rp_1',
		'/cloud/account/cancel/sub_1',
		'/oauth2/redirect',
		'/logout',
		'/locales/en.json',
	])
		expect(closed(shut), `${shut} is closed`).toBe(true)
})
