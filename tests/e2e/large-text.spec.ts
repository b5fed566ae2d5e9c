import type { DemoSignIn } from './demo-accounts.ts'
import { enlargeText } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { cookiesForEveryHost, findRegisteredProductId, measureOverflow, SCREENS, screenUrl } from './screen-list.ts'

/**
 * Text at 200 % (issue 24, WCAG 1.4.4, ADR 0060): every screen of the route table, at 320 px, with
 * the browser's font size doubled as a reader's setting does it, scrolls no way but down. The
 * narrow-screens journey's check (narrow-screens.spec.ts) with the text enlarged, each screen in
 * the theme its customers see it in, signed in where it needs to be.
 *
 * JavaScript only, as the narrow-screens journey: no script sets a width.
 */
test.skip(({ javaScript }) => !javaScript, 'the layout is the same without JavaScript (narrow-screens.spec.ts)')

type Who = DemoSignIn | 'visitor'
const GROUPS: readonly Who[] = ['visitor', 'customer', 'cloudMember', 'staff']

for (const who of GROUPS) {
	const visits = SCREENS.filter((visit) => (visit.account ?? 'visitor') === who)
	test(`320 px, text at 200 %, ${who}: no sideways scroll`, async ({ browser, demoSessions, portal }) => {
		test.setTimeout(30_000 + visits.length * 5_000)
		const context = await browser.newContext({
			viewport: { width: 320, height: 640 },
			isMobile: true,
			hasTouch: true,
			deviceScaleFactor: 1,
		})
		if (who !== 'visitor') await context.addCookies(cookiesForEveryHost((await demoSessions(who)).cookies))
		const page = await context.newPage()
		await enlargeText(page)
		const registeredProductId =
			who === 'customer' ? await findRegisteredProductId(page, portal.url) : 'no-product-of-this-account'
		// The setting took: the root font is 32 px.
		expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px')
		for (const visit of visits) {
			const url = screenUrl(visit, visit.theme, portal.url, { registeredProductId })
			await test.step(`${visit.name} (${visit.theme})`, async () => {
				const response = await page.goto(url)
				expect.soft(response?.status(), `${visit.name}: ${url} answers`).toBeLessThan(400)
				const { scrollWidth, clientWidth, widest } = await page.evaluate(measureOverflow)
				expect
					.soft(
						scrollWidth,
						`${visit.name} (${url}, landed on ${new URL(page.url()).pathname}) scrolls sideways at 320 px with ` +
							`text at 200 %: ${scrollWidth} px wide; past the right edge: ${widest.join('; ') || 'nothing found'}`,
					)
					.toBeLessThanOrEqual(clientWidth)
			})
		}
		await context.close()
	})
}
