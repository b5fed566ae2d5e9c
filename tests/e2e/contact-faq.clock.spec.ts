import { DEMO, signIn, uniqueEmail } from './account.ts'
import { ticketsFor } from './emulator.ts'
import { expect, test } from './fixtures.ts'

/**
 * The contact and FAQ screens when the help centre fails (faults injected at the emulator, which
 * touch every request to the path: these run with the clock journeys, one at a time).
 */
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
})

/**
 * An article per project: the journey reads its article once the help centre is back, which the portal
 * then keeps (30 minutes stale), so the next project's run would be served the kept copy.
 */
const ARTICLES = {
	js: { id: '360001000013', title: 'Resetting a BOSS effects pedal to factory settings' },
	noJs: { id: '360001000012', title: 'Connecting a digital piano to an app over Bluetooth' },
}

test('the help centre failing: the FAQ search and an article say so with a 503, inside the portal', async ({
	page,
	request,
	javaScript,
}) => {
	const chosen = javaScript ? ARTICLES.js : ARTICLES.noJs
	await signIn(page, DEMO.customer.email, DEMO.customer.password)
	await request.post('/_emulator/faults', { data: { path: '/account/zendesk/articles', mode: 'status', status: 503 } })
	// Words and an article no other journey asks for, so nothing of them is in the portal's cache.
	const words = `synth ${Date.now().toString(36)}`
	const search = await page.goto(`/cloud/faq?q=${encodeURIComponent(words)}`)
	expect(search?.status()).toBe(503)
	await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please try again in a moment.')
	await expect(page.getByLabel('Search for')).toHaveValue(words)

	const article = await page.goto(`/cloud/faq/${chosen.id}`)
	expect(article?.status()).toBe(503)
	await expect(page.getByRole('heading', { name: 'Help articles are not available' })).toBeVisible()
	await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please try again in a moment.')

	await request.delete('/_emulator/faults')
	await page.reload()
	await expect(page.getByRole('heading', { name: chosen.title })).toBeVisible()
})

test('the help centre failing: Contact us says the request is kept, and it arrives once the help centre is back', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('kept')
	await request.post('/_emulator/faults', { data: { path: '/account/zendesk/request', mode: 'status', status: 503 } })
	await page.goto('/contact-us')
	await page.getByLabel('Contact name').fill('Kim Patient')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Subject').selectOption({ label: 'Specific issue' })
	await page.getByLabel('Details').fill('The sound pack will not download.')
	await page.getByRole('button', { name: 'Send' }).click()
	const status = page.getByRole('main').getByRole('status')
	await expect(status).toContainText(/We have your request \(reference \S+\); the help centre is slow to answer/)
	await expect(status).toContainText('You do not need to send it again.')
	expect(await ticketsFor(request, email)).toHaveLength(0)

	await request.delete('/_emulator/faults')
	await expect.poll(async () => (await ticketsFor(request, email)).length, { timeout: 30_000 }).toBe(1)
	await page.reload()
	await expect(page.getByRole('main').getByRole('status')).toContainText('We have your request')
	expect(await ticketsFor(request, email)).toHaveLength(1)
})
