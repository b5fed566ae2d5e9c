import { expect, expectAccessible, test, themedUrl } from './fixtures.ts'

test.describe('the app shell', () => {
	test('a flash message shows on the next page and can be dismissed', async ({ page, baseURL, javaScript }) => {
		if (javaScript) await page.clock.install()
		await page.goto(themedUrl('main', '/signup', baseURL))
		await page.getByRole('button', { name: 'No, thanks' }).click()
		const toast = page.getByRole('status').filter({ hasText: 'Updated.' })
		await expect(toast).toBeVisible()
		await toast.getByRole('link', { name: 'Dismiss' }).click()
		await expect(toast).toHaveCount(0)
		// It was a flash: the next page does not show it again.
		await page.goto(themedUrl('main', '/signup', baseURL))
		await expect(page.getByText('Updated.')).toHaveCount(0)
	})

	test('with JavaScript, the flash message hides itself after 8 s', async ({ page, baseURL, javaScript }) => {
		test.skip(!javaScript, 'timers need JavaScript')
		await page.clock.install()
		await page.goto(themedUrl('main', '/signup', baseURL))
		await page.getByRole('button', { name: 'Allow analytics' }).click()
		const toast = page.getByRole('status').filter({ hasText: 'Updated.' })
		await expect(toast).toBeVisible()
		await page.clock.fastForward(7000)
		await expect(toast).toBeVisible()
		await page.clock.fastForward(1500)
		await expect(toast).toHaveCount(0)
	})

	test('the sidebar side is kept in a cookie', async ({ page, request, context, baseURL }) => {
		await page.goto('/login')
		await expect(page.locator('html')).toHaveAttribute('data-sidebar', 'right')
		const response = await request.post('/preferences', {
			form: { intent: 'sidebar', sidebar: 'left', redirectTo: '/login' },
			maxRedirects: 0,
		})
		const cookie = response
			.headersArray()
			.find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('sidebar='))!
		const [name, value] = cookie.value.split(';')[0]!.split('=')
		await context.addCookies([{ name: name!, value: value!, url: baseURL! }])
		await page.goto('/login')
		await expect(page.locator('html')).toHaveAttribute('data-sidebar', 'left')
	})

	test('the login and sign-up pages pass axe', async ({ page, javaScript }) => {
		test.skip(!javaScript, 'axe runs in the page')
		for (const path of ['/login', '/signup', '/cloud/memberships/annual']) {
			await page.goto(path)
			await expectAccessible(page)
		}
	})

	test('a keyboard user can skip to the content', async ({ page }) => {
		await page.goto('/cloud/memberships')
		await page.keyboard.press('Tab')
		const skip = page.getByRole('link', { name: 'Skip to content' })
		await expect(skip).toBeFocused()
	})
})
