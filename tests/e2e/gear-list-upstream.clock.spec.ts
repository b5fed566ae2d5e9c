import type { APIRequestContext, Page } from '@playwright/test'
import { advanceClock, createAccount, restoreEmulatorTime, signInDirectly, signIn } from './account.ts'
import { expect, test } from './fixtures.ts'
import { accountApiSession, gearCard, listedNames, registerProducts, type Registration } from './gear.ts'

/**
 * The gear list's upstream calls, counted in the emulator's request log (which holds every caller's
 * calls, so this runs with the clock journeys, one at a time), and a registration that fails while
 * pending, which needs the emulator's clock moved.
 */
test.describe.configure({ mode: 'serial' })

async function latestCall(request: APIRequestContext): Promise<number> {
	const response = await request.get('/_emulator/requests.json')
	return ((await response.json()) as { latest: number }).latest
}

/**
 * The calls answered after call `after`, as "METHOD path" with the user's id left out. The pictures
 * the picture route fetches from the emulator (standing in for the brands' image hosts) when a page
 * shows them are not the calls counted here, and are left out too.
 */
async function portalCallsAfter(request: APIRequestContext, after: number): Promise<string[]> {
	const response = await request.get(`/_emulator/requests.json?after=${after}`)
	return ((await response.json()) as { method: string; path: string }[])
		.filter((call) => !/^\/public\/productImages\/[^/]+\/[a-z]+\.svg$/.test(call.path))
		.map((call) => `${call.method} ${call.path.replace(/\/users\/[^/]+/, '/users/{id}')}`)
}

async function callsOf(request: APIRequestContext, act: () => Promise<unknown>) {
	const before = await latestCall(request)
	await act()
	return portalCallsAfter(request, before)
}

const THIRTEEN: Registration[] = [
	'fp-30x',
	'fp-10',
	'hp704',
	'lx708',
	'rd-2000',
	'gp607',
	'juno-x',
	'jupiter-x',
	'system-8',
	'jd-xi',
	'gaia-2',
	'fr-8x',
	'e-x50',
].map((slug, index) => ({
	slug,
	serialCode: `CNT${String(index + 1).padStart(4, '0')}`,
	purchaseDate: `2024-01-${String(index + 1).padStart(2, '0')}`,
}))

async function showsList(page: Page, count: number) {
	await expect(listedNames(page)).toHaveCount(count)
}

test('with warm caches a page of the gear list asks the account API once (its registrations), whatever the page or sort', async ({
	page,
	request,
}) => {
	test.setTimeout(90_000)
	const account = await createAccount(page, request)
	await registerProducts(request, await accountApiSession(request, account.email, account.password), THIRTEEN)
	await signIn(page, account.email, account.password)

	// The first views fill the portal's cache: the products master list and the pictures of both pages.
	await page.goto('/gear/my_gear')
	await showsList(page, 12)
	await page.goto('/gear/my_gear?page=2')
	await showsList(page, 1)

	const once = ['GET /account/users/{id}/registeredProducts']
	expect(
		await callsOf(request, async () => {
			await page.goto('/gear/my_gear')
			await showsList(page, 12)
		}),
	).toEqual(once)
	expect(
		await callsOf(request, async () => {
			await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click()
			await expect(page).toHaveURL('/gear/my_gear?page=2')
			await showsList(page, 1)
		}),
	).toEqual(once)
	expect(
		await callsOf(request, async () => {
			await page.goto('/gear/my_gear?sort=productNameDesc')
			await expect(listedNames(page).first()).toHaveText('SYSTEM-8 Plug-Out Synthesizer')
		}),
	).toEqual(once)
})

test('a registration that fails while pending says so on the list, in the spec’s words', async ({ page, request }) => {
	const account = await createAccount(page, request)
	// td-27kv2 sits pending for 45 s; a serial starting 0000 then fails (the emulated API's fixture).
	await registerProducts(request, await accountApiSession(request, account.email, account.password), [
		{ slug: 'td-27kv2', serialCode: '0000456', purchaseDate: '2025-03-01' },
	])
	await signInDirectly(page, account.email, account.password)
	await page.goto('/gear/my_gear')
	const card = gearCard(page, 'TD-27KV2 V-Drums Kit')
	await expect(card).toContainText('Registration in progress')
	try {
		await advanceClock(request, 46_000)
		await page.reload()
		await expect(card).toContainText('Registration failed')
		await expect(card).toContainText(
			'An error has occurred during product registration. Please try again from the Register a Product page.',
		)
		await expect(card.getByRole('link', { name: 'Edit purchase details' })).toHaveCount(0)
		await expect(card.getByRole('link', { name: 'Unregister' })).toBeVisible()
	} finally {
		await restoreEmulatorTime(request)
	}
})
