import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, signInDirectly, toast } from './account.ts'
import { holdClientEntry } from './accessibility.ts'
import { expect, expectAccessible } from './fixtures.ts'

/**
 * The settings tab's region and language (spec 1 §1, §5, §9) and clear cache, with a fresh account
 * per test. Without JavaScript a region is chosen with its own button, which fills the language
 * select for it; with JavaScript the language select follows the region at once.
 */

function regionForm(page: Page) {
	return page.getByRole('region', { name: 'Region and language' })
}

async function chooseRegion(page: Page, label: string, javaScript: boolean) {
	const form = regionForm(page)
	await form.getByLabel('Region').selectOption({ label })
	if (!javaScript) {
		await form.getByRole('button', { name: 'Show the languages of this region' }).click()
		await expect(regionForm(page).getByLabel('Region')).toHaveValue(/./)
	}
}

function settingsPost(page: Page) {
	return page.waitForResponse(
		(r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/settings/settings'),
	)
}

test('changing region and language to Japan saves it upstream and the next page is in Japanese', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto('/settings/settings')
	const form = regionForm(page)
	// Each region lists only its own languages.
	await chooseRegion(page, 'Canada', javaScript)
	await expect(regionForm(page).getByLabel('Language').locator('option')).toHaveText([
		'Choose a language',
		'English (Canada)',
		'French (Canada)',
	])
	await chooseRegion(page, 'Japan', javaScript)
	await form.getByLabel('Language').selectOption({ label: 'Japanese (Japan)' })
	await form.getByRole('button', { name: 'Save' }).click()

	await expect(page).toHaveURL('/settings/settings')
	await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
	await expect(toast(page)).toContainText('更新しました。')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('アカウント設定')
	await expect(page.getByRole('region', { name: '地域と言語' }).getByLabel('言語')).toHaveValue('ja-JP')

	// The user record upstream carries it: shown in English (the query wins over the cookie), the
	// form still starts from ja-JP, which only the account API's `me` can have said.
	await page.goto('/settings/settings?culture_code=en-GB')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await expect(regionForm(page).getByLabel('Region')).toHaveValue('Japan')
	await expect(regionForm(page).getByLabel('Language')).toHaveValue('ja-JP')
	if (javaScript) await expectAccessible(page)
})

test('a language saved on a page opened with culture_code wins over it, on that page and the next', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	// The form's action keeps this query; the saved choice must still be the one that stays.
	await page.goto('/settings/settings?culture_code=en-US')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await chooseRegion(page, 'Japan', javaScript)
	await regionForm(page).getByLabel('Language').selectOption({ label: 'Japanese (Japan)' })
	await regionForm(page).getByRole('button', { name: 'Save' }).click()

	await expect(page).toHaveURL('/settings/settings')
	await expect(toast(page)).toContainText('更新しました。')
	await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
	await page.goto('/gear')
	await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
})

test('a region chosen before the page hydrated lists its languages once it has', async ({
	page,
	request,
	javaScript,
}) => {
	test.skip(!javaScript, 'without JavaScript the languages come by the Show the languages post')
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	// The client entry is held until the region is chosen.
	const release = await holdClientEntry(page)
	await page.goto('/settings/settings')
	await regionForm(page).getByLabel('Region').selectOption({ label: 'Canada' })
	expect(await page.locator('html[data-hydrated]').count(), 'chosen before hydration').toBe(0)
	release()
	await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
	await expect(regionForm(page).getByLabel('Language').locator('option')).toHaveText([
		'Choose a language',
		'English (Canada)',
		'French (Canada)',
	])
	await expect(regionForm(page).getByLabel('Region')).toHaveValue('Canada')
})

test('a missing region or language is refused with a 400, saying which, and nothing is saved', async ({
	page,
	request,
	javaScript,
}) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto('/settings/settings')
	const form = regionForm(page)
	await chooseRegion(page, 'Japan', javaScript)
	await expect(form.getByLabel('Language')).toHaveValue('')
	const [missingLanguage] = await Promise.all([settingsPost(page), form.getByRole('button', { name: 'Save' }).click()])
	expect(missingLanguage.status()).toBe(400)
	await expect(form.getByText('Language is required')).toBeVisible()
	await expect(form.getByLabel('Region')).toHaveValue('Japan')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')

	await form.getByLabel('Region').selectOption({ label: 'Choose a region' })
	const [missingBoth] = await Promise.all([settingsPost(page), form.getByRole('button', { name: 'Save' }).click()])
	expect(missingBoth.status()).toBe(400)
	await expect(form.getByText('Region is required')).toBeVisible()
	await expect(form.getByText('Language is required')).toBeVisible()
	if (javaScript) await expectAccessible(page)
})

test('clear cache asks the browser to drop its caches and says so', async ({ page, request }) => {
	const { email, password } = await createAccount(page, request)
	await signInDirectly(page, email, password)
	await page.goto('/settings/settings')
	const [response] = await Promise.all([settingsPost(page), page.getByRole('button', { name: 'Clear cache' }).click()])
	expect(await response.headerValue('Clear-Site-Data')).toBe('"cache"')
	await expect(page).toHaveURL('/settings/settings')
	await expect(toast(page)).toContainText('The cache has been cleared.')
	// Signed in still: only caches go, not cookies or the session.
	await expect(regionForm(page)).toBeVisible()
})
