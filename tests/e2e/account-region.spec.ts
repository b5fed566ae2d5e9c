import { accountTest as test } from './account.ts'
import { expect } from './fixtures.ts'

/**
 * The China rule (spec 1 §1, §8): a visitor the geo lookup places in China is
 * told the service is unavailable and offered the Chinese portal. The
 * emulated lookup places 198.51.100.0/24 in China and 203.0.113.0/24 in
 * Japan; the portal reads the visitor's address from X-Forwarded-For (it
 * trusts loopback). Each test is a fresh browser: the `geo` cookie keeps the
 * answer a day.
 */

test.describe('a visitor from China', () => {
	test.use({ visitorAddress: '198.51.100.7' })

	test('is told the service is not available and offered the Chinese portal, on every screen', async ({
		page,
		request,
	}) => {
		await page.goto('/login')
		await expect(page).toHaveURL('/unavailable')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service unavailable')
		await expect(page.getByText('Sorry this service is not available in your Region/Country.')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Go to the portal for China' })).toHaveAttribute(
			'href',
			'https://www.example.cn/',
		)

		for (const path of ['/signup', '/settings/profile', '/reset-password?email=a%40example.com']) {
			await page.goto(path)
			await expect(page, path).toHaveURL('/unavailable')
		}
		// Forms are refused too, not only pages.
		const response = await request.post('/login', {
			form: { email: 'robin@example.com', password: 'Secret1234' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(302)
		expect(response.headers().location).toBe('/unavailable')
	})

	test('keeps the answer for the day, even from another address', async ({ page, context }) => {
		await page.goto('/signup')
		await expect(page).toHaveURL('/unavailable')
		await context.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.7' })
		await page.goto('/signup')
		await expect(page).toHaveURL('/unavailable')
	})
})

test.describe('a visitor from elsewhere', () => {
	test.use({ visitorAddress: '203.0.113.7' })

	test('is let in and never sees the notice', async ({ page }) => {
		await page.goto('/login')
		await expect(page).toHaveURL('/login')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
		await expect(page.getByText('Sorry this service is not available in your Region/Country.')).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Go to the portal for China' })).toHaveCount(0)
		await page.goto('/signup')
		await expect(page).toHaveURL('/signup')
	})
})

test('a visitor from the default region (the suite’s own addresses) is let in', async ({ page }) => {
	await page.goto('/signup')
	await expect(page).toHaveURL('/signup')
	await expect(page.getByText('Sorry this service is not available in your Region/Country.')).toHaveCount(0)
})
