import type { APIRequestContext, Page } from '@playwright/test'
import { advanceClock, formPost, logIn, restoreEmulatorTime, toast, visitorAddress } from './account.ts'
import { makeCloudAccount, subscriptionsOf, type CloudAccount } from './cloud.ts'
import { callsWithTokensOf } from './emulator.ts'
import { expect, test } from './fixtures.ts'

/**
 * The cloud account when the cloud API fails (injected faults) and when the billing cycle of a
 * cancelled membership runs out (the emulator's clock moved): these change the world for every test,
 * so they run with the clock journeys, one at a time.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
	await restoreEmulatorTime(request)
})

const main = (page: Page) => page.getByRole('main')
const DAY = 24 * 3600 * 1000

async function memberSince(request: APIRequestContext, account: CloudAccount, monthsAgo: number) {
	const response = await request.post('/_emulator/subscriptions', {
		data: { email: account.email, planId: 'pro-monthly', monthsAgo },
	})
	expect(response.status(), await response.text()).toBe(201)
	return ((await response.json()) as { subscriptionId: string }).subscriptionId
}

test('account details while the billing history fails: the spec’s message and a 503', async ({ page, request }) => {
	await makeCloudAccount(page.request, 'outage')
	await request.post('/_emulator/faults', {
		data: { path: '/cloud/api/account-details/user-payment-history/', mode: 'status', status: 502 },
	})
	const response = await page.goto('/cloud/account')
	expect(response?.status()).toBe(503)
	await expect(page.getByText('Please try again in a moment.')).toBeVisible()
})

test('a cancel whose no-renew fails says to try again (503), the reason kept; sent again it goes through once', async ({
	page,
	request,
}) => {
	test.slow()
	const account = await makeCloudAccount(page.request, 'retry')
	const subscriptionId = await memberSince(page.request, account, 1)
	await page.goto(`/cloud/account/cancel/${subscriptionId}`)
	await main(page).getByLabel('Features I need are missing').check()
	await main(page).getByRole('button', { name: 'Continue' }).click()
	await expect(main(page).getByRole('region', { name: 'Cancel your Pro membership?' })).toBeVisible()
	await request.post('/_emulator/faults', {
		data: { path: '/cloud/api/service', method: 'POST', mode: 'status', status: 502 },
	})
	const failed = formPost(page, `/cloud/account/cancel/${subscriptionId}`)
	await main(page).getByRole('button', { name: 'Cancel subscription' }).click()
	expect((await failed).status()).toBe(503)
	await expect(main(page).getByRole('alert')).toContainText('Please try again in a moment.')
	await expect(main(page).getByLabel('Features I need are missing')).toBeChecked()
	expect((await subscriptionsOf(page.request, account))[0]!.status).toBe(4)

	await request.delete('/_emulator/faults')
	await main(page).getByRole('button', { name: 'Continue' }).click()
	await main(page).getByRole('button', { name: 'Cancel subscription' }).click()
	await expect(toast(page)).toContainText('Your subscription is cancelled.')
	const [cancelled] = await subscriptionsOf(page.request, account)
	expect(cancelled).toMatchObject({ status: 8, cancellationReason: 'quality' })
	const noRenews = (await callsWithTokensOf(page.request, account.email)).filter(
		(c) => (c.body as { action?: string } | null)?.action === 'no-renew-subscription' && c.status === 200,
	)
	expect(noRenews).toHaveLength(1)
})

test('after the billing cycle of a cancelled membership ends, access has ended: expired, no resubscribe', async ({
	page,
	request,
}) => {
	test.slow()
	const account = await makeCloudAccount(page.request, 'expiry')
	const subscriptionId = await memberSince(page.request, account, 1)
	await page.goto(`/cloud/account/cancel/${subscriptionId}`)
	await main(page).getByLabel('It is too expensive').check()
	await main(page).getByRole('button', { name: 'Continue' }).click()
	await expect(main(page).getByRole('region', { name: 'Cancel your Pro membership?' })).toBeVisible()
	await main(page).getByRole('button', { name: 'Cancel subscription' }).click()
	await expect(toast(page)).toContainText('Your subscription is cancelled.')
	const card = main(page).getByRole('article', { name: 'Pro (monthly)' })
	await expect(card.getByRole('button', { name: 'Resubscribe' })).toBeVisible()

	const [cancelled] = await subscriptionsOf(page.request, account)
	await advanceClock(request, Date.parse(cancelled!.endDate!) - Date.now() + DAY)
	// The session's tokens have expired by the moved clock: the member signs in again.
	await page.context().clearCookies()
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
	await logIn(page, account.email, account.password)
	await expect(page).toHaveURL('/')
	await page.goto('/cloud/account')
	await expect(card.getByText('Expired', { exact: true })).toBeVisible()
	await expect(card.getByRole('button', { name: 'Resubscribe' })).toHaveCount(0)
	await expect(main(page).locator('#loyalty')).toContainText('The program has ended: your choice is final.')
	await page.goto('/cloud')
	await expect(main(page).getByRole('region', { name: 'Your membership' })).toContainText('Expired')
})
