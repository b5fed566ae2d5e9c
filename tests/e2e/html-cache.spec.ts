import { accountTest as test, DEMO, formPost } from './account.ts'
import { expect } from './fixtures.ts'

/**
 * A page answered from the rendered-HTML cache (ADR 0048) works as a rendered one does, with
 * JavaScript and without: with it, the page's scripts run under the response's own CSP nonce and the
 * page hydrates; the sign-in form answers its errors and signs in.
 */
test('sign-in from a cached /login: its errors still render, and the right password signs in', async ({
	page,
	javaScript,
}) => {
	await page.goto('/login')
	const cached = await page.goto('/login')
	expect(cached!.headers()['x-cache']).toBe('HIT')
	// Blocked scripts (a nonce that is not the policy's) would leave the page unhydrated.
	if (javaScript) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')

	await page.getByLabel('Email').fill(DEMO.unactivated.email)
	await page.getByLabel('Password', { exact: true }).fill(DEMO.unactivated.password)
	const posted = formPost(page, '/login')
	await page.getByRole('button', { name: 'Log in' }).click()
	expect((await posted).status()).toBe(400)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText('Account has not been activated.')

	await page.getByLabel('Email').fill(DEMO.customer.email)
	await page.getByLabel('Password', { exact: true }).fill(DEMO.customer.password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/')

	// Signed in, the sign-in page is not the cache's: it sends the user on.
	const again = await page.goto('/login')
	expect(again!.headers()['x-cache']).toBeUndefined()
	await expect(page).toHaveURL('/')
})
