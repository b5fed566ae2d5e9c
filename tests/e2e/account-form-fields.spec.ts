import type { Locator, Page } from '@playwright/test'
import { accountTest as test, uniqueEmail, visitorAddress } from './account.ts'
import { callsAfter, latestCall, madeFor } from './emulator.ts'
import { expect } from './fixtures.ts'

/**
 * How the account forms ask (issue 21): names in the culture's order (ja-JP: 姓 before 名 and no
 * middle name), and every checkbox on one line with its label.
 */

const NAME_INPUTS = ['firstName', 'middleName', 'lastName', 'phoneticFirstName', 'phoneticLastName']
	.map((name) => `input[name="${name}"]`)
	.join(', ')

/** The name inputs of the page's form, in the order they are shown. */
async function nameOrder(page: Page) {
	return page.locator(NAME_INPUTS).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name))
}

/** Opens the sign-up's create step for a new address (the buttons found by their value, in any language). */
async function openCreateStep(page: Page, query = '') {
	await page.goto(`/signup${query}`)
	await page.locator('input[name="email"]').fill(uniqueEmail())
	await page.locator('button[value="verify"]').click()
	await expect(page.locator('input[name="firstName"]')).toBeVisible()
}

test.describe('names in the culture’s order', () => {
	test('ja-JP sign-up asks 姓 then 名 and no middle name, and creates the account without one', async ({ page }) => {
		await openCreateStep(page, '?culture_code=ja-JP')
		expect(await nameOrder(page)).toEqual(['lastName', 'firstName', 'phoneticLastName', 'phoneticFirstName'])
		await expect(page.getByLabel('ミドルネーム')).toHaveCount(0)

		await page.getByLabel('姓', { exact: true }).fill('山田')
		await page.getByLabel('名', { exact: true }).fill('太郎')
		await page.getByLabel('姓（フリガナ）').fill('ヤマダ')
		await page.getByLabel('名（フリガナ）').fill('タロウ')
		await page.getByLabel('パスワード', { exact: true }).fill('Secret1234')
		await page.getByLabel('パスワード（確認）').fill('Secret1234')
		await page.getByLabel('利用規約とプライバシーポリシーに同意します').check()
		await page.locator('button[value="create"]').click()
		await expect(page).toHaveURL(/\/activation\?email=/)
	})

	test('a middle name posted for ja-JP anyway (an old page, a hand-made post) is not sent upstream', async ({
		page,
		request,
	}) => {
		const before = await latestCall(request)
		const email = uniqueEmail('yamada')
		const form = {
			intent: 'create',
			email,
			lastName: '山田',
			firstName: '太郎',
			middleName: 'ミドル',
			phoneticLastName: 'ヤマダ',
			phoneticFirstName: 'タロウ',
			password: 'Secret1234',
			passwordConfirm: 'Secret1234',
			cultureCode: 'ja-JP',
			country: 'JP',
			agreeToTerms: 'on',
		}
		const response = await page.request.post('/signup', {
			form,
			maxRedirects: 0,
			headers: { 'X-Forwarded-For': visitorAddress() },
		})
		expect(response.status()).toBe(302)
		const signup = (await callsAfter(request, before)).find(
			(call) => call.path === '/account/signup' && madeFor(call, email),
		)
		expect(signup?.body).toMatchObject({ firstName: '太郎', lastName: '山田', cultureCode: 'ja-JP' })
		expect(signup?.body).not.toHaveProperty('middleName')

		// Other cultures still send theirs.
		const other = uniqueEmail('keys')
		await page.request.post('/signup', {
			form: { ...form, email: other, middleName: 'J.', cultureCode: 'en-US', country: 'US' },
			maxRedirects: 0,
			headers: { 'X-Forwarded-For': visitorAddress() },
		})
		const kept = (await callsAfter(request, before)).find(
			(call) => call.path === '/account/signup' && madeFor(call, other),
		)
		expect(kept?.body).toMatchObject({ middleName: 'J.' })
	})

	test('other cultures keep first, middle, last', async ({ page }) => {
		await openCreateStep(page, '?culture_code=en-US')
		expect(await nameOrder(page)).toEqual(['firstName', 'middleName', 'lastName'])
	})

	test.describe('the profile', () => {
		test.use({ signedInAs: 'customer' })
		test('ja-JP: 姓 then 名, phonetic names in the same order, no middle name', async ({ page }) => {
			await page.goto('/settings/profile?culture_code=ja-JP')
			expect(await nameOrder(page)).toEqual(['lastName', 'firstName', 'phoneticLastName', 'phoneticFirstName'])
			await expect(page.getByLabel('ミドルネーム')).toHaveCount(0)
		})
	})
})

/** The box and its label share a line: the label starts right of the box, level with it. */
async function expectOnOneLine(box: Locator, label: Locator) {
	const b = (await box.boundingBox())!
	const l = (await label.boundingBox())!
	expect(l.x, 'the label starts right of its box').toBeGreaterThanOrEqual(b.x + b.width)
	expect(l.y, 'the label starts on the box’s line').toBeLessThan(b.y + b.height)
	expect(b.y, 'the box is on the label’s first line').toBeLessThan(l.y + 24)
}

test.describe('checkboxes', () => {
	for (const width of [320, 1280]) {
		test(`at ${width} px, sign-up’s boxes sit on one line with their labels, which tick them`, async ({ page }) => {
			await page.setViewportSize({ width, height: 800 })
			await openCreateStep(page)
			for (const name of ['I agree to the terms of use and privacy policy', 'Send me news and offers by email']) {
				const box = page.getByRole('checkbox', { name })
				const label = page.locator('label', { hasText: name })
				await expectOnOneLine(box, label)
				await expect(box).not.toBeChecked()
				await label.click({ position: { x: 4, y: 4 } })
				await expect(box).toBeChecked()
			}
		})
	}
})
