import { SUPPORT_TABS } from '../../app/domain/screens.ts'
import { fieldsOf, partFieldName, SUPPORT_FORMS, type SupportTab } from '../../app/domain/support-fields.ts'
import { accountTest, formAnswered, formPost } from './account.ts'
import { hydrated } from './accessibility.ts'
import { ticketsFor } from './emulator.ts'
import { expect, expectAccessible } from './fixtures.ts'
import {
	emptyAll,
	english,
	EXPECTED_SUBJECTS,
	EXPECTED_TAGS,
	fillValid,
	makeSupportAccount,
	type SupportAccount,
} from './support.ts'

/**
 * The support forms (spec 1 §2, §3, §5, §9; spec 2 §3, §9): each of the sixteen sent once empty
 * (400, every message on its field, what was typed kept) and once with valid answers (the
 * reference on the page, and the ticket the help centre received: subject, tags, sections). One
 * account per worker, made through the emulated API, keeps the suite quick.
 */
const test = accountTest.extend<object, { supportAccount: SupportAccount }>({
	supportAccount: [
		async ({ playwright, portal }, use) => {
			const request = await playwright.request.newContext({ baseURL: portal.url })
			await use(await makeSupportAccount(request))
			await request.dispose()
		},
		{ scope: 'worker' },
	],
	storageState: async ({ supportAccount }, use) => use(supportAccount.storageState),
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function send(page: import('@playwright/test').Page, tab: SupportTab) {
	const posted = formPost(page, `/support/${tab}`)
	await page.getByRole('button', { name: 'Send', exact: true }).click()
	return posted
}

for (const tab of SUPPORT_TABS) {
	test(`${tab}: refused empty with every message on its field, then sent and received`, async ({
		page,
		request,
		supportAccount,
	}) => {
		const form = SUPPORT_FORMS[tab]
		await page.goto(`/support/${tab}`)
		// Any form's address opens it, whichever brand group the portal shows in its tab bar.
		await expect(
			page.getByRole('navigation', { name: 'Sections of this page' }).locator('[aria-current="page"]'),
		).toHaveAttribute('href', `/support/${tab}`)
		await expect(page.getByText('We answer within 48 working hours.')).toBeVisible()
		await expect(page.getByText('Office hours: Mon–Thu 9am–5pm, Fri 9am–4:30pm.')).toBeVisible()
		// The account's name and email are there already.
		await expect(page.locator('[name="name"]')).toHaveValue(supportAccount.name)
		await expect(page.locator('[name="email"]')).toHaveValue(supportAccount.email)

		await emptyAll(page, tab)
		const fields = fieldsOf(form, false)
		const kept = fields.find((field) => !field.required && !field.rule && field.kind !== 'select')
		if (kept) await page.locator(`main [name="${kept.name}"]`).fill('Words to keep')
		expect((await send(page, tab)).status()).toBe(400)
		for (const field of fields.filter((f) => f.required)) {
			const control = page.locator(`main [name="${field.name}"]`)
			await expect(control, field.name).toHaveAttribute('aria-invalid', 'true')
			await expect(control, field.name).toHaveAccessibleDescription(new RegExp(escape(english(field.requiredKey!))))
		}
		if (kept) await expect(page.locator(`main [name="${kept.name}"]`)).toHaveValue('Words to keep')

		await fillValid(page, tab)
		await page.locator('[name="email"]').fill(supportAccount.email)
		expect((await send(page, tab)).status()).toBeLessThan(400)
		await expect(page).toHaveURL(new RegExp(`/support/${tab}\\?sent=`))
		const reference = new URL(page.url()).searchParams.get('sent')!
		const status = page.getByRole('status').filter({ hasText: reference })
		await expect(status).toBeVisible()
		await expect(status).toContainText(
			new URL(page.url()).searchParams.get('kept') ? 'We have your request' : 'You have sent successfully.',
		)

		// Delivery may finish after the page answered (the outbox, ADR 0020): wait for the help centre to have it.
		await expect
			.poll(async () => (await ticketsFor(request, supportAccount.email)).map((t) => t.subject))
			.toContain(EXPECTED_SUBJECTS[tab])
		const ticket = (await ticketsFor(request, supportAccount.email)).find((t) => t.subject === EXPECTED_SUBJECTS[tab])!
		expect(ticket.tags).toEqual(EXPECTED_TAGS[tab])
		expect(ticket.type).toBe(form.kind === 'serviceRequest' ? 'service_request' : 'question')
		expect(ticket.requester.email.toLowerCase()).toBe(supportAccount.email.toLowerCase())
		expect(ticket.commentBody).toMatch(/^Product Information\n[\s\S]*\n\nContact Information\n[\s\S]*\nQuestion:\n/)
		expect(ticket.commentBody).toContain('Name: Robin Drummer')
	})
}

test('a registered product is the product choice, with its serial and purchase date', async ({
	page,
	request,
	supportAccount,
	javaScript,
}) => {
	await page.goto('/support/service_request')
	// With JavaScript the journey is choosing a registration filling its details at once, which the page's
	// scripts do: they start after the first paint (ADR 0062), so the choices wait for them.
	await hydrated(page, javaScript)
	const product = page.locator('[name="product"]')
	await expect(product).toHaveValue(`registered:${supportAccount.registeredProductId}`)
	await expect(product.locator('option:checked')).toHaveText('DS-1 Distortion (SUP0001)')
	await expect(page.locator('[name="serialCode"]')).toHaveValue('SUP0001')
	await expect(page.locator('[name="purchaseDate"]')).toHaveValue('2022-03-04')
	await expect(page.locator('[name="phone"]')).toHaveValue('(512) 555-0143')
	await expect(page.locator('[name="addressLine1"]')).toHaveValue('10 Drum Lane')
	await expect(page.locator('[name="postalCode"]')).toHaveValue('78701')
	// Another product chosen, then the registration again: its details come back with one press.
	await product.selectOption('fp-30x')
	await page.locator('[name="serialCode"]').fill('')
	// Each press's answer re-renders the form: choosing or typing before it is on the page would be undone.
	const filled = formAnswered(page, '/support/service_request', javaScript)
	await page.getByRole('button', { name: "Use my product's details" }).click()
	await filled
	await expect(page.locator('[name="serialCode"]')).toHaveValue('')
	await product.selectOption(`registered:${supportAccount.registeredProductId}`)
	const refilled = formAnswered(page, '/support/service_request', javaScript)
	await page.getByRole('button', { name: "Use my product's details" }).click()
	await refilled
	await expect(page.locator('[name="serialCode"]')).toHaveValue('SUP0001')
	await expect(page.locator('[name="phone"]')).toHaveValue('(512) 555-0143')
	// Editable: another serial is sent as typed.
	await page.locator('[name="serialCode"]').fill('SUP0009')
	await page.locator('[name="question"]').fill('The pedal crackles.')
	expect((await send(page, 'service_request')).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/\?sent=/)
	await expect
		.poll(async () => (await ticketsFor(request, supportAccount.email)).map((t) => t.subject))
		.toContain('BOSS Service Request')
	const ticket = (await ticketsFor(request, supportAccount.email)).find((t) => t.subject === 'BOSS Service Request')!
	expect(ticket.tags).toEqual(['service_request', 'boss_service_request'])
	expect(ticket.commentBody).toContain('Product: DS-1 Distortion\nSerial number: SUP0009\nPurchase date: 2022-03-04')
})

test('the state or province is shown and sent by its name, not its code', async ({ page, request, supportAccount }) => {
	// The account's record keeps the state as a code ('TX'); the form and the ticket name it.
	await page.goto('/support/service_request')
	await expect(page.locator('[name="stateProvince"]')).toHaveValue('Texas')
	await page.locator('[name="question"]').fill('Which state do you see?')
	expect((await send(page, 'service_request')).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/\?sent=/)
	const mine = async () =>
		(await ticketsFor(request, supportAccount.email)).find((t) => t.commentBody.includes('Which state'))
	await expect.poll(mine).toBeTruthy()
	expect((await mine())!.commentBody).toContain('State: Texas')
})

test('choosing a registered product fills its serial and purchase date, and the ticket has them', async ({
	page,
	request,
	supportAccount,
	javaScript,
}) => {
	await page.goto('/support/product_aftercare')
	// The journey is the page's script filling the details on a choice: it waits for the script.
	await hydrated(page, javaScript)
	const product = page.locator('[name="product"]')
	const serial = page.locator('[name="serialCode"]')
	const purchaseDate = page.locator('[name="purchaseDate"]')
	await product.selectOption('fp-30x')
	await serial.fill('')
	await purchaseDate.fill('')
	await product.selectOption(`registered:${supportAccount.registeredProductId}`)
	// With JavaScript the choice fills them; without, the button beside the choice does.
	if (!javaScript) await page.getByRole('button', { name: "Use my product's details" }).click()
	await expect(serial).toHaveValue('SUP0001')
	await expect(purchaseDate).toHaveValue('2022-03-04')
	await expect(product).toHaveValue(`registered:${supportAccount.registeredProductId}`)
	await page.locator('[name="subject"]').fill('Care of my pedal')
	await page.locator('[name="question"]').fill('How do I clean the chosen pedal?')
	expect((await send(page, 'product_aftercare')).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/\?sent=/)
	const mine = async () =>
		(await ticketsFor(request, supportAccount.email)).find((t) => t.commentBody.includes('clean the chosen pedal'))
	await expect.poll(mine).toBeTruthy()
	expect((await mine())!.commentBody).toContain(
		'Product: DS-1 Distortion\nSerial number: SUP0001\nPurchase date: 2022-03-04',
	)
})

test('after a request is sent the form starts afresh; a double press files one ticket', async ({
	page,
	request,
	supportAccount,
	javaScript,
}) => {
	await page.goto('/support/product_support')
	await page.locator('[name="product"]').selectOption('fp-30x')
	await page.locator('[name="subject"]').fill('Pressed twice')
	await page.locator('[name="question"]').fill('Does a double press send this once?')
	// A slow line: the portal's answer takes a second to come back, so the second press falls while the first is out.
	if (javaScript)
		await page.route(/\/support\/product_support(\.data)?(\?.*)?$/, async (route) => {
			if (route.request().method() !== 'POST') return route.continue()
			const response = await route.fetch({ maxRedirects: 0 })
			await new Promise((resolve) => setTimeout(resolve, 1_000))
			await route.fulfill({ response })
		})
	const posted = formPost(page, '/support/product_support')
	const sendButton = page.getByRole('button', { name: 'Send', exact: true })
	// With JavaScript a second press while the first is on its way (forced past the busy button, as a hurried hand
	// is); without, the browser itself would send the form anew, which this change does not cover: one press.
	if (javaScript) {
		await sendButton.click()
		await sendButton.click({ force: true })
	} else await sendButton.click()
	expect((await posted).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/\?sent=/)
	const reference = new URL(page.url()).searchParams.get('sent')!
	await expect(page.getByRole('status').filter({ hasText: reference })).toBeVisible()
	await expect(page.locator('[name="subject"]')).toHaveValue('')
	await expect(page.locator('[name="question"]')).toHaveValue('')
	await expect(page.locator('[name="product"]')).not.toHaveValue('fp-30x')

	const mine = async () =>
		(await ticketsFor(request, supportAccount.email)).filter((t) => t.commentBody.includes('double press send'))
	await expect.poll(async () => (await mine()).length).toBeGreaterThan(0)
	// A second post, had it gone, is delivered moments later: give it the time.
	await page.waitForTimeout(2_000)
	expect(await mine()).toHaveLength(1)
})

test('parts: "Add part" adds a row with everything kept, up to three; a fourth is refused', async ({ page }) => {
	await page.goto('/support/parts_order_request')
	await expect(page.getByText('Parts orders are acknowledged within 72 hours.')).toBeVisible()
	await expect(page.getByText('Some parts are for authorised service centres only')).toBeVisible()
	await page.locator(`main [name="${partFieldName(0, 'description')}"]`).fill('Pedal spring')
	await page.locator('[name="question"]').fill('Urgent, please')
	const addPart = page.getByRole('button', { name: 'Add part' })
	await addPart.click()
	await expect(page.locator(`main [name="${partFieldName(1, 'description')}"]`)).toBeVisible()
	await expect(page.locator(`main [name="${partFieldName(0, 'description')}"]`)).toHaveValue('Pedal spring')
	await expect(page.locator('[name="question"]')).toHaveValue('Urgent, please')
	await page.locator(`main [name="${partFieldName(1, 'description')}"]`).fill('Felt beater')
	await addPart.click()
	await expect(page.locator(`main [name="${partFieldName(2, 'description')}"]`)).toBeVisible()
	await expect(page.locator(`main [name="${partFieldName(1, 'description')}"]`)).toHaveValue('Felt beater')
	await expect(addPart).toHaveCount(0)
	await expect(page.getByText('Up to 3 parts can be ordered in one request.')).toBeVisible()

	// A fourth part, posted as a crafted form would: refused, with the spec's limit said.
	const body: Record<string, string> = {
		intent: 'send',
		name: 'Sam',
		email: 'sam@example.com',
		phone: '(512) 555-0143',
	}
	for (let index = 0; index < 4; index++) {
		body[partFieldName(index, 'description')] = `Part ${index + 1}`
		body[partFieldName(index, 'quantity')] = '1'
	}
	const refused = await page.request.post('/support/parts_order_request', { form: body })
	expect(refused.status()).toBe(400)
	expect(await refused.text()).toContain('Up to 3 parts can be ordered in one request.')
})

test('ja-JP: the Japanese address order and the extra purchase fields', async ({ page }) => {
	await page.goto('/support/service_request?culture_code=ja-JP')
	const names = await page.locator('main form [name]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('name')))
	const address = names.filter((name) =>
		['postalCode', 'stateProvince', 'city', 'addressLine1', 'addressLine2', 'addressLine3'].includes(name ?? ''),
	)
	expect(address).toEqual(['postalCode', 'stateProvince', 'city', 'addressLine1', 'addressLine2', 'addressLine3'])
	await expect(page.getByLabel('保証書')).toBeVisible()
	await expect(page.getByLabel('購入店の所在地')).toBeVisible()
	await page.goto('/support/service_request?culture_code=en-US')
	const western = await page
		.locator('main form [name]')
		.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('name')))
	expect(western.indexOf('addressLine1')).toBeLessThan(western.indexOf('postalCode'))
	expect(western).not.toContain('warrantyCard')
})

/** A PNG's first bytes and a little more: enough to be one by its content. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3])
/** A Windows program's first bytes. */
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])

test('an attachment arrives with the ticket; a program renamed .png is refused, the form kept', async ({
	page,
	request,
	supportAccount,
}) => {
	await page.goto('/support/product_repair')
	await fillValid(page, 'product_repair')
	await page.locator('[name="question"]').fill('Dropped it: see the photo.')
	const files = page.locator('[name="attachments"]')
	await files.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: EXE })
	expect((await send(page, 'product_repair')).status()).toBe(400)
	await expect(files).toHaveAccessibleDescription(
		/Attachments must be images \(JPEG, PNG, GIF, WebP, HEIC\) or PDF files\./,
	)
	await expect(page.locator('[name="question"]')).toHaveValue('Dropped it: see the photo.')
	await expect(page.locator('[name="city"]')).toHaveValue('San Francisco')

	await files.setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PNG })
	expect((await send(page, 'product_repair')).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/\?sent=/)
	await expect
		.poll(async () =>
			(await ticketsFor(request, supportAccount.email)).find((t) => t.commentBody.includes('Dropped it')),
		)
		.toBeTruthy()
	const ticket = (await ticketsFor(request, supportAccount.email)).find((t) => t.commentBody.includes('Dropped it'))!
	expect(ticket.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size }))).toEqual([
		{ filename: 'damage.png', contentType: 'image/png', size: PNG.length },
	])
	expect(ticket.commentBody).toContain('Attachments: damage.png')
})

test('an upload over the limit is told, not a crash; other forms keep the 64 KB limit', async ({ page }) => {
	await page.goto('/support')
	const big = Buffer.alloc(32 * 1024 * 1024, 0x41)
	const tooLarge = await page.request.post('/support/service_request', {
		multipart: { intent: 'send', attachments: { name: 'big.png', mimeType: 'image/png', buffer: big } },
	})
	expect(tooLarge.status()).toBe(413)
	expect(await tooLarge.text()).toContain('This form is too large to send.')
	const form = await page.request.post('/support/order_status', {
		multipart: { intent: 'send', question: 'x'.repeat(70 * 1024) },
	})
	expect(form.status()).toBe(413)
})

test('/support opens the first tab: its form sends from there, and the recent requests follow it', async ({
	page,
	javaScript,
}) => {
	await page.goto('/support')
	const tabs = page.getByRole('navigation', { name: 'Sections of this page' })
	// Spec 1 §2: the first tab selected; the drum theme is the default, so its first form.
	await expect(tabs.locator('[aria-current="page"]')).toHaveAttribute('href', '/support/dw_product_support')
	await expect(page.getByRole('heading', { level: 2, name: 'Product Support' })).toBeVisible()
	await expect(page.getByText('We answer within 48 working hours.')).toBeVisible()
	await fillValid(page, 'dw_product_support')
	expect((await send(page, 'dw_product_support')).status()).toBeLessThan(400)
	await expect(page).toHaveURL(/^[^?]*\/support\/dw_product_support\?sent=/)
	const reference = new URL(page.url()).searchParams.get('sent')!
	// A request sent is listed with its reference, form, date and whether it is delivered (the outbox's record).
	await page.goto('/support')
	const recent = page.getByRole('region', { name: 'Your recent requests' })
	const row = recent.getByRole('row').filter({ hasText: reference })
	await expect(row.getByRole('cell').nth(1)).toHaveText('Product Support')
	await expect(row.getByRole('cell').nth(2)).toHaveText(/\d{4}/)
	await expect(row.getByRole('cell').nth(3)).toHaveText(/^(Delivered|Waiting to be delivered)$/)
	if (javaScript) await expectAccessible(page)
	// Another theme's group: its own first form.
	await page.goto('/support?theme=main')
	await expect(tabs.locator('[aria-current="page"]')).toHaveAttribute('href', '/support/service_request')
	await expect(page.getByRole('heading', { level: 2, name: 'Service Request' })).toBeVisible()
})

test('a form with its errors is accessible', async ({ page, javaScript }) => {
	test.skip(!javaScript, 'axe runs its script in the page')
	await page.goto('/support/service_request')
	await emptyAll(page, 'service_request')
	expect((await send(page, 'service_request')).status()).toBe(400)
	await expectAccessible(page)
})
