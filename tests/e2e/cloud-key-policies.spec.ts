import { expect, expectAccessible, test } from './fixtures.ts'

/**
 * Policies (spec 2 §2, §7; ADR 0025): the cloud's terms of use, privacy policy and refund policy,
 * open to anyone, each pointing at the cloud site's page for the visitor's culture (and, for the
 * privacy policy, the country's version), as the emulated upstreams publish them.
 */

const SITE = 'https://cloud.main-instruments.example'

test('a visitor reads the cloud policies, in English for the United States', async ({ page, javaScript }) => {
	await page.goto('/cloud/policies?culture_code=en-US')
	const main = page.getByRole('main')
	await expect(main.getByRole('heading', { name: 'Cloud policies' })).toBeVisible()
	await expect(main.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', `${SITE}/en-us/terms-of-use/`)
	await expect(main.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
		'href',
		`${SITE}/en-us/privacy-policy/us/`,
	)
	await expect(main.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', `${SITE}/en/refund-policy/`)
	if (javaScript) await expectAccessible(page)
})

test('in Japanese, the Japanese pages and the Japanese privacy policy', async ({ page }) => {
	await page.goto('/cloud/policies?culture_code=ja-JP')
	const main = page.getByRole('main')
	await expect(main.getByRole('link', { name: '利用規約' })).toHaveAttribute('href', `${SITE}/ja-jp/terms-of-use/`)
	await expect(main.getByRole('link', { name: 'プライバシー・ポリシー' })).toHaveAttribute(
		'href',
		`${SITE}/ja-jp/privacy-policy/jp/`,
	)
	await expect(main.getByRole('link', { name: '返金ポリシー' })).toHaveAttribute('href', `${SITE}/ja/refund-policy/`)
})
