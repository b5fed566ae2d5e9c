import { accountTest as test, createAccount, signInDirectly } from './account.ts'
import { expect } from './fixtures.ts'

// Injected faults touch every request to the path: these run with the clock journeys, one at a time.
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test('saving region and language while the account API fails: 503, the spec message, the form kept', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto('/settings/settings')
	const form = page.getByRole('region', { name: 'Region and language' })
	await form.getByLabel('Region').selectOption({ label: 'Japan' })
	if (!javaScript) await form.getByRole('button', { name: 'Show the languages of this region' }).click()
	await form.getByLabel('Language').selectOption({ label: 'Japanese (Japan)' })
	await request.post('/_emulator/faults', {
		data: { path: '/account/users/', method: 'PUT', mode: 'status', status: 502 },
	})
	const [response] = await Promise.all([
		page.waitForResponse(
			(r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/settings/settings'),
		),
		form.getByRole('button', { name: 'Save' }).click(),
	])
	expect(response.status()).toBe(503)
	await expect(form.getByRole('alert')).toContainText('Please try again in a moment.')
	await expect(form.getByLabel('Region')).toHaveValue('Japan')
	await expect(form.getByLabel('Language')).toHaveValue('ja-JP')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('/privacy while the public API fails: 503 and the spec message', async ({ page, request }) => {
	await request.post('/_emulator/faults', { data: { path: '/public/url/privacy_policy', mode: 'status', status: 502 } })
	const response = await page.goto('/privacy')
	expect(response?.status()).toBe(503)
	await expect(page.getByText('Please try again in a moment.')).toBeVisible()
})
