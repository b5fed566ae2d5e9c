import type { Page, TestInfo } from '@playwright/test'
import { formPost, visitorAddress } from './account.ts'
import { cloudApi, makeCloudAccount, type CloudAccount } from './cloud.ts'
import { expect, expectAccessible, test } from './fixtures.ts'

/**
 * Entitlement key activation (spec 2 §2, §4, §5, §7, §8): the Key and Serial Number tabs, each
 * outcome of the notification hub (the emulator's real key rules), the empty form, the remembered
 * `redirect` (spec 1 §2), ThankYouKey, and a visitor asked to log in or create an account. Every
 * journey runs with JavaScript on and off, each on an account of its own.
 */

const main = (page: Page) => page.getByRole('main')
const alert = (page: Page) => main(page).getByRole('alert')

/**
 * A key card or serial of the emulator's print runs (catalogue-data.ts) for this test: one per
 * project and attempt, so the two projects and a retry never register the same one (the first
 * twelve; the clock journeys take the next ones).
 */
function printRunIndex(testInfo: TestInfo): number {
	return ((testInfo.project.name === 'js' ? 0 : 1) + 2 * (testInfo.retry + testInfo.repeatEachIndex)) % 12
}

async function signedIn(page: Page): Promise<CloudAccount> {
	return makeCloudAccount(page.request, 'key')
}

async function register(page: Page, tab: 'key' | 'serial_number', key: string, hardware: string) {
	await page.getByLabel(tab === 'key' ? 'Key' : 'Serial number', { exact: true }).fill(key)
	await page.getByLabel('Hardware product').selectOption({ label: hardware })
	const posted = formPost(page, `/cloud/entitlement-key/${tab}`)
	await main(page)
		.getByRole('button', { name: tab === 'key' ? 'Activate key' : 'Register serial number' })
		.click()
	return (await posted).status()
}

test('a visitor sees the notice on both tabs, with log in and sign up coming back here, redirect kept', async ({
	page,
	javaScript,
}) => {
	for (const tab of ['key', 'serial_number'] as const) {
		await page.goto(`/cloud/entitlement-key/${tab}?redirect=/cloud/memberships`)
		const notice = main(page).getByRole('note')
		await expect(notice).toContainText('Please log in or create an account to activate a key')
		await expect(main(page).getByRole('button')).toHaveCount(0)
		for (const [name, path] of [
			['Log in', '/login'],
			['Create an account', '/signup'],
		] as const) {
			const href = new URL((await notice.getByRole('link', { name }).getAttribute('href'))!, 'http://portal.invalid')
			expect(href.pathname).toBe(path)
			const back = new URL(href.searchParams.get('redirectTo')!, 'http://portal.invalid')
			expect(back.pathname).toBe(`/cloud/entitlement-key/${tab}`)
			expect(back.searchParams.get('redirect')).toBe('/cloud/memberships')
		}
		if (javaScript) await expectAccessible(page)
	}
	// Sending the form anyway asks for sign-in first.
	const response = await page.request.post('/cloud/entitlement-key/key', {
		form: { key: 'RCLK-JUNO-0005-EEEE', productCode: 'JD-08' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	expect(response.headers().location).toMatch(/^\/login\?redirectTo=/)
})

test('a visitor who logs in from the notice comes back to the tab, the redirect kept, and can register', async ({
	page,
	playwright,
}) => {
	// An account signed in elsewhere (its own request context): this browser is still a visitor.
	const elsewhere = await playwright.request.newContext()
	const account = await makeCloudAccount(elsewhere, 'key-visitor')
	await elsewhere.dispose()
	// A sign-in from an address of its own, so the per-address limits count this test alone.
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
	await page.goto('/cloud/entitlement-key/serial_number?redirect=%2Fcloud%2Fmemberships')
	await main(page).getByRole('note').getByRole('link', { name: 'Log in' }).click()
	await page.getByLabel('Email').fill(account.email)
	await page.getByLabel('Password', { exact: true }).fill(account.password)
	await page.getByRole('button', { name: 'Log in' }).click()
	await expect(page).toHaveURL('/cloud/entitlement-key/serial_number?redirect=%2Fcloud%2Fmemberships')
	await expect(main(page).getByRole('note')).toHaveCount(0)
	await expect(main(page).getByRole('button', { name: 'Register serial number' })).toBeVisible()
})

test('the empty forms are refused with every message, what was typed kept', async ({ page, javaScript }) => {
	await signedIn(page)
	await page.goto('/cloud/entitlement-key')
	await expect(main(page).getByRole('heading', { name: 'Activate an entitlement key' })).toBeVisible()
	const hardware = page.getByLabel('Hardware product')
	await expect(hardware.locator('option')).toHaveText([
		'Choose your hardware product',
		'SYSTEM-8 Plug-Out Synthesizer',
		'JUPITER-X Synthesizer',
		'TR-8S Rhythm Performer',
		'FANTOM-6 Synthesizer Keyboard',
		'JD-08 Sound Module',
	])

	let posted = formPost(page, '/cloud/entitlement-key')
	await main(page).getByRole('button', { name: 'Activate key' }).click()
	expect((await posted).status()).toBe(400)
	const key = page.getByLabel('Key', { exact: true })
	await expect(main(page).getByText('Key is required')).toBeVisible()
	await expect(main(page).getByText('Hardware product is required')).toBeVisible()
	await expect(key).toHaveAttribute('aria-invalid', 'true')
	await expect(key).toHaveAccessibleDescription(/Key is required/)
	await expect(hardware).toHaveAccessibleDescription('Hardware product is required')
	if (javaScript) await expectAccessible(page)

	await key.fill('RCLK-JUNO-0005-EEEE')
	posted = formPost(page, '/cloud/entitlement-key')
	await main(page).getByRole('button', { name: 'Activate key' }).click()
	expect((await posted).status()).toBe(400)
	await expect(main(page).getByText('Hardware product is required')).toBeVisible()
	await expect(main(page).getByText('Key is required')).toHaveCount(0)
	await expect(key).toHaveValue('RCLK-JUNO-0005-EEEE')

	await page.goto('/cloud/entitlement-key/serial_number')
	await expect(main(page).getByRole('heading', { name: 'Register a serial number' })).toBeVisible()
	await page.getByLabel('Hardware product').selectOption({ label: 'TR-8S Rhythm Performer' })
	posted = formPost(page, '/cloud/entitlement-key/serial_number')
	await main(page).getByRole('button', { name: 'Register serial number' }).click()
	expect((await posted).status()).toBe(400)
	await expect(main(page).getByText('Serial number is required')).toBeVisible()
	await expect(main(page).getByText('Hardware product is required')).toHaveCount(0)
	await expect(page.getByLabel('Hardware product')).toHaveValue('TR-8S')
	if (javaScript) await expectAccessible(page)
})

const KEY_REFUSALS = [
	['RCLK-ZZZZ-9999-ZZZZ', 'We could not find this key. Check that it is typed exactly as printed on the card.'],
	['RCLK-J8LT-0003-CCCC', 'This key has already been registered. A key can be registered once only.'],
	['RCLK-RHYT-0004-DDDD', 'This key cannot be registered. Please contact us if you think it should be.'],
	['not-a-key', 'This is not a valid key. Keys look like RCLK-XXXX-XXXX-XXXX.'],
] as const

test('the Key tab: not found, already registered, unable to register, invalid key, each said on the form', async ({
	page,
	javaScript,
}) => {
	test.slow()
	const account = await signedIn(page)
	await page.goto('/cloud/entitlement-key/key')
	for (const [key, message] of KEY_REFUSALS) {
		expect(await register(page, 'key', key, 'SYSTEM-8 Plug-Out Synthesizer')).toBe(400)
		await expect(alert(page)).toHaveText(message)
		await expect(page.getByLabel('Key', { exact: true })).toHaveValue(key)
		await expect(page.getByLabel('Hardware product')).toHaveValue('SYSTEM-8')
		await expect(page).toHaveURL('/cloud/entitlement-key/key')
	}
	if (javaScript) await expectAccessible(page)
	// Nothing was granted.
	expect(await cloudApi(page.request, account, 'api/account-details/user-products')).toEqual([])
})

const SERIAL_REFUSALS = [
	['Z8A9999', 'SYSTEM-8 Plug-Out Synthesizer', 'We could not find this serial number for this hardware product.'],
	['A7B2345', 'JUPITER-X Synthesizer', 'This serial number has already been registered.'],
	['F6C4567', 'FANTOM-6 Synthesizer Keyboard', 'This serial number cannot be registered.'],
	['AB-12', 'TR-8S Rhythm Performer', 'This is not a valid serial number.'],
] as const

test('the Serial Number tab: not found, already registered, unable to register, invalid, each said on the form', async ({
	page,
	javaScript,
}) => {
	test.slow()
	const account = await signedIn(page)
	await page.goto('/cloud/entitlement-key/serial_number')
	for (const [serial, hardware, message] of SERIAL_REFUSALS) {
		expect(await register(page, 'serial_number', serial, hardware)).toBe(400)
		await expect(alert(page)).toContainText(message)
		await expect(page.getByLabel('Serial number', { exact: true })).toHaveValue(serial)
	}
	if (javaScript) await expectAccessible(page)
	expect(await cloudApi(page.request, account, 'api/account-details/user-products')).toEqual([])
})

test('a key activates: ThankYouKey shows what was registered and goes on to the allowed redirect; once only', async ({
	page,
	javaScript,
}, testInfo) => {
	test.slow()
	const account = await signedIn(page)
	const key = `RCLK-JUNO-${1000 + printRunIndex(testInfo)}-CARD`
	await page.goto('/cloud/entitlement-key/key?redirect=%2Fcloud%2Fmemberships')
	await register(page, 'key', key.toLowerCase(), 'SYSTEM-8 Plug-Out Synthesizer')
	await expect(page).toHaveURL('/cloud/thank-you')
	await expect(main(page).getByRole('heading', { name: 'Your registration is complete' })).toBeVisible()
	await expect(main(page)).toContainText(key)
	await expect(main(page)).toContainText('SYSTEM-8 Plug-Out Synthesizer')
	await expect(main(page).getByRole('listitem')).toHaveText(['JUNO-106', 'JUNO-60'])
	if (javaScript) await expectAccessible(page)
	const products = (await cloudApi(page.request, account, 'api/account-details/user-products')) as Array<{
		productId: string
		entitlementKey: string | null
	}>
	expect(products.map((p) => [p.productId, p.entitlementKey])).toEqual([
		['juno-106', key],
		['juno-60', key],
	])

	await main(page).getByRole('link', { name: 'Continue' }).click()
	await expect(page).toHaveURL('/cloud/memberships')

	// The receipt was shown once; a second registration of the key is refused.
	await page.goto('/cloud/thank-you')
	await expect(main(page).getByRole('heading', { name: 'Nothing to show' })).toBeVisible()
	await expect(main(page)).not.toContainText(key)
	await page.goto('/cloud/entitlement-key/key')
	expect(await register(page, 'key', key, 'SYSTEM-8 Plug-Out Synthesizer')).toBe(400)
	await expect(alert(page)).toHaveText('This key has already been registered. A key can be registered once only.')
})

test('a serial number registers; a redirect to another site is not offered', async ({ page, javaScript }, testInfo) => {
	test.slow()
	const account = await signedIn(page)
	const serial = `J08D${1000 + printRunIndex(testInfo)}`
	await page.goto('/cloud/entitlement-key/serial_number?redirect=https%3A%2F%2Fevil.example%2F')
	await register(page, 'serial_number', serial, 'JD-08 Sound Module')
	await expect(page).toHaveURL('/cloud/thank-you')
	await expect(main(page)).toContainText(serial)
	await expect(main(page)).toContainText('JD-08 Sound Module')
	await expect(main(page).getByRole('listitem')).toHaveText(['JD-800'])
	await expect(main(page).getByRole('link', { name: 'Continue' })).toHaveCount(0)
	await expect(main(page).locator('a[href*="evil.example"]')).toHaveCount(0)
	if (javaScript) await expectAccessible(page)
	const products = (await cloudApi(page.request, account, 'api/account-details/user-products')) as Array<{
		productId: string
		serialNumber: string | null
	}>
	expect(products.map((p) => [p.productId, p.serialNumber])).toEqual([['jd-800', serial]])
	await main(page).getByRole('link', { name: 'Go to your account' }).click()
	await expect(page).toHaveURL('/cloud/account')
})

test('Japanese: the outcome and the required messages in the catalogue', async ({ page }) => {
	await signedIn(page)
	await page.goto('/cloud/entitlement-key/key?culture_code=ja-JP')
	await main(page).getByRole('button', { name: 'キーを登録' }).click()
	await expect(main(page).getByText('キーを入力してください')).toBeVisible()
	await expect(main(page).getByText('ハードウェア製品を選択してください').last()).toBeVisible()
	await page.getByLabel('キー', { exact: true }).fill('RCLK-ZZZZ-9999-ZZZZ')
	await page.getByLabel('ハードウェア製品').selectOption('JD-08')
	await main(page).getByRole('button', { name: 'キーを登録' }).click()
	await expect(alert(page)).toHaveText(
		'このキーは見つかりませんでした。カードに印刷されているとおりに入力されているかご確認ください。',
	)
})
