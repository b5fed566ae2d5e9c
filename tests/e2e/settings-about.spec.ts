/**
 * About and licences (spec 1 §1): the portal's version and build, and the licences of the packages
 * the browser receives, as the build listed them, not typed by hand.
 */
import { listed, version } from './about.ts'
import { accountTest as test } from './account.ts'
import { expect, expectAccessible, showsDataOnly } from './fixtures.ts'

test.describe('signed in as the demo customer', () => {
	test.use({ signedInAs: 'customer' })
	// The page only shows data: its HTML without JavaScript is checked in settings-about.http.spec.ts.
	showsDataOnly()

	test('the settings link to About, which shows the version, the build and every licence the build lists', async ({
		page,
	}) => {
		await page.goto('/settings/settings')
		await page.getByRole('link', { name: 'About and licences' }).click()
		await expect(page).toHaveURL('/settings/about')
		await expect(page.getByRole('heading', { name: 'About and licences', level: 1 })).toBeVisible()
		await expect(page.getByRole('definition').first()).toHaveText(version)
		await expect(page.getByRole('definition').nth(1)).toHaveText(/^\d+( \([0-9a-f]+\))?$|^dev$/)

		expect(listed.map((entry) => entry.name)).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router']))
		// Forms are validated on the server only (ADR 0012): no schema library reaches the browser.
		expect(listed.map((entry) => entry.name)).not.toContain('zod')
		const items = page.getByRole('region', { name: 'Licences' }).getByRole('listitem')
		await expect(items).toHaveCount(listed.length)
		for (const entry of listed) {
			await expect(items.filter({ hasText: `${entry.name} ${entry.version}` })).toContainText(entry.identifier)
		}
		await items.filter({ hasText: 'react-router' }).getByText('Licence text of react-router').click()
		await expect(items.filter({ hasText: 'react-router' }).locator('pre')).toContainText('MIT License')
		await expectAccessible(page)
	})

	test('About speaks Japanese in ja-JP', async ({ page }) => {
		await page.goto('/settings/about?culture_code=ja-JP')
		await expect(page.getByRole('heading', { name: 'このポータルについて・ライセンス', level: 1 })).toBeVisible()
		await expect(page.getByText('ビルド番号')).toBeVisible()
	})
})

test('About needs sign-in', async ({ page }) => {
	await page.goto('/settings/about')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings%2Fabout/)
})
