import { accountTest as test, createAccount, formPost, signInDirectly } from './account.ts'
import { EMULATOR_ADMIN_HEADERS } from './emulator.ts'
import { expect } from './fixtures.ts'

/**
 * Found by the fault matrix (ADR 0052): a profile saved while the account API cannot read the record
 * answered an error page, and what was typed was lost. Now the form comes back as typed with a 503 and
 * 'Please try again in a moment.', to save again as it is — with JavaScript and without.
 */
test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS })
})

test('a profile saved while the account API is down keeps what was typed, and saves once it is back', async ({
	page,
	request,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto('/settings/profile')
	await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible()
	await page.getByLabel('Address line 1').fill('23 Fault Lane')
	await page.getByLabel('City').fill('Outage Springs')

	const fault = await request.post('/_emulator/faults', {
		headers: EMULATOR_ADMIN_HEADERS,
		data: { path: '/account/me', method: 'GET', mode: 'status', status: 503 },
	})
	expect(fault.ok()).toBe(true)
	const submitted = formPost(page, '/settings/profile')
	await page.getByRole('button', { name: 'Save', exact: true }).click()
	expect((await submitted).status()).toBe(503)
	await expect(page.getByRole('alert').filter({ hasText: 'Please try again in a moment.' })).toBeVisible()
	await expect(page.getByLabel('Address line 1')).toHaveValue('23 Fault Lane')
	await expect(page.getByLabel('City')).toHaveValue('Outage Springs')

	// Back: the same form, sent again as it is, is saved.
	await request.delete('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS })
	await page.getByRole('button', { name: 'Save', exact: true }).click()
	await expect(page.getByText('Updated.')).toBeVisible()
	await page.goto('/settings/profile')
	await expect(page.getByLabel('City')).toHaveValue('Outage Springs')
})
