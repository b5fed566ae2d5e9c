import type { BrowserContext } from '@playwright/test'
import { expect, test, themedUrl } from './fixtures.ts'

/** The analytics answer the browser keeps for a site, decoded as the portal writes it (JSON in base64). */
async function analyticsCookie(context: BrowserContext, url: string): Promise<unknown> {
	const cookie = (await context.cookies(url)).find((c) => c.name === 'analytics')
	return cookie && JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8'))
}

test.describe('themes', () => {
	test('the default is a drum theme, without a consent banner', async ({ page }) => {
		await page.goto('/login')
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dw')
		await expect(page).toHaveTitle('Log in · DW Owners Portal')
		await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', '/icons/dw.svg')
		await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
	})

	test('the host chooses the theme, from the first byte', async ({ page, baseURL }) => {
		const response = await page.goto(themedUrl('effects', '/login', baseURL))
		const html = await response!.text()
		expect(html).toMatch(/<html[^>]*data-theme="effects"/)
		expect(html).toMatch(/<html[^>]*--primary:#0f5ea8/)
		await expect(page).toHaveTitle('Log in · Effects Owners Portal')
	})

	test('?theme= overrides the host and is kept in a cookie', async ({ page, baseURL }) => {
		await page.goto(themedUrl('effects', '/login?theme=cloud', baseURL))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'cloud')
		await page.goto(themedUrl('effects', '/signup', baseURL))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'cloud')
		await expect(page).toHaveTitle('Create an account · Cloud Members')
	})

	test('the pro A/V theme shows no consent banner', async ({ page, baseURL }) => {
		await page.goto(themedUrl('proav', '/login', baseURL))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'proav')
		await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
	})

	for (const theme of ['main', 'effects', 'cloud'] as const) {
		for (const [button, answer] of [
			['Allow analytics', 'granted'],
			['No, thanks', 'denied'],
		] as const) {
			test(`the ${theme} theme asks for consent, and keeps ‘${button}’ as ${answer}`, async ({
				page,
				baseURL,
				context,
			}) => {
				await page.goto(themedUrl(theme, '/signup', baseURL))
				const banner = page.getByRole('region', { name: 'Your privacy' })
				await expect(banner).toBeVisible()
				expect(await analyticsCookie(context, themedUrl(theme, '/', baseURL))).toBeUndefined()
				await banner.getByRole('button', { name: button }).click()
				await expect(page).toHaveURL(/\/signup$/)
				await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
				expect(await analyticsCookie(context, themedUrl(theme, '/', baseURL))).toBe(answer)
				await page.goto(themedUrl(theme, '/login', baseURL))
				await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0)
			})
		}
	}
})
