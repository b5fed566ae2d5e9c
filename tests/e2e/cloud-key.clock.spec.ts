import { formPost } from './account.ts'
import { makeCloudAccount } from './cloud.ts'
import { expect, test } from './fixtures.ts'

/**
 * The entitlement key screen when the notification hub fails (a fault injected at the emulator:
 * these run with the clock journeys, one at a time): 'Please try again in a moment.' with a 503,
 * the form as typed; sent again once the hub is back, the key is registered.
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test('the hub failing: a 503 and the form kept; once back, the same form registers the serial', async ({
	page,
	request,
	javaScript,
}, testInfo) => {
	await makeCloudAccount(page.request, 'key-down')
	// The clock projects take their own serials of the print run (after the js and no-js ones).
	const serial = `J08D${1012 + (javaScript ? 0 : 1) + 2 * testInfo.retry}`
	await request.post('/_emulator/faults', {
		data: { path: '/cloud/api/notifications/key/', mode: 'status', status: 503 },
	})
	await page.goto('/cloud/entitlement-key/serial_number')
	await page.getByLabel('Serial number', { exact: true }).fill(serial)
	await page.getByLabel('Hardware product').selectOption({ label: 'JD-08 Sound Module' })
	let posted = formPost(page, '/cloud/entitlement-key/serial_number')
	await page.getByRole('main').getByRole('button', { name: 'Register serial number' }).click()
	expect((await posted).status()).toBe(503)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please try again in a moment.')
	await expect(page.getByLabel('Serial number', { exact: true })).toHaveValue(serial)
	await expect(page.getByLabel('Hardware product')).toHaveValue('JD-08')

	await request.delete('/_emulator/faults')
	posted = formPost(page, '/cloud/entitlement-key/serial_number')
	await page.getByRole('main').getByRole('button', { name: 'Register serial number' }).click()
	await expect(page).toHaveURL('/cloud/thank-you')
	await expect(page.getByRole('main')).toContainText(serial)
})
