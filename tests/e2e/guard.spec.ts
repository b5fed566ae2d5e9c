import { expect, test } from './fixtures.ts'

test.describe('the route guard', () => {
	test('sends a signed-out user to /login and remembers the target', async ({ page }) => {
		await page.goto('/support/order_status?x=1')
		await expect(page).toHaveURL('/login?redirectTo=%2Fsupport%2Forder_status%3Fx%3D1')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
	})

	test('sends to /oauth2/redirect instead when sso=1 is in the query', async ({ page, request }) => {
		const response = await request.get('/gear/my_gear?sso=1', { maxRedirects: 0 })
		expect(response.status()).toBe(302)
		expect(response.headers().location).toBe('/oauth2/redirect?redirectTo=%2Fgear%2Fmy_gear')
		// …which starts the single sign-on at once.
		await page.goto('/gear/my_gear?sso=1')
		await expect(page).toHaveURL(/\/_emulator\/sso\/oauth2\/login/)
	})

	for (const [path, heading] of [
		['/signup', 'Create an account'],
		['/migration', 'Reactivate your account'],
		['/activation', 'Activate your account'],
		['/reset-password', 'Reset password'],
		['/privacy', 'Terms of use and privacy policy'],
		['/cloud/memberships', 'Memberships'],
		['/cloud/contact-us', 'Contact us'],
		['/contact-us', 'Contact us'],
		['/delete-account', 'Delete account'],
	] as const) {
		test(`opens ${path} without login`, async ({ page }) => {
			const response = await page.goto(path)
			expect(response?.status()).toBe(200)
			await expect(page).toHaveURL(path)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
		})
	}

	test('redirects an unknown path to /', async ({ page, request }) => {
		const response = await request.get('/no/such/page', { maxRedirects: 0 })
		expect(response.status()).toBe(302)
		expect(response.headers().location).toBe('/')
		await page.goto('/no/such/page')
		// `/` needs a login, so the visitor lands on /login, remembering `/`.
		await expect(page).toHaveURL('/login?redirectTo=%2F')
	})

	test('redirects an unknown tab of a screen to the screen', async ({ page }) => {
		await page.goto('/cloud/memberships/not-a-tab')
		await expect(page).toHaveURL('/cloud/memberships')
	})
})
