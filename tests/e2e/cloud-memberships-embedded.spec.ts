/**
 * The embedded memberships (ADR 0023), JavaScript on and off: framed by a configured brand site
 * (CLOUD_EMBED_ORIGINS, set to http://brand.localhost:PORT for the suite) and refused to any other;
 * shown without the portal's bars; where the browser keeps the session cookie from the frame, the
 * visitor's notice offers to continue in a new tab. The framing pages are served by page.route.
 */
import type { Page, PlaywrightWorkerArgs } from '@playwright/test'
import { makeCloudAccount } from './cloud.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

/** The configured brand site (CLOUD_EMBED_ORIGINS) and another site, on the worker's portal's port. */
const brandSite = (baseURL: string | undefined) => `http://brand.localhost:${new URL(baseURL!).port}`
const otherSite = (baseURL: string | undefined) => `http://other.localhost:${new URL(baseURL!).port}`

/**
 * A page of `origin` that frames `path` of the portal. Chromium's local network access checks keep a
 * page served by page.route (it has no address: public) from framing a loopback server, so the
 * portal's answers reach the frame through a route too: fetched with exactly the headers the
 * browser sent (its own cookies, or none), by a request context that holds no cookies of its own,
 * and handed back with the portal's real headers.
 */
async function framingPage(
	page: Page,
	playwright: PlaywrightWorkerArgs['playwright'],
	origin: string,
	path: string,
	baseURL: string,
) {
	const plain = await playwright.request.newContext()
	await page.route(`${baseURL}/**`, async (route) => {
		const request = route.request()
		const response = await plain.fetch(request.url(), {
			method: request.method(),
			headers: await request.allHeaders(),
			data: request.postDataBuffer() ?? undefined,
			maxRedirects: 0,
		})
		await route.fulfill({ response })
	})
	await page.route(`${origin}/embed`, (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: `<!doctype html><html lang="en"><head><title>Brand site</title></head><body>
<h1>Brand site</h1><iframe title="Memberships" src="${new URL(path, baseURL)}" width="1000" height="800"></iframe>
</body></html>`,
		}),
	)
	await page.goto(`${origin}/embed`)
}

test('only the embedded memberships may be framed, and only by the configured origins (CSP)', async ({
	request,
	baseURL,
}) => {
	for (const path of ['/cloud/memberships-embedded', '/cloud/memberships-embedded/annual', '/cloud/app/memberships']) {
		const response = await request.get(path)
		expect(response.status()).toBe(200)
		const csp = response.headers()['content-security-policy'] ?? ''
		expect(csp).toContain(`frame-ancestors 'self' ${brandSite(baseURL)}`)
		expect(response.headers()['x-frame-options']).toBeUndefined()
	}
	for (const path of ['/cloud/memberships', '/cloud/memberships/annual', '/login', '/cloud/contact-us']) {
		const response = await request.get(path)
		expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self';")
		expect(response.headers()['x-frame-options']).toBe('SAMEORIGIN')
	}
})

test('a configured brand site frames the embedded memberships, shown without the portal’s bars', async ({
	page,
	playwright,
	baseURL,
}) => {
	await framingPage(page, playwright, brandSite(baseURL), '/cloud/memberships-embedded', baseURL!)
	const frame = page.frameLocator('iframe[title="Memberships"]')
	await expect(frame.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible()
	await expect(frame.getByRole('article', { name: 'Pro' })).toContainText('$9.99 / month')
	await expect(frame.locator('header.app-header')).toHaveCount(0)
	await expect(frame.locator('nav.bottom-bar')).toHaveCount(0)
	// The frame is cross-site to the portal: the visitor may go on in a tab of its own.
	const newTab = frame.getByRole('link', { name: 'Continue in a new tab' })
	await expect(newTab).toHaveAttribute('target', '_blank')
	await expect(newTab).toHaveAttribute('href', '/cloud/memberships/monthly')
	await expect(frame.getByRole('link', { name: 'Log in' })).toHaveAttribute('target', '_blank')
})

test('another site cannot frame the embedded memberships, nor anyone the portal’s other pages', async ({
	page,
	playwright,
	baseURL,
}) => {
	await framingPage(page, playwright, otherSite(baseURL), '/cloud/memberships-embedded', baseURL!)
	await expect(page.getByRole('heading', { name: 'Brand site' })).toBeVisible()
	const frame = page.frameLocator('iframe[title="Memberships"]')
	await page.waitForLoadState('load')
	await expect(frame.getByRole('article', { name: 'Pro' })).toHaveCount(0)
	await expect(frame.getByRole('heading', { name: 'Memberships' })).toHaveCount(0)

	await page.unrouteAll()
	await framingPage(page, playwright, brandSite(baseURL), '/cloud/memberships', baseURL!)
	await page.waitForLoadState('load')
	await expect(page.frameLocator('iframe[title="Memberships"]').getByRole('article', { name: 'Pro' })).toHaveCount(0)
})

test('signed in, the cross-site frame gets no session: the notice sends the member to a new tab, where they are signed in', async ({
	page,
	playwright,
	request,
	baseURL,
	javaScript,
}) => {
	const account = await makeCloudAccount(request, 'embed')
	await page.context().addCookies(account.storageState.cookies)
	await framingPage(page, playwright, brandSite(baseURL), '/cloud/memberships-embedded', baseURL!)
	const frame = page.frameLocator('iframe[title="Memberships"]')
	await expect(frame.getByText('Log in or create an account to start a free trial or buy a membership.')).toBeVisible()
	await expect(frame.getByText(/your browser keeps this frame from your session/)).toBeVisible()
	// The same page as a top-level page (the app's, or the tab opened) knows the member: straight from the
	// portal, no longer through the framing page's route.
	await page.unrouteAll({ behavior: 'wait' })
	await page.goto('/cloud/memberships-embedded')
	await expect(page.getByRole('note')).toHaveCount(0)
	await expect(
		page.getByRole('article', { name: 'Ultimate' }).getByRole('button', { name: 'Start 30-day free trial' }),
	).toBeVisible()
	await expect(page.locator('header.app-header')).toHaveCount(0)
	if (javaScript) await expectAccessible(page)
})

test('the cloud manager app’s memberships have no bars either', async ({ page, javaScript }) => {
	await page.goto('/cloud/app/memberships/annual')
	await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible()
	await expect(page.getByRole('article', { name: 'Pro' })).toContainText('$99.99 / year')
	await expect(page.locator('header.app-header')).toHaveCount(0)
	// Not framed: the actions stay in the app's view.
	await expect(page.getByRole('link', { name: 'Continue in a new tab' })).toHaveCount(0)
	if (javaScript) await expectAccessible(page)
})
