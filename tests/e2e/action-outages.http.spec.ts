/**
 * Found by the fault matrix (ADR 0052): four actions answered an error page when a read before or
 * after the post failed — what the customer typed lost, and on the cloud screens 'Exception error
 * occurred.'. Each now answers the form as typed (or the page it was on) with a 503 and the spec's
 * outage message, and the page after the post renders without the data the outage took.
 *
 * Posted as a browser without JavaScript does (the loaders run again after the post), through the
 * fault matrix's own visitor (any Host, so the cloud theme's screens are reached as themselves).
 */
import { EMULATOR_ADMIN_HEADERS, visitorAddress } from './emulator.ts'
import { fillForm, formBody, postFormsOf, TRY_AGAIN, Visitor, type Answer } from './fault-matrix.ts'
import { DEMO, type DemoSignIn } from './demo-accounts.ts'
import { expect, inHtml, test } from './fixtures.ts'

test.afterEach(async ({ request }) => {
	await request.delete('/_emulator/faults', { headers: EMULATOR_ADMIN_HEADERS })
})

async function signedIn(baseURL: string, who: DemoSignIn) {
	const visitor = new Visitor(baseURL, visitorAddress())
	const { email, password } = DEMO[who]
	const answer = await visitor.request('POST', '/login', {
		body: Buffer.from(new URLSearchParams({ email, password }).toString()),
	})
	expect(answer.status, `the demo ${who} signs in`).toBe(302)
	return visitor
}

/**
 * Opens `page`, fills its post form with the button (or hidden intent) `choice`, `change`s some
 * values, fails `faultPath` upstream with a 503 and posts. Answers the post and what was typed.
 */
async function postUnderOutage(
	options: {
		visitor: Visitor
		/** Who opens the page, when not the one who posts: the poster's few seconds' copy of the record stays empty. */
		opener?: Visitor
		host: string
		page: string
		choice: string
		faultPath: string
		change?: Record<string, string>
	},
	request: import('@playwright/test').APIRequestContext,
): Promise<{ answer: Answer; html: string; typed: string[] }> {
	const { visitor, host, page, choice } = options
	const opened = await (options.opener ?? visitor).request('GET', page, { host })
	expect(opened.status, `${page} opens`).toBe(200)
	const form = postFormsOf(opened.body, page).find(
		(f) => f.buttons.some((b) => b.value === choice) || f.fields.some((field) => field.value === choice),
	)
	expect(form, `${page} has a form that posts ${choice}`).toBeDefined()
	const button = form!.buttons.find((b) => b.value === choice)
	const filled = fillForm(form!, button, DEMO.customer)
	const change = options.change ?? {}
	const entries = filled.entries.map(([name, value]): [string, string] => [name, change[name] ?? value])
	const { body, contentType } = await formBody(form!, entries)
	const fault = await request.post('/_emulator/faults', {
		headers: EMULATOR_ADMIN_HEADERS,
		data: { path: options.faultPath, mode: 'status', status: 503 },
	})
	expect(fault.ok()).toBe(true)
	const answer = await visitor.request('POST', form!.action, { host, body, contentType })
	return {
		answer,
		html: answer.body.replaceAll('<!-- -->', ''),
		typed: [...filled.typed, ...Object.values(change)],
	}
}

test('the profile saved while the account record cannot be read keeps what was typed, with a 503', async ({
	baseURL,
	request,
}) => {
	const visitor = await signedIn(baseURL!, 'customer')
	const { answer, html, typed } = await postUnderOutage(
		{
			visitor,
			// The page after the post reads the record too (not from a copy kept by opening the form).
			opener: await signedIn(baseURL!, 'customer'),
			host: 'localhost',
			page: '/settings/profile',
			choice: 'save',
			faultPath: '/account/me',
			change: { city: 'Outage Springs', addressLine1: '23 Fault Lane' },
		},
		request,
	)
	expect(answer.status).toBe(503)
	expect(html).toContain(TRY_AGAIN)
	expect(html).not.toContain('Exception error occurred.')
	expect(html).toContain('action="/settings/profile"')
	for (const text of typed) expect(html).toContain(`value="${inHtml(text)}"`)
})

test('the cancellation review while the subscriptions cannot be read keeps the reason typed, with a 503', async ({
	baseURL,
	request,
}) => {
	const visitor = await signedIn(baseURL!, 'cloudMember')
	const { answer, html, typed } = await postUnderOutage(
		{
			visitor,
			host: 'cloud.localhost',
			page: '/cloud/account/cancel/sub_demo_member_pro',
			choice: 'review',
			faultPath: '/cloud/api/account-details/user-subscriptions',
		},
		request,
	)
	expect(answer.status).toBe(503)
	expect(html).toContain(TRY_AGAIN)
	expect(html).not.toContain('Exception error occurred.')
	expect(typed.length).toBeGreaterThan(0)
	for (const text of typed) expect(html).toContain(inHtml(text))
	// The reason chosen is still chosen.
	expect(html).toMatch(/name="reason" checked="" value="[^"]+"/)
})

test('the payment-information button while the processor cannot be reached says to try again, with a 503', async ({
	baseURL,
	request,
}) => {
	const visitor = await signedIn(baseURL!, 'cloudMember')
	const { answer, html } = await postUnderOutage(
		{
			visitor,
			host: 'cloud.localhost',
			page: '/cloud/account',
			choice: 'payment-information',
			faultPath: '/cloud/api/Processors/payment-information',
		},
		request,
	)
	expect(answer.status).toBe(503)
	expect(html).toContain(TRY_AGAIN)
	expect(html).not.toContain('Exception error occurred.')
	// The account page, not an error page in its place.
	expect(html).toContain('id="subscriptions-title"')
})

test('a plan chosen while the subscriptions cannot be read says to try again on the plans page, with a 503', async ({
	baseURL,
	request,
}) => {
	const visitor = await signedIn(baseURL!, 'cloudMember')
	const { answer, html } = await postUnderOutage(
		{
			visitor,
			host: 'cloud.localhost',
			page: '/cloud/memberships/monthly',
			choice: 'buy',
			faultPath: '/cloud/api/account-details/user-subscriptions',
		},
		request,
	)
	expect(answer.status).toBe(503)
	expect(html).toContain(TRY_AGAIN)
	expect(html).not.toContain('Exception error occurred.')
	// The plans page, without the member's calls to action the outage took, not an error page.
	expect(html).toContain('id="plans-title"')
	expect(html).toContain('data-cta="unavailable"')
})
