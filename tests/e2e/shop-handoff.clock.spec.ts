/**
 * The shops' service-worker handoff when saving the shop account id fails (an injected fault at the
 * emulated account API): the page hides the waiting status, shows the error and stays; nothing is
 * saved, and the error is logged for a visitor who opted in (ADR 0028). The shop is the one the
 * emulator plays, whose reply is signed (ADR 0032). Faults change the emulator for every test, so
 * this runs with the clock journeys.
 */
import { accountApiSession } from './emulator.ts'
import { makeCloudAccount } from './cloud.ts'
import { expect, test } from './fixtures.ts'

test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

const SHOP = 'https://shop.localhost'

test('a failed save shows the error, keeps the user on the page and is logged', async ({
	page,
	request,
	baseURL,
	javaScript,
}) => {
	test.skip(!javaScript, 'the handoff needs JavaScript')
	const account = await makeCloudAccount(request, 'shopfail')
	// Opted in to usage logging (the consent banner's cookie), so the failure is logged.
	await page
		.context()
		.addCookies([
			...account.storageState.cookies,
			{ name: 'analytics', value: encodeURIComponent(btoa(JSON.stringify('granted'))), url: baseURL! },
		])
	// The shop the emulator plays answers, signed, so the portal goes on to save its account id.
	await page.context().route(`${SHOP}/**`, async (route) =>
		route.fulfill({
			response: await route.fetch({
				url: `${baseURL}/_emulator/shop/owners-portal/token-verification?as=${encodeURIComponent(SHOP)}`,
			}),
		}),
	)
	await request.post('/_emulator/faults', {
		data: { path: '/account/externalUserId/services/shopify', mode: 'status', status: 502 },
	})
	await page.goto(`/shop-handoff?target=${encodeURIComponent(`${SHOP}/account`)}`)
	await expect(page.getByRole('alert')).toHaveText(
		'Your shop account could not be linked to your account. Please try again later.',
	)
	await expect(page.getByRole('status')).toBeHidden()
	await expect(page).toHaveURL(/\/shop-handoff\?/)
	await request.delete('/_emulator/faults')
	const { accessToken } = await accountApiSession(request, account.email, account.password)
	const saved = await request.get('/_emulator/account/externalUserId/services/shopify', {
		headers: { Authorization: accessToken },
	})
	expect(saved.status()).toBe(404)
	await expect
		.poll(async () => {
			const response = await request.get(`/_emulator/log/log/_events?service=owners-portal&userId=${account.userId}`)
			const { events } = (await response.json()) as { events: { event: string; payload: Record<string, unknown> }[] }
			return events.filter((e) => e.event === 'error').map((e) => e.payload.eventSource)
		})
		.toEqual(['shopHandoff'])
})
