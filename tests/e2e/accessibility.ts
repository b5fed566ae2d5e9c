/**
 * What the accessibility journeys share (issue 24, ADR 0060): axe with the WCAG 2.1 A and AA rules,
 * a check that the focused control shows a focus indicator, and text enlarged as a browser's
 * font-size setting enlarges it.
 */
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from '@playwright/test'
import { themeColours, type ThemeName } from '../../app/domain/theme.ts'

/** The rules issue 24 asks for: WCAG 2.0 and 2.1, levels A and AA (not axe's best practices). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** axe-core, the engine @axe-core/playwright injects. */
const AXE_SCRIPT = createRequire(import.meta.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js')

/**
 * Loads axe into every page the context opens, before the page's own scripts. @axe-core/playwright
 * sends axe's 570 KB source into the page at each analysis, which took 1 to 2.5 s of each page's 1.3
 * to 3 s on our two busy cores; axe's run itself takes 0.1 to 0.3 s (ADR 0060).
 */
export async function withAxe(context: BrowserContext) {
	await context.addInitScript({ path: AXE_SCRIPT })
}

interface AxeNode {
	target: string[]
	any: { id: string; data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[]
}
interface AxeViolation {
	id: string
	impact?: string | null
	help: string
	nodes: AxeNode[]
}

/**
 * The WCAG A/AA rules of axe that read colours: text against its ground (1.4.3) and a link told from the
 * text around it by colour (1.4.1). All else a theme changes is markup, which the other rules check.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Axe's WCAG 2.1 A/AA violations on a page of a context `withAxe` prepared, one line each with the
 * elements and, for contrast, the colours.
 */
export function wcagViolations(page: Page): Promise<string[]> {
	return axeViolations(page, { type: 'tag', values: WCAG_TAGS })
}

/** Axe's violations of the rules that read colours (`COLOUR_RULES`), as `wcagViolations` tells them. */
export function colourViolations(page: Page): Promise<string[]> {
	return axeViolations(page, { type: 'rule', values: COLOUR_RULES })
}

/**
 * Puts a theme's colours on the page as the server puts them (`themeColours`, the custom properties on
 * `<html>`), with `override` over them, through the CSSOM (the portal's CSP refuses style in markup).
 */
export async function inColoursOf(page: Page, theme: ThemeName, override: Record<string, string> = {}) {
	const colours: Record<string, string> = { ...themeColours(theme), ...override }
	await page.evaluate(
		({ theme, colours }) => {
			const root = document.documentElement
			for (const [name, value] of Object.entries(colours)) root.style.setProperty(name, value)
			root.dataset.theme = theme
		},
		{ theme, colours },
	)
}

async function axeViolations(page: Page, runOnly: { type: 'tag' | 'rule'; values: string[] }): Promise<string[]> {
	const violations = await page.evaluate(async (runOnly) => {
		const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
		return (await axe.run(document, { runOnly, resultTypes: ['violations'] })).violations
	}, runOnly)
	return (violations as AxeViolation[]).map((violation) => {
		const nodes = violation.nodes.slice(0, 4).map((node) => {
			const data = node.any.find((check) => check.id === 'color-contrast')?.data
			const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : ''
			return `${node.target.join(' ')}${colours}`
		})
		const more = violation.nodes.length > 4 ? ` and ${violation.nodes.length - 4} more` : ''
		return `${violation.id} (${violation.impact}): ${violation.help}: ${nodes.join(', ')}${more}`
	})
}

/**
 * Axe runs as a script in the page, which a browser with JavaScript off does not run (its timers
 * never fire). So the no-js project's pages are opened with scripts on and every script of the
 * portal's answer taken out before the browser reads it: the page a browser without JavaScript
 * shows (the portal's pages have no <noscript> to tell the two apart), with axe able to run in it.
 */
export async function withoutPageScripts(context: BrowserContext): Promise<Map<string, string>> {
	// The browser does not send a fulfilled redirect's next request through the route, so the answer
	// is fetched to its end here; the page keeps the address asked for, so the map names where it landed.
	const landed = new Map<string, string>()
	await context.route(
		(url) => !url.pathname.startsWith('/_emulator/'),
		async (route) => {
			if (route.request().resourceType() === 'script') return route.abort()
			if (route.request().resourceType() !== 'document') return route.fallback()
			const response = await route.fetch()
			landed.set(route.request().url(), response.url())
			const html = (await response.text())
				.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
				.replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
			return route.fulfill({ response, body: html })
		},
	)
	return landed
}

/**
 * Holds the page's client entry until the answered function is called: a slow network, where the scripts come
 * after the first paint (ADR 0062) and the visitor is quicker than they are.
 */
export async function holdClientEntry(page: Page): Promise<() => void> {
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
		await held
		await route.continue()
	})
	return release
}

/** Waits until React has hydrated the page (root.tsx marks <html>), when scripts run. */
export async function hydrated(page: Page, javaScript: boolean) {
	if (javaScript) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Why the focused element shows no focus indicator, or null when it shows one: its outline or box
 * shadow differs from that of a copy of it beside it, without the focus (same classes, same parent).
 */
export async function missingFocusIndicator(page: Page): Promise<string | null> {
	return page.evaluate(() => {
		const el = document.activeElement
		if (!(el instanceof HTMLElement) || el === document.body) return 'nothing has the focus'
		const look = (of: Element) => {
			const style = getComputedStyle(of)
			const outline = style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? 'none' : style.outline
			return { outline, boxShadow: style.boxShadow }
		}
		const focused = look(el)
		const copy = el.cloneNode(false) as HTMLElement
		copy.removeAttribute('id')
		el.after(copy)
		const unfocused = look(copy)
		copy.remove()
		const outlined = focused.outline !== 'none' && focused.outline !== unfocused.outline
		const shadowed = focused.boxShadow !== 'none' && focused.boxShadow !== unfocused.boxShadow
		if (outlined || shadowed) return null
		const name = el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)
		const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''
		return `no focus indicator on ${el.tagName.toLowerCase()}${type} "${name}" (${el.className}): ${JSON.stringify(focused)}`
	})
}

/**
 * The browser's text size as a reader's setting makes it, in percent of the default: at 200 % the default font
 * size is doubled (16 px to 32 px), as Chromium's font-size setting does (chrome://settings/fonts), so every rem
 * and em grows and px stay: not a zoom of the page, which would also shrink the viewport. The setting holds for
 * the page from then on, across navigations; each call returns once the open page's root font has the size.
 */
export async function textSizeOf(page: Page): Promise<(percent: number) => Promise<void>> {
	const session = await page.context().newCDPSession(page)
	await session.send('Page.enable')
	return async (percent) => {
		await session.send('Page.setFontSizes', {
			fontSizes: { standard: (16 * percent) / 100, fixed: (13 * percent) / 100 },
		})
		await page.waitForFunction(
			(rootSize) => getComputedStyle(document.documentElement).fontSize === rootSize,
			`${(16 * percent) / 100}px`,
		)
	}
}
