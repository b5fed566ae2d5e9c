import type { Browser, BrowserContext, Page } from '@playwright/test'
import { isDrumTheme, THEME_NAMES, themeHasConsent, type ThemeName } from '../../app/domain/theme.ts'
import {
	colourViolations,
	hydrated,
	inColoursOf,
	wcagViolations,
	withAxe,
	withoutPageScripts,
} from './accessibility.ts'
import type { DemoSignIn } from './demo-accounts.ts'
import { expect, test } from './fixtures.ts'
import {
	cookiesForEveryHost,
	findRegisteredProductId,
	SCREEN_THEMES,
	SCREENS,
	screenUrl,
	type ScreenTheme,
	type ScreenVisit,
} from './screen-list.ts'

/**
 * Axe, WCAG 2.1 A and AA, on every screen of the route table in every one of the nine themes, with
 * JavaScript on and off, signed in and out (issue 24, ADRs 0060 and 0068): 0 violations.
 *
 * A theme changes a page in two ways: its four colours (`themeColours`, the custom properties on
 * `<html>`; no style rule reads the theme's name) and, for some themes, markup (the consent banner; the
 * drum brands' support forms). So the themes fall into kinds of the same markup, and each kind is one
 * test per project: it opens every screen in the kind's first theme and runs all of axe's WCAG rules,
 * then puts each other theme of the kind's colours on the same page and runs the rules that read
 * colours. Nine themes' colours on every page, the markup of each kind, one page load per screen.
 *
 * Each test walks the whole screen list with one browser context per account (the visitor's, then each
 * demo account's). Axe runs once per page reached: a screen that sends the visitor on (the sign-up flow
 * outside a sign-up, the checkout without a checkout) to a page already checked is not checked twice.
 * Signed out, the visitor also opens a screen of each account, to check the sign-in page it is sent to.
 * Every page is a soft check, so one run names every violation of the kind.
 */

type Who = DemoSignIn | 'visitor'
const GROUPS: readonly Who[] = ['visitor', 'customer', 'cloudMember', 'staff']

/** Screens a visitor opens signed out, for the sign-in page each sends them to (with its notice). */
const SIGN_IN_SENDERS: readonly Pick<ScreenVisit, 'name' | 'path'>[] = [
	{ name: 'sign-in from MyGear', path: '/gear/my_gear' },
	{ name: 'sign-in from AccountDetails', path: '/cloud/account' },
]

/**
 * The five themes a host of the suite's portal chooses are opened on their host; the others, and
 * every theme without JavaScript, by `?theme=` on the portal's own host: the scripts are taken out
 * of the answers by the test's own requests (`withoutPageScripts`), which cannot reach the themes'
 * `*.localhost` hosts as the browser does.
 */
const byHost = (theme: ThemeName): theme is ScreenTheme => (SCREEN_THEMES as readonly string[]).includes(theme)

function urlIn(theme: ThemeName, javaScript: boolean, path: string, baseURL: string, registeredProductId: string) {
	const host = javaScript && byHost(theme)
	const url = new URL(screenUrl({ path }, host ? theme : 'dw', baseURL, { registeredProductId }))
	if (!host) url.searchParams.set('theme', theme)
	return url.toString()
}

async function contextOf(browser: Browser, javaScript: boolean, cookies?: Parameters<BrowserContext['addCookies']>[0]) {
	// Scripts on (the project's setting would apply to this context too): axe is a script.
	const context = await browser.newContext({ javaScriptEnabled: true })
	await withAxe(context)
	const landed = javaScript ? undefined : await withoutPageScripts(context)
	if (cookies) await context.addCookies(cookies)
	return { context, landed }
}

/**
 * The themes by kind of markup: with the consent banner or not, with the drums' support forms or the
 * brands'. A theme that comes to change markup in another way must make its own kind here (ADR 0068).
 */
const KINDS = new Map<string, [ThemeName, ...ThemeName[]]>()
for (const theme of THEME_NAMES) {
	const kind = `${themeHasConsent(theme) ? 'consent banner' : 'no banner'}, ${isDrumTheme(theme) ? 'drum' : 'brand'} forms`
	KINDS.set(kind, [...(KINDS.get(kind) ?? []), theme])
}

for (const [kind, [theme, ...alike]] of KINDS) {
	test(`axe (WCAG 2.1 AA), ${kind}: every screen in the ${theme} theme, and in the colours of ${alike.join(', ') || 'no other'}, signed in and out`, async ({
		browser,
		demoSessions,
		portal,
		javaScript,
	}) => {
		// A bound on a hang, for a machine far slower than the budget's (issue 25): about 1 s a page when idle.
		test.setTimeout(480_000)
		const checked = new Set<string>()
		let pages = 0
		let violations = 0
		const check = async (page: Page, name: string, url: string, landedAt?: Map<string, string>) => {
			const response = await page.goto(url)
			expect.soft(response?.status(), `${name}: ${url} answers`).toBeLessThan(400)
			const landed = new URL(landedAt?.get(url) ?? page.url())
			landed.searchParams.delete('theme')
			const key = `${landed.pathname}${landed.search}`
			if (checked.has(key)) return
			checked.add(key)
			await hydrated(page, javaScript)
			await expect.soft(page.locator('html'), `${name}: in the ${theme} theme`).toHaveAttribute('data-theme', theme)
			const found = await wcagViolations(page)
			pages++
			violations += found.length
			expect.soft(found, `${name} (${url}, landed on ${key}), ${theme} theme`).toEqual([])
			for (const other of alike) {
				await inColoursOf(page, other)
				const inOther = await colourViolations(page)
				violations += inOther.length
				expect.soft(inOther, `${name} (${url}, landed on ${key}), in the ${other} theme's colours`).toEqual([])
			}
		}
		for (const who of GROUPS) {
			const cookies = who === 'visitor' ? undefined : cookiesForEveryHost((await demoSessions(who)).cookies)
			const { context, landed } = await contextOf(browser, javaScript, cookies)
			const page = await context.newPage()
			const registeredProductId =
				who === 'customer' ? await findRegisteredProductId(page, portal.url) : 'no-product-of-this-account'
			const visits = [
				...SCREENS.filter((visit) => (visit.account ?? 'visitor') === who),
				...(who === 'visitor' ? SIGN_IN_SENDERS : []),
			]
			for (const visit of visits)
				await check(page, visit.name, urlIn(theme, javaScript, visit.path, portal.url, registeredProductId), landed)
			if (who === 'visitor') {
				// The page as a browser without JavaScript has it: no script of the portal's in it.
				if (!javaScript) expect(await page.locator('script').count(), 'no-js: the portal’s scripts taken out').toBe(0)
				// Another theme's colours reach what axe sees: a primary colour too light for white text fails.
				await inColoursOf(page, theme, { '--primary': '#aaaaaa' })
				expect(await colourViolations(page), 'axe sees a theme’s colours put on the page').toContainEqual(
					expect.stringMatching(/^color-contrast \(serious\)/),
				)
				await inColoursOf(page, theme)
				// Axe is there and sees: grey text planted on the last page is its violation.
				// (Set through the CSSOM: the portal's CSP refuses a style attribute in markup.)
				await page.locator('main').evaluate((main) => {
					const grey = main.appendChild(document.createElement('p'))
					grey.textContent = 'grey'
					grey.style.color = '#aaa'
				})
				expect(await wcagViolations(page), 'axe finds planted grey text').toEqual([
					expect.stringMatching(/^color-contrast \(serious\)/),
				])
			}
			await context.close()
		}
		console.log(
			`axe, ${kind}, JavaScript ${javaScript ? 'on' : 'off'}: ${pages} pages in the colours of ${[theme, ...alike].join(', ')}, ${violations} violations`,
		)
	})
}
