import { createAccount, logIn } from './account.ts'
import { expect, test } from './fixtures.ts'

// Injected faults touch every request to the path: these run with the clock journeys, one at a time.
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

test('a failing upstream gives a clear message and a 503, never a crash', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	// The fault comes first: the pages after sign-in keep the user's record for a few seconds.
	await request.post('/_emulator/faults', { data: { path: '/account/me', mode: 'status', status: 502 } })
	await logIn(page, email, password)
	await expect(page).toHaveURL('/')
	await expect(page.getByText('Please try again in a moment.')).toBeVisible()
	const response = await page.goto('/settings/profile')
	expect(response?.status()).toBe(503)
	await expect(page.getByText('Please try again in a moment.')).toBeVisible()
})

test('a sign-in while the account API is down keeps what was typed and says to try again', async ({
	page,
	request,
	javaScript,
}) => {
	await request.post('/_emulator/faults', { data: { path: '/account/signin', mode: 'status', status: 503 } })
	await page.goto('/login')
	await page.getByLabel('Email').fill('owner@example.com')
	await page.getByLabel('Password', { exact: true }).fill('Owner1234')
	const [response] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/login')),
		page.getByRole('button', { name: 'Log in' }).click(),
	])
	expect(response.status()).toBe(503)
	await expect(page.getByRole('alert')).toContainText('Please try again in a moment.')
	await expect(page.getByLabel('Email')).toHaveValue('owner@example.com')
	// The server never sends a password back; with JavaScript the browser keeps the field as it was.
	if (!javaScript) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
})

test('a profile save while the account API fails says to try again with a 503, what was typed kept', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	await logIn(page, email, password)
	await expect(page).toHaveURL('/')
	await page.goto('/settings/profile')
	await request.post('/_emulator/faults', {
		data: { path: '/account/users/', method: 'PUT', mode: 'status', status: 502 },
	})
	await page.getByLabel('First name', { exact: true }).fill('Sam')
	await page.getByLabel('City').fill('Hamamatsu')
	const [response] = await Promise.all([
		page.waitForResponse(
			(r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/settings/profile'),
		),
		page.getByRole('button', { name: 'Save', exact: true }).click(),
	])
	expect(response.status()).toBe(503)
	await expect(page.getByRole('alert').first()).toContainText('Please try again in a moment.')
	await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Sam')
	await expect(page.getByLabel('City')).toHaveValue('Hamamatsu')
})
