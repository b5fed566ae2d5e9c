import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../redis-server.ts'
import { DEMO, signIn, uniqueEmail } from './account.ts'
import { ticketsFor } from './emulator.ts'
import { expect, test } from './fixtures.ts'
import { startSecondPortal, type SecondPortal } from './second-portal.ts'

/**
 * The outage journey of issue 12: the help centre fails, a support request is sent, the page says it
 * is kept; the portal process is then killed (SIGKILL) and started again; the fault is cleared; the
 * help centre receives exactly one ticket. The portal here is a second one, spawned by the test with
 * its own data directory and port, on this suite's emulator (as it would be on real upstreams), so
 * the test can kill it. Faults touch every request to the path: a clock journey.
 */
test.describe.configure({ mode: 'serial' })

/** Quick retries, so the journey does not wait minutes for the back-off. */
const QUICK_RETRIES = { SUPPORT_RETRY_BASE_MS: '500', SUPPORT_RETRY_MAX_MS: '2000' }

let dataDir: string
let portal: SecondPortal | undefined

test.beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-e2e-'))
})

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults')
	portal?.process.kill('SIGKILL')
	await portal?.exited
	portal = undefined
	rmSync(dataDir, { recursive: true, force: true })
})

test('the help centre down: a support request is kept across a portal crash and arrives once it is back', async ({
	browser,
	javaScript,
	request,
	baseURL,
}) => {
	test.setTimeout(90_000)
	const port = await freePort()
	portal = await startSecondPortal({ emulatorOf: baseURL!, port, dataDir, env: QUICK_RETRIES })
	const context = await browser.newContext({ baseURL: portal.url, javaScriptEnabled: javaScript })
	const page = await context.newPage()
	await signIn(page, DEMO.customer.email, DEMO.customer.password)

	const email = uniqueEmail('outage')
	const fault = await request.post('/_emulator/faults', {
		data: { path: '/account/zendesk/request', mode: 'status', status: 503 },
	})
	expect(fault.ok()).toBe(true)
	await page.goto('/support/order_status')
	await page.getByLabel('Order number').fill('ORD-4711')
	await page.getByLabel('Name').fill('Alex Owner')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send' }).click()
	const status = page.getByRole('main').getByRole('status')
	await expect(status).toContainText(/We have your request \(reference SR-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\)/)
	await expect(status).toContainText('You do not need to send it again.')
	const reference = /reference (SR-[0-9A-Z-]+)\)/.exec((await status.textContent()) ?? '')![1]!
	// A signed-in customer's tickets name the account (ADR 0009): this one is told by its reference.
	const delivered = async () =>
		(await ticketsFor(request, DEMO.customer.email)).filter((ticket) => ticket.idempotencyKey === reference)
	expect(await delivered()).toEqual([])

	// The portal dies without a chance to finish anything, and comes back on the same data.
	portal.process.kill('SIGKILL')
	await portal.exited
	portal = await startSecondPortal({ emulatorOf: baseURL!, port, dataDir, env: QUICK_RETRIES })
	await request.delete('/_emulator/faults')

	await expect
		.poll(async () => (await delivered()).map((t) => t.idempotencyKey), { timeout: 45_000 })
		.toEqual([reference])
	const [ticket] = await delivered()
	expect(ticket!.tags).toContain('order_status')
	expect(ticket!.commentBody).toContain('ORD-4711')
	// No second ticket from a late retry.
	await new Promise((resolve) => setTimeout(resolve, 3000))
	expect(await delivered()).toHaveLength(1)
	expect(ticket!.commentBody).toContain(email)

	// The customer's list at /support says so, from the outbox.
	await page.goto('/support')
	await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible()
	await context.close()
})
