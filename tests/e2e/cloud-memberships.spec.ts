/**
 * Memberships journeys (spec 2 §2, §4, §9), JavaScript on and off: the plans a visitor sees with
 * the notice; a first-time member's free trial, never offered again; buying through the
 * processor's checkout to the thank-you page and back to an active membership; a cancelled
 * checkout; the resubscribe call to action. Each journey makes its own account.
 */
import type { Page } from '@playwright/test'
import { cloudApi, makeCloudAccount, subscribeThroughApi, subscriptionsOf, type CloudAccount } from './cloud.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

async function signInAs(page: Page, account: CloudAccount) {
	await page.context().addCookies(account.storageState.cookies)
}

const plan = (page: Page, name: string) => page.getByRole('article', { name })

test('a visitor sees every plan with its price and saving, the Lifetime Keys, and the notice to sign in', async ({
	page,
	javaScript,
}) => {
	await page.goto('/cloud/memberships')
	await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Monthly plans' })).toBeVisible()
	await expect(plan(page, 'Core')).toContainText('$2.99 / month')
	await expect(plan(page, 'Pro')).toContainText('$9.99 / month')
	await expect(plan(page, 'Ultimate')).toContainText('$19.99 / month')
	const notice = page.getByRole('note')
	await expect(notice).toContainText('Log in or create an account to start a free trial or buy a membership.')
	await expect(notice.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /\/login\?redirectTo=/)
	await expect(notice.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', /\/signup\?/)
	// A visitor counts as first-time: the trial is what they would get once signed in.
	await expect(plan(page, 'Ultimate').getByRole('link', { name: 'Start 30-day free trial' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Lifetime Keys' })).toBeVisible()
	await expect(page.getByText('JUPITER-8 Lifetime Key')).toBeVisible()
	await expect(page.getByText('$149.99, once').first()).toBeVisible()
	if (javaScript) await expectAccessible(page)

	await page.getByRole('link', { name: 'Annual', exact: true }).click()
	await expect(page).toHaveURL(/\/cloud\/memberships\/annual$/)
	// Computed from the two prices: Pro 99.99 a year against 12 × 9.99 saves 17%.
	await expect(page.getByText('Annual plans save up to 17%')).toBeVisible()
	await expect(plan(page, 'Pro')).toContainText('$99.99 / year')
	await expect(plan(page, 'Pro')).toContainText('Save 17% against paying monthly')
	await expect(plan(page, 'Core')).toContainText('Save 16% against paying monthly')
	// The offer open to everyone, not the one for new members.
	await expect(plan(page, 'Pro')).toContainText('Annual plans: 10% off — $89.99, then $99.99 / year')
})

test('in Japanese: the texts, and money and the saving in the culture’s formats', async ({ page }) => {
	await page.goto('/cloud/memberships/annual?culture_code=ja-JP')
	await expect(page.getByRole('heading', { level: 1, name: 'メンバーシップ' })).toBeVisible()
	await expect(page.getByText('年額プランなら最大17%お得')).toBeVisible()
	await expect(plan(page, 'Pro')).toContainText('$99.99 / 年')
	await expect(plan(page, 'Pro')).toContainText('月あたり$8.33です。')
	await expect(page.getByRole('note')).toContainText('ログインまたはアカウントの作成が必要です')
	await expect(page.getByRole('heading', { name: 'ライフタイムキー' })).toBeVisible()
})

test('a first-time member starts the free trial and is never offered it again', async ({
	page,
	request,
	javaScript,
}) => {
	const account = await makeCloudAccount(request, 'trial')
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	await expect(page.getByRole('note')).toHaveCount(0)
	await expect(plan(page, 'Ultimate')).toContainText('30 days of Ultimate free, for first-time members.')
	await expect(plan(page, 'Pro').getByRole('button', { name: 'Buy Pro' })).toBeVisible()
	if (javaScript) await expectAccessible(page)

	await plan(page, 'Ultimate').getByRole('button', { name: 'Start 30-day free trial' }).click()
	await expect(page).toHaveURL(/\/cloud\/checkout$/)
	await expect(page.getByText(/^Your free trial of Ultimate runs until .+: 30 days left\.$/)).toBeVisible()
	await expect(page.getByText('Your 30-day free trial has started.')).toBeVisible()
	if (javaScript) await expectAccessible(page)

	const [trial] = await subscriptionsOf(request, account)
	expect(trial).toMatchObject({ type: 2, status: 4, membershipProductId: 'ultimate', rewardEligible: false })

	for (const tab of ['monthly', 'annual']) {
		await page.goto(`/cloud/memberships/${tab}`)
		await expect(page.getByText(/free trial, 30 days left/)).toBeVisible()
		await expect(page.getByRole('button', { name: /free trial/i })).toHaveCount(0)
		await expect(plan(page, 'Ultimate').getByRole('button', { name: 'Buy Ultimate' })).toBeVisible()
	}
})

test('a member who has subscribed is not offered the trial, and it cannot be forced', async ({ page, request }) => {
	const account = await makeCloudAccount(request, 'returning')
	await subscribeThroughApi(request, account, 'core-monthly')
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	await expect(page.getByRole('button', { name: /free trial/i })).toHaveCount(0)
	// A trial posted anyway (a kept page, a crafted form) is refused before the API is asked.
	const response = await page.request.post('/cloud/memberships', {
		form: { intent: 'trial', planId: 'ultimate-monthly' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	await page.goto('/cloud/memberships')
	expect((await subscriptionsOf(request, account)).filter((s) => s.type === 2)).toEqual([])
})

test('buy now: through the processor’s checkout to the thank-you page, then the membership is active', async ({
	page,
	request,
	javaScript,
}) => {
	const account = await makeCloudAccount(request, 'buyer')
	await signInAs(page, account)
	await page.goto('/cloud/memberships/annual')
	// New members get the welcome offer, the best of those open to them.
	await expect(plan(page, 'Pro')).toContainText('Welcome: 20% off your first year — $79.99, then $99.99 / year')
	await plan(page, 'Pro').getByRole('button', { name: 'Buy Pro' }).click()

	await expect(page).toHaveURL(/\/_emulator\/cloud\/processors\/checkout\//)
	await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
	await expect(page.getByText('Pro membership, annual')).toBeVisible()
	const returned = page.waitForRequest(/\/cloud\/checkout\?.*result=paid/)
	await page.getByRole('button', { name: 'Pay 79.99 USD' }).click()

	await expect(page).toHaveURL(/\/cloud\/checkout$/)
	await expect(page.getByText('Thank you: your membership is active.')).toBeVisible()
	await expect(page.getByText('Your Pro membership (Annual) is active.')).toBeVisible()
	await expect(page.getByText(/^Next charge: .+\.$/)).toBeVisible()
	if (javaScript) await expectAccessible(page)

	const subscriptions = await subscriptionsOf(request, account)
	expect(subscriptions).toHaveLength(1)
	expect(subscriptions[0]).toMatchObject({
		type: 1,
		status: 4,
		source: 5,
		planId: 'pro-annual',
		offerId: 'welcome-annual-20',
	})

	// The return address opened again (a reload before its redirect) starts nothing twice.
	await page.goto((await returned).url())
	await expect(page).toHaveURL(/\/cloud\/checkout$/)
	await expect(page.getByText('Your Pro membership (Annual) is active.')).toBeVisible()
	expect(await subscriptionsOf(request, account)).toHaveLength(1)

	await page.getByRole('link', { name: 'Back to memberships' }).click()
	await expect(page).toHaveURL(/\/cloud\/memberships\/annual$/)
	await expect(page.getByText('Your membership: Pro (Annual), active')).toBeVisible()
	await expect(plan(page, 'Pro')).toContainText('Your current plan')
	await expect(plan(page, 'Ultimate').getByRole('button', { name: 'Upgrade to Ultimate' })).toBeVisible()
	await expect(plan(page, 'Core')).toContainText('Not available with your current plan')
	await page.getByRole('link', { name: 'Monthly', exact: true }).click()
	await expect(plan(page, 'Pro')).toContainText('Not available with your current plan')
	if (javaScript) await expectAccessible(page)
})

test('a cancelled checkout goes back to the plans and charges nothing', async ({ page, request }) => {
	const account = await makeCloudAccount(request, 'cancelled')
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	await plan(page, 'Core').getByRole('button', { name: 'Buy Core' }).click()
	await expect(page).toHaveURL(/\/_emulator\/cloud\/processors\/checkout\//)
	await page.getByRole('button', { name: 'Cancel and return' }).click()
	await expect(page).toHaveURL(/\/cloud\/memberships\/monthly$/)
	await expect(page.getByText('Checkout cancelled: nothing was charged.')).toBeVisible()
	await expect(plan(page, 'Core').getByRole('button', { name: 'Buy Core' })).toBeVisible()
	expect(await subscriptionsOf(request, account)).toEqual([])
})

test('a cancelled membership that still runs offers resubscribe, which the account screen carries out', async ({
	page,
	request,
	javaScript,
}) => {
	const account = await makeCloudAccount(request, 'resub')
	const subscription = await subscribeThroughApi(request, account, 'pro-monthly')
	const processor = await request.delete(
		`/_emulator/cloud/api/Processors/subscription/${subscription.subscriptionId}`,
		{ headers: { Authorization: `Bearer ${account.idToken}` } },
	)
	expect(processor.ok()).toBe(true)
	await cloudApi(request, account, 'api/service', {
		action: 'no-renew-subscription',
		subscriptionId: subscription.subscriptionId,
		cancellationReason: 'disuse',
	})
	await signInAs(page, account)
	await page.goto('/cloud/memberships')
	await expect(page.getByText(/Your membership: Pro \(Monthly\), ends on /)).toBeVisible()
	const pro = plan(page, 'Pro')
	await expect(pro).toContainText(/Your membership ends on .+ unless you resubscribe\./)
	const button = pro.getByRole('button', { name: 'Resubscribe' })
	await expect(button).toBeVisible()
	const form = pro.locator('form')
	await expect(form).toHaveAttribute('action', '/cloud/account')
	await expect(form.locator('input[name="intent"]')).toHaveValue('resubscribe')
	await expect(form.locator('input[name="subscriptionId"]')).toHaveValue(subscription.subscriptionId)
	await expect(plan(page, 'Ultimate').getByRole('button', { name: 'Upgrade to Ultimate' })).toBeVisible()
	await expect(plan(page, 'Core')).toContainText('Not available with your current plan')
	if (javaScript) await expectAccessible(page)

	// The account screen's action resumes it: renewing again, back on memberships as the current plan.
	await button.click()
	await expect(page).toHaveURL(/\/cloud\/account$/)
	const [resumed] = await subscriptionsOf(request, account)
	expect(resumed).toMatchObject({ subscriptionId: subscription.subscriptionId, status: 4, endDate: null })
	await page.goto('/cloud/memberships')
	await expect(plan(page, 'Pro')).toContainText('Your current plan')
})
