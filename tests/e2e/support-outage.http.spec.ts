/**
 * Found by the fault matrix (ADR 0052): a support form sent while the account API is down came back
 * as an error page, and what the customer wrote was lost. Now the form comes back as typed, with a
 * 503 and 'Please try again in a moment.', to be sent again.
 */
import { EMULATOR_ADMIN_HEADERS } from './emulator.ts'
import { fillForm, formBody, postFormsOf, TRY_AGAIN } from './fault-matrix.ts'
import { DEMO } from './demo-accounts.ts'
import { expect, inHtml, test } from './fixtures.ts'

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS })
})

test('a support request sent while the account API is down keeps what was written, with a 503', async ({
	playwright,
	baseURL,
	demoSessions,
	request,
}) => {
	const signedIn = await playwright.request.newContext({ baseURL, storageState: await demoSessions('customer') })
	const page = await signedIn.get('/support/product_support')
	expect(page.status()).toBe(200)
	const [form] = postFormsOf(await page.text(), '/support/product_support')
	const send = form!.buttons.find((button) => button.value === 'send')
	const { entries, typed } = fillForm(form!, send, DEMO.customer)
	expect(typed.length).toBeGreaterThan(0)
	const { body, contentType } = await formBody(form!, entries)

	const fault = await request.post('/_emulator/faults', {
		headers: EMULATOR_ADMIN_HEADERS,
		data: { path: '/account/me', method: 'GET', mode: 'status', status: 503 },
	})
	expect(fault.ok()).toBe(true)
	const answer = await signedIn.post(form!.action, {
		headers: { 'Content-Type': contentType, Origin: new URL(baseURL!).origin },
		data: body,
		maxRedirects: 0,
	})
	expect(answer.status()).toBe(503)
	const html = (await answer.text()).replaceAll('<!-- -->', '')
	expect(html).toContain(TRY_AGAIN)
	for (const text of typed) expect(html).toContain(inHtml(text))
	await signedIn.dispose()
})
