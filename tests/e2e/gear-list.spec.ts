import type { Page } from '@playwright/test'
import { accountTest as test, createAccount, formPost, signIn, toast } from './account.ts'
import { expect, expectAccessible } from './fixtures.ts'
import {
	accountApiSession,
	gearCard,
	listedNames,
	registerProducts,
	registrationChanges,
	type Registration,
} from './gear.ts'

/**
 * The gear list (spec 1 §2 MyGear `my_gear`, §9: 12 per page, the four sorts), a registered
 * product's page with its purchase details to edit, and unregistering (spec 1 §4, §5, §8).
 */

/** Thirteen products the catalogue has (English names), each bought on its own day, one without a date. */
const THIRTEEN: (Registration & { name: string })[] = [
	{ slug: 'fp-30x', name: 'FP-30X Digital Piano', serialCode: 'LST0001', purchaseDate: '2023-03-14' },
	{ slug: 'fp-10', name: 'FP-10 Digital Piano', serialCode: 'LST0002', purchaseDate: '2019-07-01' },
	{ slug: 'hp704', name: 'HP704 Digital Piano', serialCode: 'LST0003', purchaseDate: '2024-01-20' },
	{ slug: 'lx708', name: 'LX708 Digital Piano', serialCode: 'LST0004', purchaseDate: '2021-11-05' },
	{ slug: 'rd-2000', name: 'RD-2000 Stage Piano', serialCode: 'LST0005', purchaseDate: null },
	{ slug: 'gp607', name: 'GP607 Digital Grand Piano', serialCode: 'LST0006', purchaseDate: '2018-02-28' },
	{ slug: 'juno-x', name: 'JUNO-X Synthesizer', serialCode: 'LST0007', purchaseDate: '2025-06-30' },
	{ slug: 'jupiter-x', name: 'JUPITER-X Synthesizer', serialCode: 'LST0008', purchaseDate: '2020-04-15' },
	{ slug: 'system-8', name: 'SYSTEM-8 Plug-Out Synthesizer', serialCode: 'LST0009', purchaseDate: '2016-09-09' },
	{ slug: 'jd-xi', name: 'JD-Xi Crossover Synthesizer', serialCode: 'LST0010', purchaseDate: '2022-08-08' },
	{ slug: 'gaia-2', name: 'GAIA 2 Synthesizer', serialCode: 'LST0011', purchaseDate: '2023-12-01' },
	{ slug: 'fr-8x', name: 'FR-8x V-Accordion', serialCode: 'LST0012', purchaseDate: '2017-05-17' },
	{ slug: 'e-x50', name: 'E-X50 Arranger Keyboard', serialCode: 'LST0013', purchaseDate: '2024-10-31' },
]

/** The orders each sort must show, written out (the one without a date last in both date orders). */
const BY_NAME = [
	'E-X50 Arranger Keyboard',
	'FP-10 Digital Piano',
	'FP-30X Digital Piano',
	'FR-8x V-Accordion',
	'GAIA 2 Synthesizer',
	'GP607 Digital Grand Piano',
	'HP704 Digital Piano',
	'JD-Xi Crossover Synthesizer',
	'JUNO-X Synthesizer',
	'JUPITER-X Synthesizer',
	'LX708 Digital Piano',
	'RD-2000 Stage Piano',
	'SYSTEM-8 Plug-Out Synthesizer',
]
const BY_DATE_ASC = [
	'SYSTEM-8 Plug-Out Synthesizer',
	'FR-8x V-Accordion',
	'GP607 Digital Grand Piano',
	'FP-10 Digital Piano',
	'JUPITER-X Synthesizer',
	'LX708 Digital Piano',
	'JD-Xi Crossover Synthesizer',
	'FP-30X Digital Piano',
	'GAIA 2 Synthesizer',
	'HP704 Digital Piano',
	'E-X50 Arranger Keyboard',
	'JUNO-X Synthesizer',
	'RD-2000 Stage Piano',
]
const EXPECTED_ORDERS = {
	productNameAsc: BY_NAME,
	productNameDesc: [...BY_NAME].reverse(),
	purchaseDateAsc: BY_DATE_ASC,
	purchaseDateDesc: [...BY_DATE_ASC.slice(0, -1)].reverse().concat('RD-2000 Stage Piano'),
} as const

const SORT_LABELS = {
	purchaseDateDesc: 'Purchase date (newest first)',
	purchaseDateAsc: 'Purchase date (oldest first)',
	productNameAsc: 'Product name (A to Z)',
	productNameDesc: 'Product name (Z to A)',
} as const

/** A new account signed in, with these products registered through the account API. */
async function ownerWith(page: Page, request: Parameters<typeof createAccount>[1], products: readonly Registration[]) {
	const account = await createAccount(page, request)
	const session = await accountApiSession(request, account.email, account.password)
	const registered = await registerProducts(request, session, products)
	await signIn(page, account.email, account.password)
	return { ...account, registered }
}

async function openList(page: Page, query = '') {
	await page.goto(`/gear/my_gear${query}`)
	await expect(page.getByRole('region', { name: /^(Your registered products|登録済みの製品)$/ })).toBeVisible()
}

test.describe('the gear list', () => {
	test('thirteen products paginate as 12 + 1 in each of the four sorts, each with its picture, brand, serial and date', async ({
		page,
		request,
		javaScript,
	}) => {
		// Forty pages and more, on two shared cores.
		test.setTimeout(120_000)
		await ownerWith(page, request, THIRTEEN)
		await openList(page)
		await expect(page.getByText('Products 1–12 of 13')).toBeVisible()
		if (javaScript) await expectAccessible(page)

		// The default order is the latest purchase first; the sort form changes it (a GET form: an address).
		await expect(listedNames(page)).toHaveText(EXPECTED_ORDERS.purchaseDateDesc.slice(0, 12))
		for (const sort of ['productNameAsc', 'productNameDesc', 'purchaseDateAsc', 'purchaseDateDesc'] as const) {
			await page.getByLabel('Sort by').selectOption({ label: SORT_LABELS[sort] })
			await page.getByRole('button', { name: 'Sort', exact: true }).click()
			await expect(page).toHaveURL(
				sort === 'purchaseDateDesc' ? /\/gear\/my_gear\?sort=purchaseDateDesc$/ : new RegExp(`sort=${sort}$`),
			)
			await expect(listedNames(page)).toHaveText(EXPECTED_ORDERS[sort].slice(0, 12))
			const pages = page.getByRole('navigation', { name: 'Pages' })
			await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
			await pages.getByRole('link', { name: 'Next page' }).click()
			// The default sort is left out of the address.
			await expect(page).toHaveURL(
				sort === 'purchaseDateDesc' ? /\/gear\/my_gear\?page=2$/ : new RegExp(`sort=${sort}&page=2$`),
			)
			await expect(listedNames(page)).toHaveText(EXPECTED_ORDERS[sort].slice(12))
			await expect(page.getByText('Products 13–13 of 13')).toBeVisible()
			await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
			await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0)
			await pages.getByRole('link', { name: 'Previous page' }).click()
			await expect(listedNames(page)).toHaveText(EXPECTED_ORDERS[sort].slice(0, 12))
		}

		// Each card: the product's picture (productImages, through the picture route), brand, serial, the date in
		// the culture's format, its links.
		const piano = gearCard(page, 'FP-30X Digital Piano')
		await expect(piano.locator('img')).toHaveAttribute(
			'src',
			/^\/img\?u=[^&]+%2FproductImages%2Ffp-30x%2Fthumbnail\.svg&/,
		)
		expect(await piano.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
			true,
		)
		await expect(piano).toContainText('Roland')
		await expect(piano).toContainText('LST0001')
		await expect(piano).toContainText('Mar 14, 2023')
		await expect(piano.getByRole('link', { name: 'Product information' })).toHaveAttribute('href', '/products/fp-30x')
		await expect(piano.getByRole('link', { name: 'Edit purchase details' })).toHaveAttribute(
			'href',
			/^\/gear\/my_gear\/[\w-]+#purchase-details$/,
		)
		await expect(piano.getByRole('link', { name: 'Unregister' })).toHaveAttribute(
			'href',
			/^\/gear\/my_gear\/[\w-]+\/unregister$/,
		)
		await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click()
		await expect(gearCard(page, 'RD-2000 Stage Piano')).toContainText('Not given')

		// The user's culture's date format, in Japanese.
		await openList(page, '?culture_code=ja-JP')
		await expect(gearCard(page, 'FP-30X Digital Piano')).toContainText('2023/03/14')
	})

	test('an empty list says so and leads to registering a product', async ({ page, request, javaScript }) => {
		await ownerWith(page, request, [])
		await openList(page)
		await expect(page.getByText('You have not registered any products yet.')).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0)
		if (javaScript) await expectAccessible(page)
		await page.getByRole('link', { name: 'Register your first product' }).click()
		await expect(page).toHaveURL('/gear/register_product')
	})

	test('a registration still pending says so, with a way to check it', async ({ page, request }) => {
		// td-27kv2 sits pending for 45 s in the emulated account API.
		const { registered } = await ownerWith(page, request, [
			{ slug: 'td-27kv2', serialCode: 'PND0001', purchaseDate: '2025-01-02' },
			{ slug: 'fp-10', serialCode: 'DNE0001', purchaseDate: '2025-01-01' },
		])
		await openList(page)
		const pending = gearCard(page, 'TD-27KV2 V-Drums Kit')
		await expect(pending).toContainText('Registration in progress: it usually completes in under a minute.')
		await expect(pending.getByRole('link', { name: 'Check the registration' })).toHaveAttribute(
			'href',
			`/gear/register_product/${registered[0]!.id}`,
		)
		await expect(gearCard(page, 'FP-10 Digital Piano')).not.toContainText('Registration in progress')
	})
})

test.describe('a registered product', () => {
	const PIANO: Registration = {
		slug: 'fp-30x',
		serialCode: 'EDT0001',
		purchaseDate: '2023-03-14',
		purchaseMethod: '1',
		purchaseDealer: 'Sweet Music Co.',
	}

	async function openFromList(page: Page) {
		await openList(page, '?culture_code=en-US')
		await gearCard(page, 'FP-30X Digital Piano').getByRole('link', { name: 'Edit purchase details' }).click()
		await expect(page.getByRole('heading', { name: 'FP-30X Digital Piano' })).toBeVisible()
		return page.getByRole('region', { name: 'Purchase details' })
	}

	async function save(page: Page) {
		const submitted = formPost(page, new URL(page.url()).pathname)
		await page.getByRole('button', { name: 'Save' }).click()
		return (await submitted).status()
	}

	test('shows what the registration holds; an edit sends only what changed, as a PUT on the registered product', async ({
		page,
		request,
		javaScript,
	}) => {
		test.setTimeout(60_000)
		const { email, registered } = await ownerWith(page, request, [PIANO])
		const form = await openFromList(page)
		const summary = page.getByRole('article', { name: 'FP-30X Digital Piano' })
		await expect(summary).toContainText('FP30X0')
		await expect(summary).toContainText('EDT0001')
		await expect(summary).toContainText('Mar 14, 2023')
		await expect(summary).toContainText('In a store')
		await expect(summary).toContainText('Sweet Music Co.')
		await expect(summary.locator('img')).toHaveAttribute('src', /^\/img\?u=[^&]+%2FproductImages%2Ffp-30x%2Fmain\.svg&/)
		await expect(form.getByLabel('Purchase date')).toHaveValue('2023-03-14')
		await expect(form.getByLabel('Purchase method')).toHaveValue('1')
		await expect(form.getByLabel('Dealer')).toHaveValue('Sweet Music Co.')
		if (javaScript) await expectAccessible(page)

		// The date alone.
		await form.getByLabel('Purchase date').fill('2023-04-01')
		expect([302, 202]).toContain(await save(page))
		await expect(toast(page)).toContainText('Updated.')
		await expect(summary).toContainText('Apr 1, 2023')
		await expect(form.getByLabel('Purchase date')).toHaveValue('2023-04-01')

		// The method and a dealer of the user's culture's stores, kept as the store's id and shown by its name.
		await form.getByLabel('Purchase method').selectOption({ label: 'Online' })
		await form.getByLabel('Dealer').fill('Harmony Hall Music')
		expect([302, 202]).toContain(await save(page))
		await expect(summary).toContainText('Online')
		await expect(summary).toContainText('Harmony Hall Music')
		await expect(form.getByLabel('Dealer')).toHaveValue('Harmony Hall Music')

		// Saved as it is: nothing to send.
		expect([302, 202]).toContain(await save(page))
		await expect(toast(page)).toContainText('Updated.')

		const changes = (await registrationChanges(request, email)).map(({ method, path: called, body }) => ({
			method,
			path: called.replace(/^\/account\/users\/[^/]+/, ''),
			body,
		}))
		expect(changes).toEqual([
			{ method: 'PUT', path: `/registeredProducts/${registered[0]!.id}`, body: { purchaseDate: '2023-04-01' } },
			{
				method: 'PUT',
				path: `/registeredProducts/${registered[0]!.id}`,
				body: { purchaseMethod: '2', purchaseDealer: '1001' },
			},
		])
	})

	test('a date in the future answers 400 saying so, the form as typed, and nothing sent', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email } = await ownerWith(page, request, [PIANO])
		const form = await openFromList(page)
		await form.getByLabel('Purchase date').fill('2099-01-01')
		await form.getByLabel('Purchase method').selectOption({ label: 'Secondhand' })
		await form.getByLabel('Dealer').fill('Corner Shop')
		expect(await save(page)).toBe(400)
		await expect(form.getByText('The purchase date can’t be in the future.')).toBeVisible()
		await expect(form.getByLabel('Purchase date')).toHaveValue('2099-01-01')
		await expect(form.getByLabel('Purchase date')).toHaveAttribute('aria-invalid', 'true')
		await expect(form.getByLabel('Purchase method')).toHaveValue('4')
		await expect(form.getByLabel('Dealer')).toHaveValue('Corner Shop')
		if (javaScript) await expectAccessible(page)
		expect(await registrationChanges(request, email)).toEqual([])
		// The registration is as it was.
		await page.reload()
		await expect(page.getByRole('article', { name: 'FP-30X Digital Piano' })).toContainText('Mar 14, 2023')
	})

	test('in Japanese, the same message in Japanese', async ({ page, request, javaScript }) => {
		test.skip(!javaScript, 'the message, once')
		await ownerWith(page, request, [PIANO])
		await openList(page, '?culture_code=ja-JP')
		await page.getByRole('link', { name: '購入情報を編集' }).click()
		await page.getByLabel('購入日').fill('2099-01-01')
		await page.getByRole('button', { name: '保存' }).click()
		await expect(page.getByText('購入日に未来の日付は指定できません。')).toBeVisible()
	})

	test('unregistering asks first; then the product is gone from the list with the ‘unregistered’ message', async ({
		page,
		request,
		javaScript,
	}) => {
		const { email, registered } = await ownerWith(page, request, [
			PIANO,
			{ slug: 'katana-50-mkii', serialCode: 'KEEP001', purchaseDate: '2024-06-02' },
		])
		await openList(page)
		await gearCard(page, 'FP-30X Digital Piano').getByRole('link', { name: 'Unregister' }).click()
		await expect(page).toHaveURL(`/gear/my_gear/${registered[0]!.id}/unregister`)
		await expect(page.getByRole('heading', { name: 'Unregister this product?' })).toBeVisible()
		await expect(page.getByText('FP-30X Digital Piano (serial number EDT0001) will be removed')).toBeVisible()
		if (javaScript) await expectAccessible(page)

		// Keeping it leaves it registered.
		await page.getByRole('link', { name: 'Keep it' }).click()
		await expect(page).toHaveURL(`/gear/my_gear/${registered[0]!.id}`)
		expect(await registrationChanges(request, email)).toEqual([])

		await page.getByRole('link', { name: 'Unregister' }).click()
		const submitted = formPost(page, `/gear/my_gear/${registered[0]!.id}/unregister`)
		await page.getByRole('button', { name: 'Unregister' }).click()
		expect([302, 202]).toContain((await submitted).status())
		await expect(page).toHaveURL('/gear/my_gear')
		await expect(toast(page)).toContainText('Unregistered.')
		await expect(listedNames(page)).toHaveText(['KATANA-50 MkII Amplifier'])
		const changes = await registrationChanges(request, email)
		expect(changes.map(({ method, path }) => `${method} ${path.replace(/^\/account\/users\/[^/]+/, '')}`)).toEqual([
			`DELETE /registeredProducts/${registered[0]!.id}`,
		])
		// Its page is gone too.
		const gone = await page.goto(`/gear/my_gear/${registered[0]!.id}`)
		expect(gone?.status()).toBe(404)
	})
})
