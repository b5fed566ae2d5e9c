/**
 * Memberships when the cloud API fails (faults injected at the emulator, which touch every request
 * to the path: these run with the clock journeys, one at a time): the spec's message and a 503,
 * never a crash; the page works again once the API is back.
 */
import { makeCloudAccount } from './cloud.ts'
import { expect, test } from './fixtures.ts'

test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test('the member’s subscriptions failing: the memberships page says so with a 503', async ({ page, request }) => {
	const account = await makeCloudAccount(request, 'outage')
	await page.context().addCookies(account.storageState.cookies)
	await request.post('/_emulator/faults', {
		data: { path: '/cloud/api/account-details/user-subscriptions', mode: 'status', status: 502 },
	})
	const response = await page.goto('/cloud/memberships')
	expect(response?.status()).toBe(503)
	await expect(page.getByText('Please try again in a moment.')).toBeVisible()

	await request.delete('/_emulator/faults')
	await page.reload()
	await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Buy Pro' })).toBeVisible()
})

test('the checkout failing to open: the plans again with the message and a 503, nothing bought', async ({
	page,
	request,
}) => {
	const account = await makeCloudAccount(request, 'outage-buy')
	await page.context().addCookies(account.storageState.cookies)
	await page.goto('/cloud/memberships')
	await request.post('/_emulator/faults', {
		data: { path: '/cloud/api/token/', method: 'POST', mode: 'status', status: 502 },
	})
	const answered = page.waitForResponse(
		(r) => r.request().method() === 'POST' && r.url().endsWith('/cloud/memberships'),
	)
	await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Buy Pro' }).click()
	expect((await answered).status()).toBe(503)
	await expect(page.getByRole('alert').filter({ hasText: 'Please try again in a moment.' })).toBeVisible()
	await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Buy Pro' })).toBeVisible()

	await request.delete('/_emulator/faults')
	await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Buy Pro' }).click()
	await expect(page).toHaveURL(/\/_emulator\/cloud\/processors\/checkout\//)
})
