import { formPost } from './account.ts'
import { expect, test } from './fixtures.ts'

/**
 * A product json that fails upstream (spec 2 §7: the error plus the slug): the page shows the last
 * good copy when the portal kept one, else the spec's message with a 503, inside the portal.
 * Injected faults touch every request to the path: these run with the clock journeys, one at a time.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test.use({ signedInAs: 'customer' })

const failJson = (request: import('@playwright/test').APIRequestContext) =>
	request.post('/_emulator/faults', { data: { path: '/account/json', mode: 'status', status: 502 } })

test('with a copy kept, the page shows it and says it is not the latest', async ({ page, request, javaScript }) => {
	// A product of its own per project: the portal's cache outlives a test.
	const path = `/products/${javaScript ? 'bd-2' : 'dd-8'}/specs`
	expect((await page.goto(path))?.status()).toBe(200)
	await expect(page.getByText('The latest information could not be loaded')).toHaveCount(0)

	// Clearing the cache drops the current copy, so the next visit asks the upstream again.
	await page.goto('/settings/settings')
	const cleared = formPost(page, '/settings/settings')
	await page.getByRole('button', { name: 'Clear cache' }).click()
	expect((await cleared).status()).toBeLessThan(400)

	await failJson(request)
	const response = await page.goto(path)
	expect(response?.status()).toBe(200)
	await expect(page.getByText(/The latest information could not be loaded\. This is the copy from .+\./)).toBeVisible()
	await expect(page.getByRole('table', { name: 'Dimensions and weight' })).toBeVisible()

	await request.delete('/_emulator/faults')
	await page.goto(path)
	await expect(page.getByText('The latest information could not be loaded')).toHaveCount(0)
})

test('with no copy kept, the spec message with a 503, never a crash', async ({ page, request, javaScript }) => {
	const path = `/products/${javaScript ? 'db-90' : 'dr-880'}/downloads`
	await failJson(request)
	const response = await page.goto(path)
	expect(response?.status()).toBe(503)
	await expect(page.getByRole('alert')).toHaveText('Please try again in a moment.')
	await expect(page.getByRole('heading', { name: 'Product information', level: 1 })).toBeVisible()

	await request.delete('/_emulator/faults')
	expect((await page.goto(path))?.status()).toBe(200)
	await expect(
		page
			.getByRole('heading', { name: 'DB-90 Dr. Beat Metronome', level: 2 })
			.or(page.getByRole('heading', { name: 'DR-880 Dr. Rhythm', level: 2 })),
	).toBeVisible()
})

test('the upstreams of a page are called at once, not one after another', async ({ page, request, javaScript }) => {
	// The products master list is kept from an earlier page; this product's json, picture and the curation are not.
	expect((await page.goto('/products/fp-30x'))?.status()).toBe(200)
	const path = `/products/${javaScript ? 'ad-2' : 've-22'}/articles`
	const delayMs = 1500
	for (const prefix of ['/account/json', '/public/productImages']) {
		await request.post('/_emulator/faults', { data: { path: prefix, mode: 'delay', delayMs } })
	}
	const started = Date.now()
	// Until the answer starts: the picture itself, loaded by the browser afterwards, is delayed too.
	const response = await page.goto(path, { waitUntil: 'commit' })
	const elapsed = Date.now() - started
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { name: /AD-2|VE-22/, level: 2 })).toBeVisible()
	await expect(page.getByRole('img', { name: /AD-2|VE-22/ })).toHaveAttribute('src', /%2FproductImages%2F/)
	// One after another the json, the picture and the curation would take three delays at least.
	expect(elapsed).toBeGreaterThanOrEqual(delayMs)
	expect(elapsed).toBeLessThan(2 * delayMs)
})
