import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, formPost, toast, visitorAddress } from './account.ts'
import { makeCloudAccount, startTrialThroughApi, subscriptionsOf, type CloudAccount } from './cloud.ts'
import { callsWithTokensOf } from './emulator.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

/**
 * The member's account side of the cloud area (spec 2 §2–§4): the cloud home, account details with
 * subscriptions, Play2-4Life and billing history, cancelling with a reason (what the cloud API received,
 * read back through the emulator), access to the end of the cycle, resubscribing, and the processor's
 * payment-information page. Each journey makes its own account; every one runs with JavaScript on and off.
 */

const main = (page: Page) => page.getByRole('main')
/** The portal's culture for a browser that asks for en-US: dates as the cloud screens show them. */
const day = (iso: string) =>
	new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))

/** Gives the account a paid subscription started `monthsAgo` months ago: the emulator bills each month since. */
async function memberSince(
	request: APIRequestContext,
	account: CloudAccount,
	monthsAgo: number,
	planId = 'pro-monthly',
) {
	const response = await request.post('/_emulator/subscriptions', { data: { email: account.email, planId, monthsAgo } })
	expect(response.status(), await response.text()).toBe(201)
	return ((await response.json()) as { subscriptionId: string }).subscriptionId
}

function subscriptionCard(page: Page, name: string) {
	return main(page).getByRole('article', { name })
}

test('cancel with a reason: access to the end of the cycle, the reason the cloud API got, then resubscribe', async ({
	page,
	javaScript,
}) => {
	// Long journeys: many pages, posts and checks.
	test.slow()
	const account = await makeCloudAccount(page.request, 'cancel')
	const subscriptionId = await memberSince(page.request, account, 2)
	const [before] = await subscriptionsOf(page.request, account)
	const accessUntil = day(before!.nextChargeDate!)

	await page.goto('/cloud/account')
	const card = subscriptionCard(page, 'Pro (monthly)')
	await expect(card.getByText('Active', { exact: true })).toBeVisible()
	await expect(card.getByText('FastSpring')).toBeVisible()
	await card.getByRole('link', { name: 'Cancel subscription' }).click()
	await expect(page).toHaveURL(`/cloud/account/cancel/${subscriptionId}`)
	await expect(main(page)).toContainText(`Your membership stays active until ${accessUntil}`)

	// Without a reason: refused, the details kept.
	await main(page).getByLabel('Details (optional)').fill('Busy touring this year')
	const refused = formPost(page, `/cloud/account/cancel/${subscriptionId}`)
	await main(page).getByRole('button', { name: 'Continue' }).click()
	expect((await refused).status()).toBe(400)
	await expect(main(page).getByText('Reason is required')).toBeVisible()
	await expect(main(page).getByLabel('Details (optional)')).toHaveValue('Busy touring this year')
	if (javaScript) await expectAccessible(page)

	await main(page).getByLabel('I do not use it enough').check()
	await main(page).getByRole('button', { name: 'Continue' }).click()
	const confirmation = main(page).getByRole('region', { name: 'Cancel your Pro membership?' })
	await expect(confirmation).toContainText(
		`Your membership stays active until ${accessUntil}, the end of the billing cycle`,
	)
	await expect(confirmation).toContainText('Your lifetime keys and the products of hardware you registered stay yours.')
	await expect(confirmation).toContainText('Your reason: I do not use it enough')
	// Nothing is cancelled before the customer confirms.
	expect((await subscriptionsOf(page.request, account))[0]!.status).toBe(4)
	if (javaScript) await expectAccessible(page)
	await confirmation.getByRole('button', { name: 'Cancel subscription' }).click()

	await expect(page).toHaveURL('/cloud/account')
	await expect(toast(page)).toContainText(
		'Your subscription is cancelled. It stays active to the end of the billing cycle.',
	)
	await expect(card.getByText('Active, not renewing')).toBeVisible()
	await expect(card).toContainText(`You keep access until ${accessUntil}, the end of the billing cycle.`)
	await expect(card.getByRole('link', { name: 'Cancel subscription' })).toHaveCount(0)
	// Play2-4Life says when the choice becomes final: the membership's end.
	await expect(main(page).locator('#loyalty')).toContainText(
		`Your membership ends on ${accessUntil}. After that date this choice is final.`,
	)

	const calls = await callsWithTokensOf(page.request, account.email)
	const deleted = calls.findIndex(
		(c) => c.method === 'DELETE' && c.path === `/cloud/api/Processors/subscription/${subscriptionId}`,
	)
	const noRenew = calls.findIndex(
		(c) => c.path === '/cloud/api/service' && (c.body as { action?: string }).action === 'no-renew-subscription',
	)
	expect(deleted, 'the processor side cancelled').toBeGreaterThanOrEqual(0)
	expect(noRenew, 'then no-renew').toBeGreaterThan(deleted)
	expect(calls[noRenew]!.body).toEqual({
		action: 'no-renew-subscription',
		subscriptionId,
		cancellationReason: 'disuse',
		cancellationComment: 'Busy touring this year',
	})
	const [cancelled] = await subscriptionsOf(page.request, account)
	expect(cancelled).toMatchObject({ status: 8, cancellationReason: 'disuse', endDate: before!.nextChargeDate })

	// The cloud home says the same.
	await page.goto('/cloud')
	await expect(main(page).getByText('Active, not renewing')).toBeVisible()
	await expect(main(page)).toContainText(accessUntil)

	await page.goto('/cloud/account')
	const resubscribed = formPost(page, '/cloud/account')
	await card.getByRole('button', { name: 'Resubscribe' }).click()
	expect((await resubscribed).status()).toBeLessThan(400)
	await expect(toast(page)).toContainText('Welcome back: your membership renews again.')
	await expect(card.getByText('Active', { exact: true })).toBeVisible()
	await expect(card.getByRole('link', { name: 'Cancel subscription' })).toBeVisible()
	const [back] = await subscriptionsOf(page.request, account)
	expect(back).toMatchObject({ subscriptionId, status: 4, nextChargeDate: before!.nextChargeDate, endDate: null })
})

test('a cancelled reason of the seven goes as its request value: too expensive is financial', async ({ page }) => {
	const account = await makeCloudAccount(page.request, 'cancel2')
	const subscriptionId = await memberSince(page.request, account, 1, 'core-annual')
	await page.goto(`/cloud/account/cancel/${subscriptionId}`)
	await main(page).getByLabel('It is too expensive').check()
	await main(page).getByRole('button', { name: 'Continue' }).click()
	await main(page).getByRole('button', { name: 'Cancel subscription' }).click()
	await expect(toast(page)).toContainText('Your subscription is cancelled.')
	const calls = await callsWithTokensOf(page.request, account.email)
	const noRenew = calls.find((c) => (c.body as { action?: string } | null)?.action === 'no-renew-subscription')
	expect(noRenew?.body).toEqual({ action: 'no-renew-subscription', subscriptionId, cancellationReason: 'financial' })
})

test('Play2-4Life: reward instruments chosen, checked against the tier, reviewed with when it becomes final, then saved', async ({
	page,
	javaScript,
}) => {
	// Long journeys: many pages, posts and checks.
	test.slow()
	const account = await makeCloudAccount(page.request, 'loyalty')
	await memberSince(page.request, account, 3)
	await page.goto('/cloud/account')
	const loyalty = main(page).locator('#loyalty')
	await expect(loyalty).toContainText('Rewards status')
	await expect(loyalty).toContainText('Active')
	// Four monthly payments so far (the first and three renewals): 20 of 24 months to go.
	await expect(loyalty.getByRole('definition').nth(1)).toHaveText('20')
	await expect(loyalty).toContainText('None chosen yet')

	const choice = loyalty.getByRole('group', { name: 'Choose up to 2 reward instruments' })
	for (const name of ['JUPITER-8', 'JUNO-60', 'PROMARS']) await choice.getByLabel(name).check()
	const refused = formPost(page, '/cloud/account')
	await loyalty.getByRole('button', { name: 'Review my choice' }).click()
	expect((await refused).status()).toBe(400)
	await expect(loyalty.getByText('Choose no more reward instruments than your membership allows.')).toBeVisible()
	await expect(choice.getByLabel('PROMARS')).toBeChecked()
	if (javaScript) await expectAccessible(page)

	await choice.getByLabel('JUNO-60').uncheck()
	await loyalty.getByRole('button', { name: 'Review my choice' }).click()
	const review = loyalty.getByRole('region', { name: 'Confirm your reward instruments' })
	await expect(review).toContainText('Your reward instruments will be: JUPITER-8, PROMARS.')
	await expect(review).toContainText('after 20 more paid months, or when your membership ends if that comes first')
	if (javaScript) await expectAccessible(page)
	await review.getByRole('button', { name: 'Confirm my choice' }).click()

	await expect(toast(page)).toContainText('Your reward instruments are saved.')
	await expect(loyalty).toContainText('JUPITER-8, PROMARS')
	const calls = await callsWithTokensOf(page.request, account.email)
	const put = calls.find((c) => (c.body as { action?: string } | null)?.action === 'put-user-product')
	expect((put?.body as { productIds: string[] }).productIds).toEqual(['jupiter-8', 'promars'])
	expect(calls.some((c) => (c.body as { action?: string } | null)?.action === 'delete-user-product')).toBe(false)

	// Swapping one: given back, then the new one chosen.
	await choice.getByLabel('PROMARS').uncheck()
	await choice.getByLabel('SH-2').check()
	await loyalty.getByRole('button', { name: 'Review my choice' }).click()
	await loyalty.getByRole('button', { name: 'Confirm my choice' }).click()
	await expect(toast(page)).toContainText('Your reward instruments are saved.')
	await expect(loyalty).toContainText('JUPITER-8, SH-2')
})

test('billing history a page at a time, in the culture’s formats', async ({ page, javaScript }) => {
	// Long journeys: many pages, posts and checks.
	test.slow()
	const account = await makeCloudAccount(page.request, 'billing')
	await memberSince(page.request, account, 14)
	await page.goto('/cloud/account')
	const billing = main(page).locator('#billing-history')
	const rows = billing.getByRole('table').locator('tbody tr')
	await expect(billing.getByRole('table')).toContainText('Payments, newest first (page 1 of 2)')
	await expect(rows).toHaveCount(10)
	await expect(rows.first().getByRole('cell')).toHaveText([
		/\w{3} \d{1,2}, \d{4}/,
		'Pro membership, monthly',
		'$9.99',
		'USD',
		'Paid',
	])
	const newest = await rows.first().getByRole('cell').first().textContent()
	await expect(billing.getByRole('link', { name: 'Newer payments' })).toHaveCount(0)

	await billing.getByRole('link', { name: 'Older payments' }).click()
	await expect(page).toHaveURL('/cloud/account?page=2#billing-history')
	await expect(rows).toHaveCount(5)
	await expect(billing.getByRole('table')).toContainText('page 2 of 2')
	await expect(billing.getByRole('link', { name: 'Older payments' })).toHaveCount(0)
	await billing.getByRole('link', { name: 'Newer payments' }).click()
	await expect(rows).toHaveCount(10)
	await expect(rows.first().getByRole('cell').first()).toHaveText(newest!)

	await page.goto('/cloud/account?page=2&culture_code=ja-JP')
	await expect(billing.getByRole('heading', { name: '請求履歴' })).toBeVisible()
	await expect(rows.first().getByRole('cell')).toHaveText([
		/^\d{4}\/\d{2}\/\d{2}$/,
		'Pro membership, monthly',
		'$9.99',
		'USD',
		'支払い済み',
	])
	if (javaScript) await expectAccessible(page)
})

test('the processor’s payment-information page opens from account details', async ({ page }) => {
	const account = await makeCloudAccount(page.request, 'card')
	await memberSince(page.request, account, 1)
	await page.goto('/cloud/account')
	await subscriptionCard(page, 'Pro (monthly)').getByRole('button', { name: 'Update payment information' }).click()
	await expect(page).toHaveURL(/\/_emulator\/cloud\/processors\/payment-information\/[\w-]+$/)
	await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible()
	await expect(page.getByText('Card on file: Visa •••• 1111.')).toBeVisible()
})

test('cloud home: a member’s state at a glance and the way to each cloud screen', async ({ page, javaScript }) => {
	const account = await makeCloudAccount(page.request, 'home')
	await page.goto('/cloud')
	await expect(main(page)).toContainText('You have no cloud membership yet.')

	await startTrialThroughApi(page.request, account)
	await page.goto('/cloud')
	const state = main(page).getByRole('region', { name: 'Your membership' })
	await expect(state).toContainText('Ultimate')
	await expect(state).toContainText('Free trial left')
	await expect(state).toContainText('30 days')
	const [trial] = await subscriptionsOf(page.request, account)
	await expect(state).toContainText(day(trial!.endDate!))

	const screens = main(page).getByRole('navigation', { name: 'Cloud' })
	for (const [name, path] of [
		['Memberships', '/cloud/memberships'],
		['Account details', '/cloud/account'],
		['Activate a key', '/cloud/entitlement-key'],
		['Help articles', '/cloud/faq'],
		['Contact us', '/cloud/contact-us'],
		['Policies', '/cloud/policies'],
		['Zenbeats support', '/cloud/support/zenbeats'],
		['Zentracker support', '/cloud/support/zentracker'],
		['BTX support', '/cloud/support/btx'],
	] as const)
		await expect(screens.getByRole('link', { name, exact: true })).toHaveAttribute('href', path)
	if (javaScript) await expectAccessible(page)
	await screens.getByRole('link', { name: 'Account details' }).click()
	await expect(subscriptionCard(page, 'Ultimate (monthly)').getByText('Free trial', { exact: true })).toBeVisible()
})

test('cloud home for a visitor: signing in first, then back to the cloud home', async ({ page, javaScript }) => {
	// A visitor of their own: sign-ins are limited per address.
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
	await page.goto('/cloud')
	await expect(page).toHaveURL('/login?redirectTo=%2Fcloud')
	await page.getByLabel('Email').fill(DEMO.cloudMember.email)
	await page.getByLabel('Password', { exact: true }).fill(DEMO.cloudMember.password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/cloud')
	const state = main(page).getByRole('region', { name: 'Your membership' })
	await expect(state).toContainText('Pro')
	await expect(state).toContainText('Next charge')
	if (javaScript) await expectAccessible(page)
})
