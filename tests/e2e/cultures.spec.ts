import { expect, test } from './fixtures.ts'

test.describe('cultures', () => {
	test('culture_code from the query is normalised, rendered and kept', async ({ page }) => {
		await page.goto('/login?culture_code=ja-jp')
		await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('ログイン')
		await page.goto('/signup')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('アカウント作成')
	})

	test('a culture without a catalogue reads English and says lang=en', async ({ page }) => {
		await page.goto('/login?culture_code=de')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
	})

	test('an unknown code falls back to English', async ({ page }) => {
		await page.goto('/signup?culture_code=zz-ZZ')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account')
	})

	test.describe('with a Japanese browser', () => {
		test.use({ locale: 'ja-JP' })
		test('Accept-Language chooses the culture when nothing else does', async ({ page }) => {
			await page.goto('/reset-password')
			await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('パスワードの再設定')
		})
		test('the query wins over Accept-Language', async ({ page }) => {
			await page.goto('/reset-password?culture_code=en-GB')
			await expect(page.locator('html')).toHaveAttribute('lang', 'en')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset password')
		})
	})
})
