import type { Page } from '@playwright/test'
import { makeCloudAccount, startTrialThroughApi, subscribeThroughApi, type CloudAccount } from './cloud.ts'
import { expect, test } from './fixtures.ts'

/**
 * The memberships page's words (issue 21), JavaScript on and off: a trial's status said once; an
 * offer said once, on the plan it can buy; the free trial listed only to whom it is offered (spec 2
 * §4, §6: first-time members).
 */

async function signInAs(page: Page, account: CloudAccount) {
	await page.context().addCookies(account.storageState.cookies)
}

const plan = (page: Page, name: string) => page.getByRole('article', { name })
const TRIAL_FEATURE = (page: Page) =>
	plan(page, 'Ultimate').getByRole('listitem').filter({ hasText: '30-day free trial' })

test('a member in the free trial is told so once, with the days left, and is not promised the trial again', async ({
	page,
	request,
}) => {
	const account = await makeCloudAccount(request, 'trialcopy')
	await startTrialThroughApi(request, account)
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	const status = page.getByRole('status').filter({ hasText: 'Your membership' })
	await expect(status).toHaveText('Your membership: Ultimate (Monthly), free trial, 30 days left')
	await expect(page.getByText(/free trial/i)).toHaveCount(1)
	await expect(TRIAL_FEATURE(page)).toHaveCount(0)

	await page.goto('/cloud/memberships?culture_code=ja-JP')
	await expect(page.getByRole('status').filter({ hasText: 'ご利用中のメンバーシップ' })).toHaveText(
		'ご利用中のメンバーシップ：Ultimate（月額）、無料トライアル中（残り30日）',
	)
})

test('an offer is said once, on the plan it buys; the trial is not listed to a member', async ({ page, request }) => {
	const account = await makeCloudAccount(request, 'offercopy')
	await subscribeThroughApi(request, account, 'pro-monthly')
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	await expect(plan(page, 'Ultimate')).toContainText(
		'Go Ultimate: 25% off your first payment — $14.99, then $19.99 / month',
	)
	await expect(page.getByText(/first payment/)).toHaveCount(1)
	// Core cannot be bought over Pro: no price it cannot be had for.
	await expect(plan(page, 'Core').locator('.notice')).toHaveCount(0)
	await expect(TRIAL_FEATURE(page)).toHaveCount(0)

	await page.goto('/cloud/memberships/annual')
	await expect(plan(page, 'Ultimate')).toContainText(
		'Go Ultimate: 25% off your first payment — $149.25, then $199.00 / year',
	)
	await expect(page.getByText(/first payment/)).toHaveCount(1)
	await expect(page.getByText(/Annual plans: 10% off/)).toHaveCount(0)
})

test('a first-time member and a visitor see the free trial listed, once per card', async ({ page, request }) => {
	await page.goto('/cloud/memberships')
	await expect(TRIAL_FEATURE(page)).toHaveCount(1)
	const account = await makeCloudAccount(request, 'firstcopy')
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	await expect(TRIAL_FEATURE(page)).toHaveCount(1)
	await expect(plan(page, 'Ultimate').getByRole('button', { name: 'Start 30-day free trial' })).toBeVisible()
})
