import type { APIRequestContext, Page } from '@playwright/test'
import { accountTest as test, createAccount, formPost, signInDirectly, toast } from './account.ts'
import { callsWithTokensOf } from './emulator.ts'
import { expect, expectAccessible } from './fixtures.ts'

/** The profile tab (spec 1 §2, §3, §5): every field, the country's states, phones; only what changed is saved. */

async function openProfile(page: Page, query = '') {
	await page.goto(`/settings/profile${query}`)
	await expect(page.getByRole('region', { name: /Profile|プロフィール/ })).toBeVisible()
}

/** The changes the emulated account API received for this account's user record and phones (its request log). */
async function profileWrites(request: APIRequestContext, email: string) {
	return (await callsWithTokensOf(request, email))
		.filter((call) => call.method !== 'GET' && /^\/account\/users\/[^/]+(\/phones(\/[^/]+)?)?$/.test(call.path))
		.map(({ method, path, body }) => ({ method, path: path.replace(/^\/account\/users\/[^/]+/, ''), body }))
}

const phoneRow = (page: Page, n: number) => page.getByRole('group', { name: `Phone ${n}`, exact: true })

async function save(page: Page) {
	const submitted = formPost(page, '/settings/profile')
	await page.getByRole('button', { name: 'Save', exact: true }).click()
	return (await submitted).status()
}

test.describe('profile', () => {
	test('every field is saved and shown after a reload; the country’s states come with “Update”, what was typed kept', async ({
		page,
		request,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await openProfile(page)
		await expect(page.getByLabel('First name (phonetic)')).toHaveCount(0)

		await page.getByLabel('Middle name').fill('Lee')
		await page.getByLabel('Last name').fill('Keys')
		await page.getByLabel('Birthday').fill('1990-05-06')
		await page.getByLabel('Gender').selectOption({ label: 'Female' })
		await page.getByLabel('Country').selectOption({ label: 'Canada' })
		await page.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(page.getByLabel('State/Province')).toContainText('Ontario')
		await expect(page.getByLabel('Middle name')).toHaveValue('Lee')
		await expect(page.getByLabel('Birthday')).toHaveValue('1990-05-06')

		await page.getByLabel('State/Province').selectOption({ label: 'Ontario' })
		await page.getByLabel('Address line 1').fill('1 Front Street')
		await page.getByLabel('City').fill('Toronto')
		await page.getByLabel('Postal code').fill('M5J 2N1')
		await page.getByRole('button', { name: 'Add phone' }).click()
		await expect(page.getByLabel('Last name')).toHaveValue('Keys')
		await phoneRow(page, 1).getByLabel('Phone number').fill('+1 416 555 0100')
		await phoneRow(page, 1).getByLabel('Phone type').selectOption({ label: 'Mobile' })
		await page.getByLabel('Send me news and offers by email').check()
		await page.getByRole('button', { name: 'Save', exact: true }).click()
		await expect(page).toHaveURL('/settings/profile')
		await expect(toast(page)).toContainText('Updated.')

		await page.reload()
		await expect(page.getByLabel('Middle name')).toHaveValue('Lee')
		await expect(page.getByLabel('Last name')).toHaveValue('Keys')
		await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Keys')
		await expect(page.getByLabel('Birthday')).toHaveValue('1990-05-06')
		await expect(page.getByLabel('Gender')).toHaveValue('female')
		await expect(page.getByLabel('Country')).toHaveValue('CA')
		await expect(page.getByLabel('State/Province')).toHaveValue('CA-ON')
		await expect(page.getByLabel('Address line 1')).toHaveValue('1 Front Street')
		await expect(page.getByLabel('City')).toHaveValue('Toronto')
		await expect(page.getByLabel('Postal code')).toHaveValue('M5J 2N1')
		await expect(phoneRow(page, 1).getByLabel('Phone number')).toHaveValue('+1 416 555 0100')
		await expect(phoneRow(page, 1).getByLabel('Phone type')).toHaveValue('mobile')
		await expect(page.getByLabel('Send me news and offers by email')).toBeChecked()

		// A phone changed, one added, the city emptied: only that is sent.
		const before = (await profileWrites(request, email)).length
		await phoneRow(page, 1).getByLabel('Phone type').selectOption({ label: 'Work' })
		await page.getByRole('button', { name: 'Add phone' }).click()
		await phoneRow(page, 2).getByLabel('Phone number').fill('(416) 555-0199')
		await phoneRow(page, 2).getByLabel('Phone type').selectOption({ label: 'Home' })
		await page.getByLabel('City').fill('')
		await page.getByRole('button', { name: 'Save', exact: true }).click()
		await expect(toast(page)).toContainText('Updated.')
		const sent = (await profileWrites(request, email)).slice(before)
		expect(sent).toEqual([
			{
				method: 'PUT',
				path: expect.stringMatching(/^\/phones\/.+/),
				body: { number: '+1 416 555 0100', type: 'work' },
			},
			{ method: 'POST', path: '/phones', body: { number: '(416) 555-0199', type: 'home' } },
			{ method: 'PUT', path: '', body: { address: { city: null } } },
		])
		await page.reload()
		await expect(phoneRow(page, 1).getByLabel('Phone type')).toHaveValue('work')
		await expect(phoneRow(page, 2).getByLabel('Phone number')).toHaveValue('(416) 555-0199')
		await expect(page.getByLabel('City')).toHaveValue('')
		await expect(page.getByLabel('Address line 1')).toHaveValue('1 Front Street')

		// Removing a phone and saving deletes it, and nothing else.
		await page.getByRole('button', { name: 'Remove phone 1' }).click()
		await expect(phoneRow(page, 1).getByLabel('Phone number')).toHaveValue('(416) 555-0199')
		await expect(phoneRow(page, 2)).toHaveCount(0)
		const beforeRemoval = (await profileWrites(request, email)).length
		await page.getByRole('button', { name: 'Save', exact: true }).click()
		await expect(toast(page)).toContainText('Updated.')
		const removal = (await profileWrites(request, email)).slice(beforeRemoval)
		expect(removal.map(({ method, path }) => ({ method, path }))).toEqual([
			{ method: 'DELETE', path: expect.stringMatching(/^\/phones\/.+/) },
		])
		await page.reload()
		await expect(phoneRow(page, 1).getByLabel('Phone number')).toHaveValue('(416) 555-0199')
		await expect(phoneRow(page, 2)).toHaveCount(0)

		// Enter in a field saves: it is not taken as one of the other buttons.
		const beforeEnter = (await profileWrites(request, email)).length
		await page.getByLabel('First name', { exact: true }).fill('Sam')
		await page.getByLabel('First name', { exact: true }).press('Enter')
		await expect(toast(page)).toContainText('Updated.')
		expect((await profileWrites(request, email)).slice(beforeEnter)).toEqual([
			{ method: 'PUT', path: '', body: { firstName: 'Sam' } },
		])
		await page.reload()
		await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Sam')
		await expect(phoneRow(page, 1).getByLabel('Phone number')).toHaveValue('(416) 555-0199')
	})

	test('ja-JP: phonetic names are shown and required, the address in the Japanese order', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await openProfile(page, '?culture_code=ja-JP')

		const address = page.getByRole('group', { name: '住所' })
		await address.getByLabel('国').selectOption('JP')
		await page.getByRole('button', { name: '更新', exact: true }).click()
		await expect(address.locator('label')).toHaveText([
			'国',
			'郵便番号',
			'都道府県',
			'市区町村',
			'住所1',
			'住所2',
			'住所3',
		])
		await address.getByLabel('都道府県').selectOption({ label: '東京都' })
		await address.getByLabel('郵便番号').fill('150-0001')

		const refused = formPost(page, '/settings/profile')
		await page.getByRole('button', { name: '保存', exact: true }).click()
		expect((await refused).status()).toBe(400)
		await expect(page.getByText('名（フリガナ）を入力してください')).toBeVisible()
		await expect(page.getByText('姓（フリガナ）を入力してください')).toBeVisible()
		await expect(address.getByLabel('郵便番号')).toHaveValue('150-0001')

		await page.getByLabel('名（フリガナ）').fill('ロビン')
		await page.getByLabel('姓（フリガナ）').fill('ドラマー')
		await page.getByRole('button', { name: '保存', exact: true }).click()
		await expect(toast(page)).toContainText('更新しました。')
		await page.reload()
		await expect(page.getByLabel('名（フリガナ）')).toHaveValue('ロビン')
		await expect(address.getByLabel('都道府県')).toHaveValue('JP-13')
		await expect(address.getByLabel('国')).toHaveValue('JP')
	})

	test('up to three phones: no fourth can be added; removing one brings the button back', async ({ page, request }) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await openProfile(page)
		const add = page.getByRole('button', { name: 'Add phone' })
		for (const n of [1, 2, 3]) {
			await add.click()
			await phoneRow(page, n).getByLabel('Phone number').fill(`+1 212 555 010${n}`)
		}
		await expect(add).toHaveCount(0)
		await expect(phoneRow(page, 3).getByLabel('Phone number')).toHaveValue('+1 212 555 0103')
		await expect(phoneRow(page, 4)).toHaveCount(0)

		// A crafted post cannot add a fourth either.
		const response = await page.request.post('/settings/profile', {
			headers: { Origin: new URL(page.url()).origin },
			form: {
				intent: 'add-phone',
				'phones[0].number': '1',
				'phones[1].number': '2',
				'phones[2].number': '3',
			},
		})
		expect(response.status()).toBe(200)
		expect(await response.text()).not.toContain('phones[3]')

		await page.getByRole('button', { name: 'Remove phone 2' }).click()
		await expect(phoneRow(page, 2).getByLabel('Phone number')).toHaveValue('+1 212 555 0103')
		await expect(add).toBeVisible()
	})

	test('a phone number without a type is refused with the spec’s message and a 400, everything typed kept', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, password } = await createAccount(page, request)
		await signInDirectly(page, email, password)
		await openProfile(page)
		await page.getByLabel('First name', { exact: true }).fill('Changed')
		await page.getByLabel('Postal code').fill('10001')
		await page.getByRole('button', { name: 'Add phone' }).click()
		await phoneRow(page, 1).getByLabel('Phone number').fill('+1 212 555 0100')

		expect(await save(page)).toBe(400)
		await expect(phoneRow(page, 1).getByText('Phone type is required')).toBeVisible()
		await expect(phoneRow(page, 1).getByLabel('Phone type')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Changed')
		await expect(page.getByLabel('Postal code')).toHaveValue('10001')
		await expect(phoneRow(page, 1).getByLabel('Phone number')).toHaveValue('+1 212 555 0100')
		if (javaScript) await expectAccessible(page)

		// A bad postal code and phone for the country are told too; nothing was saved.
		await page.getByLabel('Postal code').fill('1000')
		await phoneRow(page, 1).getByLabel('Phone number').fill('555-0100')
		await phoneRow(page, 1).getByLabel('Phone type').selectOption({ label: 'Home' })
		expect(await save(page)).toBe(400)
		await expect(page.getByText('Postal code must be valid.')).toBeVisible()
		await expect(page.getByText('Phone number must be valid.')).toBeVisible()
		await openProfile(page)
		await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Robin')
		await expect(phoneRow(page, 1)).toHaveCount(0)
	})
})
