import { DEMO } from './account.ts'
import { expect, test } from './fixtures.ts'

test.describe('tabs', () => {
	test('are links to URLs, the first selected by default', async ({ page }) => {
		await page.goto('/cloud/memberships')
		const tabs = page.getByRole('navigation', { name: 'Sections of this page' })
		await expect(tabs.getByRole('link', { name: 'Monthly' })).toHaveAttribute('aria-current', 'page')
		await tabs.getByRole('link', { name: 'Annual' }).click()
		await expect(page).toHaveURL('/cloud/memberships/annual')
		await expect(tabs.getByRole('link', { name: 'Annual' })).toHaveAttribute('aria-current', 'page')
		await expect(tabs.getByRole('link', { name: 'Monthly' })).not.toHaveAttribute('aria-current', 'page')
	})

	test('a tab URL opens on its own', async ({ page }) => {
		await page.goto('/cloud/entitlement-key/serial_number')
		const tabs = page.getByRole('navigation', { name: 'Sections of this page' })
		await expect(tabs.getByRole('link', { name: 'Serial Number' })).toHaveAttribute('aria-current', 'page')
	})

	test('screens without tabs show no tab bar', async ({ page }) => {
		await page.goto('/login')
		await expect(page.getByRole('navigation', { name: 'Sections of this page' })).toHaveCount(0)
	})
})

test.describe('with JavaScript', () => {
	test.skip(({ javaScript }) => !javaScript, 'fragments never reach the server; only the inline script can read them')

	test('a #tab fragment becomes the tab path', async ({ page }) => {
		await page.goto('/cloud/memberships#annual')
		await expect(page).toHaveURL('/cloud/memberships/annual')
		await page.goto('/cloud/entitlement-key#serial_number')
		await expect(page).toHaveURL('/cloud/entitlement-key/serial_number')
	})

	test('a legacy #/path?query#hash URL becomes the path', async ({ page }) => {
		await page.goto('/login#/cloud/memberships?culture_code=ja-JP')
		await expect(page).toHaveURL('/cloud/memberships?culture_code=ja-JP')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('メンバーシップ')
	})

	test('a legacy fragment naming another site is not followed', async ({ page }) => {
		let leftThePortal = false
		await page.route(
			(url) => url.hostname === 'evil.example',
			(route) => {
				leftThePortal = true
				return route.abort()
			},
		)
		await page.goto('/login#//evil.example/x')
		await page.goto('/login#/\\evil.example/x')
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(new URL(page.url()).pathname).toBe('/login')
		expect(leftThePortal).toBe(false)
	})

	test('a #tab fragment of a screen with a parameter becomes the tab path', async ({ page }) => {
		await page.goto('/cloud/app/memberships#annual')
		await expect(page).toHaveURL('/cloud/app/memberships/annual')
	})

	test('a tab fragment on a guarded screen is remembered through sign-in', async ({ page }) => {
		await page.goto('/settings#settings')
		// The fragment rides along the guard's redirect; on /login it goes into the remembered target.
		await expect(page).toHaveURL('/login?redirectTo=%2Fsettings%2Fsettings')
		await page.getByLabel('Email').fill(DEMO.customer.email)
		await page.getByLabel('Password', { exact: true }).fill(DEMO.customer.password)
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL('/settings/settings')
		const tabs = page.getByRole('navigation', { name: 'Sections of this page' })
		await expect(tabs.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
	})

	test('swiping moves between tabs in a circle', async ({ page }) => {
		await page.goto('/cloud/memberships')
		const swipe = (dx: number) =>
			page.evaluate((dx) => {
				const main = document.getElementById('main')!
				const touch = (x: number) => new Touch({ identifier: 1, target: main, clientX: x, clientY: 300 })
				main.dispatchEvent(
					new TouchEvent('touchstart', { touches: [touch(200)], changedTouches: [touch(200)], bubbles: true }),
				)
				main.dispatchEvent(
					new TouchEvent('touchend', { touches: [], changedTouches: [touch(200 + dx)], bubbles: true }),
				)
			}, dx)
		const tabs = page.getByRole('navigation', { name: 'Sections of this page' })
		const current = (name: string) => expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
		await current('Monthly')
		// Swipes need the page's JavaScript: wait until it is live, then each swipe moves once.
		await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
		await swipe(-150)
		await expect(page).toHaveURL('/cloud/memberships/annual')
		await current('Annual')
		await swipe(-150)
		await expect(page).toHaveURL('/cloud/memberships/monthly')
		await current('Monthly')
		await swipe(150)
		await expect(page).toHaveURL('/cloud/memberships/annual')
	})
})
