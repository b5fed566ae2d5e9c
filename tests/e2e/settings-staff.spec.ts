import type { Page } from '@playwright/test'
import { accountTest as test, DEMO, signInDirectly } from './account.ts'
import { expect, expectAccessible } from './fixtures.ts'

/** The staff view (spec 1 §6, spec 2 §7): an admin tab for company-domain accounts, 'Not Roland Account' for others. */

const STAFF = { email: 'staff@roland.com', password: 'Staff1234' }

function tabBar(page: Page) {
	return page.getByRole('navigation', { name: 'Sections of this page' })
}

function record(page: Page) {
	return page.getByRole('region', { name: 'User record' })
}

test.describe('staff view', () => {
	test('staff sees the admin tab, looks a user up by email and sees the record and their own cultures', async ({
		page,
		javaScript,
	}) => {
		await signInDirectly(page, STAFF.email, STAFF.password)
		await page.goto('/settings')
		await tabBar(page).getByRole('link', { name: 'Admin' }).click()
		await expect(page).toHaveURL('/settings/admin')

		const managing = page.getByRole('region', { name: 'Your managing culture codes' })
		await expect(managing.getByRole('listitem')).toHaveText(['en-US', 'en-CA', 'fr-CA'])

		await page.getByLabel('User id or email').fill(DEMO.customer.email)
		await page.getByRole('button', { name: 'Look up' }).click()
		await expect(page).toHaveURL(`/settings/admin?user=${encodeURIComponent(DEMO.customer.email)}`)
		const shown = record(page)
		await expect(shown.getByRole('definition').nth(1)).toHaveText(DEMO.customer.email)
		await expect(shown).toContainText(`${DEMO.customer.firstName} J. ${DEMO.customer.lastName}`)
		await expect(shown.locator('input, textarea, select, button')).toHaveCount(0)
		await expect(page.getByLabel('User id or email')).toHaveValue(DEMO.customer.email)

		// The record's id finds the same user, and the URL can be shared.
		const id = await shown.getByRole('definition').first().textContent()
		const byId = await page.goto(`/settings/admin?user=${id}`)
		expect(byId?.status()).toBe(200)
		await expect(record(page).getByRole('definition').nth(1)).toHaveText(DEMO.customer.email)

		if (javaScript) await expectAccessible(page)
	})

	test('an unknown user: a clear message, a 404 and the form kept', async ({ page, javaScript }) => {
		await signInDirectly(page, STAFF.email, STAFF.password)
		const response = await page.goto('/settings/admin?user=nobody%40example.com')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('alert')).toHaveText('No user was found for “nobody@example.com”.')
		await expect(page.getByLabel('User id or email')).toHaveValue('nobody@example.com')
		await expect(record(page)).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'Look up' })).toBeVisible()
		if (javaScript) await expectAccessible(page)
	})

	test('a customer sees no admin tab and gets Not Roland Account with a 403', async ({ page }) => {
		await signInDirectly(page, DEMO.customer.email, DEMO.customer.password)
		await page.goto('/settings')
		await expect(tabBar(page).getByRole('link', { name: 'Profile' })).toBeVisible()
		await expect(tabBar(page).getByRole('link', { name: 'Admin' })).toHaveCount(0)

		const response = await page.goto(`/settings/admin?user=${encodeURIComponent(STAFF.email)}`)
		expect(response?.status()).toBe(403)
		await expect(page.getByRole('main')).toContainText('Not Roland Account')
		await expect(page.getByText(STAFF.email)).toHaveCount(0)
	})
})
