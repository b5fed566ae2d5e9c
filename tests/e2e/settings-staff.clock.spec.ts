import { accountTest as test, DEMO, signIn } from './account.ts'
import { expect } from './fixtures.ts'

// Injected faults touch every request to the path: these run with the clock journeys, one at a time.
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test('the admin lookup while the account API fails: 503 and the spec message', async ({ page, request }) => {
	await signIn(page, 'staff@roland.com', 'Staff1234')
	await request.post('/_emulator/faults', { data: { path: '/account/admin/users/', mode: 'status', status: 502 } })
	const response = await page.goto(`/settings/admin?user=${encodeURIComponent(DEMO.customer.email)}`)
	expect(response?.status()).toBe(503)
	await expect(page.getByText('Please try again in a moment.')).toBeVisible()
})
