import { resources } from '#app/i18n/resources.ts'
import { accountTest as test } from './account.ts'
import { expect, expectAccessible, themedUrl } from './fixtures.ts'

/**
 * Terms of use and privacy policy (spec 1 §1): /privacy, reachable without signing in, links to both
 * documents on the brand's site, addressed by the public API (privacy policy) and `json/static`
 * (terms) for the visitor's culture, country and brand.
 */

test('/privacy links to the terms of use and the privacy policy of the culture and brand', async ({
	page,
	baseURL,
	javaScript,
}) => {
	const response = await page.goto('/privacy?culture_code=de-AT')
	expect(response?.status()).toBe(200)
	// de-AT reads the German catalogue (issue 24).
	const german = resources.de.common
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(german.screen.Privacy)
	await expect(page.getByRole('link', { name: german.privacy.termsLink })).toHaveAttribute(
		'href',
		'https://www.dw-drums.example/de-at/terms-of-use/',
	)
	await expect(page.getByRole('link', { name: german.privacy.policyLink })).toHaveAttribute(
		'href',
		'https://www.dw-drums.example/de-at/privacy-policy/eu/',
	)
	await expect(page.getByText(german.privacy.policyText)).toBeVisible()

	// The brand follows the host's theme, the policy's version the country.
	await page.goto(themedUrl('main', '/privacy?culture_code=en-US', baseURL))
	await expect(page.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute(
		'href',
		'https://www.main-instruments.example/en-us/privacy-policy/us/',
	)
	await expect(page.getByRole('link', { name: 'Read the terms of use' })).toHaveAttribute(
		'href',
		'https://www.main-instruments.example/en-us/terms-of-use/',
	)
	if (javaScript) await expectAccessible(page)
})

test('/privacy is in Japanese for ja-JP, with the Japanese policy', async ({ page }) => {
	await page.goto('/privacy?culture_code=ja-JP')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約とプライバシーポリシー')
	await expect(page.getByRole('link', { name: 'プライバシーポリシーを読む' })).toHaveAttribute(
		'href',
		'https://www.dw-drums.example/ja-jp/privacy-policy/jp/',
	)
})

test("sign-up's agreement links to the terms of use and privacy policy", async ({ page }) => {
	await page.goto('/signup')
	await page.getByLabel('Email').fill(`privacy.${Date.now().toString(36)}@example.com`)
	await page.getByRole('button', { name: 'Continue' }).click()
	await page.getByRole('link', { name: 'Terms of use and privacy policy' }).click()
	await expect(page).toHaveURL('/privacy')
	await expect(page.getByRole('link', { name: 'Read the terms of use' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Read the privacy policy' })).toBeVisible()
})
