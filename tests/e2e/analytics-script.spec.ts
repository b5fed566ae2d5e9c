/**
 * The stage's analytics script (spec 2 §4, issue 14): configured here as the emulator's script on
 * another origin. Absent without the visitor's opt-in (not in the page, not allowed by its CSP);
 * with it, allowed by the CSP and added 5 s after load; without JavaScript nothing is loaded at all.
 */
import type { Page, Response } from '@playwright/test'
import { expect, test, themedUrl } from './fixtures.ts'
/** The analytics script's origin: another host name on the worker's portal (its ANALYTICS_SCRIPT_URL). */
function scriptOrigin(baseURL: string | undefined): string {
	return `http://analytics.localhost:${new URL(baseURL!).port}`
}

function scriptSrc(response: Response | null): string {
	const csp = response?.headers()['content-security-policy'] ?? ''
	return csp.split(';').find((directive) => directive.trim().startsWith('script-src ')) ?? ''
}

/** Every request the page makes for the analytics script. */
function scriptRequests(page: Page, origin: string): string[] {
	const seen: string[] = []
	page.on('request', (request) => {
		if (request.url().startsWith(origin)) seen.push(request.url())
	})
	return seen
}

test.describe('the analytics script', () => {
	test('declined: not in the page and not allowed by its CSP', async ({ page, baseURL, javaScript }) => {
		const SCRIPT_ORIGIN = scriptOrigin(baseURL)
		const requested = scriptRequests(page, SCRIPT_ORIGIN)
		if (javaScript) await page.clock.install()
		await page.goto(themedUrl('main', '/login', baseURL))
		await page.getByRole('button', { name: 'No, thanks' }).click()
		await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
		const response = await page.goto(themedUrl('main', '/login', baseURL))
		expect(scriptSrc(response)).toContain("'nonce-")
		expect(scriptSrc(response)).not.toContain(SCRIPT_ORIGIN)
		expect(await response!.text()).not.toContain('analytics.js')
		// Well past the moment an allowed visitor's page adds it (5 s after load), by the page's clock.
		if (javaScript) await page.clock.runFor(10_000)
		await expect(page.locator('script[src*="analytics.js"]')).toHaveCount(0)
		expect(requested).toEqual([])
	})

	test('allowed: its origin in the CSP; added 5 s after load with JavaScript, never without', async ({
		page,
		baseURL,
		javaScript,
	}) => {
		const SCRIPT_ORIGIN = scriptOrigin(baseURL)
		const requested = scriptRequests(page, SCRIPT_ORIGIN)
		if (javaScript) await page.clock.install()
		await page.goto(themedUrl('main', '/login', baseURL))
		await page.getByRole('button', { name: 'Allow analytics' }).click()
		await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
		// A click that lands before the page has hydrated posts the banner's form without JavaScript: the page
		// comes back with the visitor's choice, its loader armed, as it should be. It is left first, so the jump
		// below cannot fire its timer; what is counted is the page opened next.
		await page.goto('about:blank')
		// Without JavaScript no page may ask for the script at all, the first one included.
		if (javaScript) requested.length = 0
		// The page's time stands still from here: only runFor moves it.
		if (javaScript) await page.clock.pauseAt(new Date(Date.now() + 10_000))
		const response = await page.goto(themedUrl('main', '/login', baseURL))
		expect(scriptSrc(response)).toContain(SCRIPT_ORIGIN)
		const marked = page.locator('html[data-analytics="loaded"]')
		if (!javaScript) {
			// Without JavaScript nothing can add a script once the page has loaded.
			await expect(page.locator('script[src*="analytics.js"]')).toHaveCount(0)
			expect(requested).toEqual([])
			return
		}
		await page.clock.runFor(4_500)
		await expect(marked).toHaveCount(0)
		expect(requested).toEqual([])
		await page.clock.runFor(1_000)
		await expect(marked).toHaveCount(1)
		expect(requested).toEqual([`${SCRIPT_ORIGIN}/_emulator/log/analytics.js`])
	})
})
