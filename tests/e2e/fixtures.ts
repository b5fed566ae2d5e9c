import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIResponse, type BrowserContextOptions, type Page } from '@playwright/test'
import { DEMO, type DemoSignIn } from './demo-accounts.ts'
import { startWorkerPortal, type WorkerPortal } from './worker-portal.ts'

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

interface TestFixtures {
	javaScript: boolean
	/** A demo account the test's browser starts signed in as, from its worker's one sign-in. */
	signedInAs: DemoSignIn | undefined
}

interface WorkerFixtures {
	portal: WorkerPortal
	/** The browser state (session cookie) of each demo account, signed in once per worker when first asked. */
	demoSessions: (who: DemoSignIn) => Promise<StorageState>
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
	// One portal per worker (tests/e2e/worker-portal.ts); every test's base URL is its worker's portal.
	portal: [
		async ({}, use, workerInfo) => {
			const { stop, ...portal } = await startWorkerPortal(workerInfo.workerIndex)
			await use(portal)
			await stop()
		},
		{ scope: 'worker', timeout: 240_000 },
	],
	baseURL: async ({ portal }, use) => {
		await use(portal.url)
	},
	javaScript: async ({ javaScriptEnabled }, use) => {
		await use(javaScriptEnabled !== false)
	},
	demoSessions: [
		async ({ playwright, portal }, use) => {
			const signedIn = new Map<DemoSignIn, Promise<StorageState>>()
			const signIn = async (who: DemoSignIn) => {
				// A private address of its own, so the sign-in counts against no journey's limits.
				const request = await playwright.request.newContext({
					baseURL: portal.url,
					extraHTTPHeaders: { 'X-Forwarded-For': `10.254.254.${1 + Object.keys(DEMO).indexOf(who)}` },
				})
				const { email, password } = DEMO[who]
				const response = await request.post('/login', { form: { email, password }, maxRedirects: 0 })
				expect(response.status(), `the demo ${who} signs in`).toBe(302)
				const state = await request.storageState()
				await request.dispose()
				return state
			}
			await use((who) => {
				if (!signedIn.has(who)) signedIn.set(who, signIn(who))
				return signedIn.get(who)!
			})
		},
		{ scope: 'worker' },
	],
	// What the browser saw go wrong, attached to a failed test's result. CI keeps a trace only of a retry
	// (ADR 0072), and a client-side error (a page's render, a request that failed) leaves nothing in the
	// portal's log: a failure that does not come again is still explained.
	page: async ({ page }, use, testInfo) => {
		const seen: string[] = []
		page.on('pageerror', (error) => seen.push(`page error: ${error.stack ?? error.message}`))
		page.on('console', (message) => {
			if (message.type() === 'error') seen.push(`console error: ${message.text()}`)
		})
		page.on('requestfailed', (request) =>
			seen.push(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
		)
		await use(page)
		if (testInfo.status !== testInfo.expectedStatus && seen.length > 0)
			await testInfo.attach('what the browser saw go wrong', { body: seen.join('\n'), contentType: 'text/plain' })
	},
	signedInAs: [undefined, { option: true }],
	storageState: async ({ signedInAs, demoSessions, storageState }, use) => {
		await use(signedInAs ? await demoSessions(signedInAs) : storageState)
	},
})

export { expect }

/**
 * For journeys that only show data (no form, no redirect): they run with JavaScript only. What a
 * browser without JavaScript gets is the server's HTML, which a `*.http.spec.ts` checks from the
 * server's answer, with no browser (issue 25).
 */
export function showsDataOnly() {
	test.skip(({ javaScript }) => !javaScript, 'shows data only: its HTML without JavaScript is checked over HTTP')
}

/** The HTML of a server's answer as text to search: React's markers between text parts removed. */
export async function htmlOf(response: APIResponse): Promise<string> {
	return (await response.text()).replaceAll('<!-- -->', '')
}

/** A text as the server writes it into HTML (React's escaping). */
export function inHtml(text: string): string {
	return text
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#x27;')
}

/** Axe finds no serious or critical accessibility problem on the page. */
export async function expectAccessible(page: Page) {
	const results = await new AxeBuilder({ page }).analyze()
	const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
	expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/** A host name that Chromium resolves to this machine and the portal maps to a theme. */
export function themedUrl(theme: 'main' | 'effects' | 'cloud' | 'proav', path: string, baseURL: string | undefined) {
	const url = new URL(path, baseURL)
	url.hostname = `${theme}.localhost`
	return url.toString()
}
