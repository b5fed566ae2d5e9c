import type { Browser, BrowserContext } from '@playwright/test'
import type { DemoSignIn } from './demo-accounts.ts'
import { expect, test } from './fixtures.ts'
import {
	cookiesForEveryHost,
	findRegisteredProductId,
	measureOverflow,
	SCREEN_THEMES,
	SCREENS,
	screenUrl,
	type ScreenTheme,
	type ScreenVisit,
} from './screen-list.ts'

/**
 * Phones (issue 21): every screen of the route table fits a 320 px wide screen, with no sideways
 * scroll, signed in where it needs to be, each in the theme its customers see it in; then the whole
 * list again in the effects theme, and at 360 px in its own theme (the widths of the cheapest phones).
 *
 * JavaScript only: the layout is the stylesheet's and the server's HTML, the same with scripts off
 * (no script sets a width), so the no-js project would open the same pages for nothing.
 *
 * The first pass also reads each screen's headings: none repeats the page's title ("Thank you",
 * then "Thank you"), which the 360 px review found on two screens.
 *
 * One page per account, reused screen after screen (no new browser per screen), and each screen a
 * soft check, so one run names every screen that overflows and the elements that reach past the edge.
 */
test.skip(({ javaScript }) => !javaScript, 'the layout is the same without JavaScript (see above)')

type Who = DemoSignIn | 'visitor'
const GROUPS: readonly Who[] = ['visitor', 'customer', 'cloudMember', 'staff']
const whoOf = (visit: ScreenVisit): Who => visit.account ?? 'visitor'

/** A phone: its scroll bars overlay the page, as on a phone, so they take none of its width. */
async function phone(browser: Browser, width: number): Promise<BrowserContext> {
	return browser.newContext({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 })
}

/** The screen's address with the culture it is asked in, when the pass names one. */
function withCulture(url: string, culture: string | undefined): string {
	if (!culture) return url
	const withQuery = new URL(url)
	withQuery.searchParams.set('culture_code', culture)
	return withQuery.toString()
}

// The effects pass is also a culture other than en-US and ja-JP: its formats (dates, money) are the widest.
const PASSES: { width: number; theme?: ScreenTheme; culture?: string }[] = [
	{ width: 320 },
	{ width: 320, theme: 'effects', culture: 'de-DE' },
	{ width: 360 },
]

for (const { width, theme, culture } of PASSES) {
	for (const who of GROUPS) {
		const visits = SCREENS.filter((visit) => whoOf(visit) === who)
		const where = theme ? `the ${theme} theme${culture ? ` in ${culture}` : ''}` : 'each screen in its own theme'
		test(`${width} px, ${where}, ${who}: no sideways scroll`, async ({ browser, demoSessions, portal }) => {
			test.setTimeout(30_000 + visits.length * 5_000)
			const context = await phone(browser, width)
			if (who !== 'visitor') await context.addCookies(cookiesForEveryHost((await demoSessions(who)).cookies))
			const page = await context.newPage()
			const registeredProductId =
				who === 'customer' ? await findRegisteredProductId(page, portal.url) : 'no-product-of-this-account'
			for (const visit of visits) {
				const seenIn = theme ?? visit.theme
				const url = withCulture(screenUrl(visit, seenIn, portal.url, { registeredProductId }), culture)
				await test.step(`${visit.name} (${seenIn})`, async () => {
					const response = await page.goto(url)
					expect.soft(response?.status(), `${visit.name}: ${url} answers`).toBeLessThan(400)
					const { scrollWidth, clientWidth, widest } = await page.evaluate(measureOverflow)
					const landed = new URL(page.url()).pathname
					expect
						.soft(
							scrollWidth,
							`${visit.name} (${url}, landed on ${landed}, ${seenIn} theme) scrolls sideways at ${clientWidth} px: ` +
								`${scrollWidth} px wide; past the right edge: ${widest.join('; ') || 'nothing found'}`,
						)
						.toBeLessThanOrEqual(clientWidth)
					if (width === 320 && !theme) {
						// Once per screen, while it is open: a section heading that only repeats the page's title says nothing.
						const headings = await page.locator('main').getByRole('heading').allInnerTexts()
						const [title, ...sections] = headings.map((h) => h.trim())
						expect.soft(sections, `${visit.name}: a heading repeats the page's title`).not.toContain(title)
					}
				})
			}
			await context.close()
		})
	}
}

test('the passes see every theme', () => {
	const seen = new Set(PASSES.flatMap(({ theme }) => (theme ? [theme] : SCREENS.map((s) => s.theme))))
	expect([...seen].sort()).toEqual([...SCREEN_THEMES].sort())
})
