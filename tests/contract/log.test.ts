import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { StoredLogEventsSchema } from '#app/upstream/contract/log.ts'
import { DEMO_ACCOUNTS } from '#server/emulator/demo.ts'
import { startEmulator, type RunningEmulator } from './emulator.ts'

let emu: RunningEmulator
let log: typeof import('#app/upstream/log.server.ts')

beforeAll(async () => {
	emu = await startEmulator()
	log = await import('#app/upstream/log.server.ts')
})
afterEach(async () => {
	vi.restoreAllMocks()
	await emu.clearFaults()
})
afterAll(() => emu.stop())

const { customer, cloudMember } = DEMO_ACCOUNTS
const UUID_MASK = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'

const base = {
	pageTitle: 'My Gear',
	pagePath: '/gear',
	pageHash: '',
	cultureCode: 'en-US',
	brand: 'MAIN',
}

async function idTokenOf(account: { id: string; email: string }) {
	return (await emu.emulator.context().tokens.issue({ id: account.id, email: account.email, emailVerified: true }))
		.idToken
}

/** The emulator's admin read of stored events. */
async function stored(service: string, userId?: string) {
	const query = new URLSearchParams({ service, ...(userId ? { userId } : {}) })
	const response = await fetch(`${emu.url}/log/log/_events?${query}`)
	expect(response.status).toBe(200)
	return StoredLogEventsSchema.parse(await response.json()).events
}

function quiet() {
	return vi.spyOn(console, 'debug').mockImplementation(() => {})
}

describe('sendLogEvent: POST log/{service}', () => {
	it('stores an anonymous event when no id token is sent', async () => {
		const receipt = await log.sendLogEvent('portal-anon', { event: 'page_view', ...base })
		expect(receipt).toMatchObject({ id: expect.any(String), receivedAt: expect.any(String) })
		const events = await stored('portal-anon', 'anonymous')
		expect(events).toHaveLength(1)
		expect(events[0]).toMatchObject({ id: receipt!.id, service: 'portal-anon', userId: null, event: 'page_view' })
		expect(events[0]!.payload).toMatchObject({ ...base, appVersionNumber: '-', appVersionHash: '-' })
	})

	it("stores the signed-in user's event with the user from the id token", async () => {
		const idToken = await idTokenOf(customer)
		const receipt = await log.sendLogEvent(
			'portal-user',
			{ event: 'tab_change', ...base, appVersionNumber: '2985', appVersionHash: 'abc123', tab: 'my_gear' },
			idToken,
		)
		expect(receipt).not.toBeNull()
		const [event] = await stored('portal-user', customer.id)
		expect(event).toMatchObject({ userId: customer.id, event: 'tab_change' })
		expect(event!.payload).toMatchObject({ appVersionNumber: '2985', appVersionHash: 'abc123', tab: 'my_gear' })
		expect(await stored('portal-user', 'anonymous')).toEqual([])
	})

	it('scrubs personal data before sending: the log service stores none', async () => {
		const idToken = await idTokenOf(customer)
		await log.sendLogEvent(
			'portal-scrub',
			{
				event: 'page_view',
				...base,
				pageTitle: 'Welcome owner@example.com',
				pagePath: `/activation?email=owner@example.com&code=123456`,
				pageHash: `#user=${customer.id}`,
				search: '/login?redirect=%2Fgear&email=first%2Blast%40example.com',
				nested: { contact: ['member@example.com', 7], callback: () => 'secret', when: new Date(0) },
			},
			idToken,
		)
		const [event] = await stored('portal-scrub', customer.id)
		const text = JSON.stringify(event!.payload)
		expect(text).not.toMatch(/example\.com|%40|6f1c2a7e/)
		expect(event!.payload).toMatchObject({
			pageTitle: 'Welcome *****',
			pagePath: '/activation?email=*****&code=123456',
			pageHash: `#user=${UUID_MASK}`,
			search: '/login?redirect=%2Fgear&email=*****',
			nested: { contact: ['*****', 7], callback: null, when: null },
		})
		// The user is known from the token, not from the payload.
		expect(event!.userId).toBe(customer.id)
	})

	it('gives null and writes to the debug console when the upstream fails, never throwing', async () => {
		const debug = quiet()
		await emu.fault({ path: '/log/log/portal-fail', mode: 'status', status: 503 })
		expect(
			await log.sendLogEvent('portal-fail', { event: 'page_view', ...base, pagePath: '/x?email=owner@example.com' }),
		).toBeNull()
		expect(debug).toHaveBeenCalledTimes(1)
		expect(String(debug.mock.calls[0]![0])).toMatch(/^\[RCPLOG\] Error: .*Injected fault: HTTP 503/)
		expect(await stored('portal-fail')).toEqual([])
	})

	it('gives null for an expired id token, and stores nothing', async () => {
		quiet()
		const idToken = await idTokenOf(cloudMember)
		await emu.advanceClock(2 * 3600 * 1000)
		expect(await log.sendLogEvent('portal-expired', { event: 'page_view', ...base }, idToken)).toBeNull()
		expect(await stored('portal-expired')).toEqual([])
	})

	it('gives null without a request for a malformed event or service name', async () => {
		const debug = quiet()
		expect(await log.sendLogEvent('portal-bad', { event: '', ...base })).toBeNull()
		expect(await log.sendLogEvent('../admin', { event: 'page_view', ...base })).toBeNull()
		expect(debug).toHaveBeenCalledTimes(2)
		expect(await stored('portal-bad')).toEqual([])
	})

	it('is refused by the log service when a body is not an event', async () => {
		const response = await fetch(`${emu.url}/log/log/portal-raw`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ event: 'page_view' }),
		})
		expect(response.status).toBe(400)
		expect(await response.json()).toEqual({ message: 'Invalid parameters.', code: 'InvalidParameterException' })
	})
})

describe('sendErrorLog: POST log/{service} with eventSource and description', () => {
	it('stores the error with its description turned into scrubbed text', async () => {
		const idToken = await idTokenOf(customer)
		const receipt = await log.sendErrorLog(
			'portal-errors',
			{
				...base,
				eventSource: 'gear.register',
				description: { status: 400, user: 'owner@example.com', cause: new Error('Product not found.') },
			},
			idToken,
		)
		expect(receipt).not.toBeNull()
		const [event] = await stored('portal-errors', customer.id)
		expect(event).toMatchObject({ event: 'error', userId: customer.id })
		expect(event!.payload).toMatchObject({
			eventSource: 'gear.register',
			description: '{"status":400,"user":"*****","cause":"Error: Product not found."}',
		})
	})

	it('keeps an event name of its own and a string description', async () => {
		await log.sendErrorLog('portal-errors', {
			...base,
			event: 'sw_handoff_error',
			eventSource: 'service-worker',
			description: 'save failed',
		})
		const [event] = await stored('portal-errors', 'anonymous')
		expect(event).toMatchObject({
			event: 'sw_handoff_error',
			payload: expect.objectContaining({ description: 'save failed' }),
		})
	})

	it('gives null when the upstream fails', async () => {
		quiet()
		await emu.fault({ path: '/log/log/portal-errors', mode: 'timeout' })
		const started = Date.now()
		const pending = log.sendErrorLog('portal-errors', { ...base, eventSource: 'x', description: new Error('boom') })
		setTimeout(() => void emu.clearFaults(), 100)
		expect(await pending).toBeNull()
		expect(Date.now() - started).toBeLessThan(5000)
	})

	it('is refused by the log service when an error log has no source', async () => {
		const response = await fetch(`${emu.url}/log/log/portal-errors`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ event: 'error', ...base, description: 'no source' }),
		})
		expect(response.status).toBe(400)
	})
})

describe('deleteUserLog: DELETE log/{service}', () => {
	it("deletes the signed-in user's events of that service only", async () => {
		const customerToken = await idTokenOf(customer)
		const memberToken = await idTokenOf(cloudMember)
		await log.sendLogEvent('portal-delete', { event: 'one', ...base }, customerToken)
		await log.sendLogEvent('portal-delete', { event: 'two', ...base }, customerToken)
		await log.sendLogEvent('portal-delete', { event: 'theirs', ...base }, memberToken)
		await log.sendLogEvent('portal-delete', { event: 'anonymous', ...base })
		await log.sendLogEvent('portal-other', { event: 'elsewhere', ...base }, customerToken)

		expect(await log.deleteUserLog('portal-delete', customerToken)).toBe(2)
		expect(await stored('portal-delete', customer.id)).toEqual([])
		expect((await stored('portal-delete', cloudMember.id)).map((e) => e.event)).toEqual(['theirs'])
		expect((await stored('portal-delete', 'anonymous')).map((e) => e.event)).toEqual(['anonymous'])
		expect((await stored('portal-other', customer.id)).map((e) => e.event)).toEqual(['elsewhere'])
		expect(await log.deleteUserLog('portal-delete', customerToken)).toBe(0)
	})

	it('gives null for an access token instead of an id token, and deletes nothing', async () => {
		const debug = quiet()
		const { accessToken, idToken } = await emu.emulator
			.context()
			.tokens.issue({ id: customer.id, email: customer.email, emailVerified: true })
		await log.sendLogEvent('portal-keep', { event: 'kept', ...base }, idToken)
		expect(await log.deleteUserLog('portal-keep', accessToken)).toBeNull()
		expect(String(debug.mock.calls[0]![0])).toContain('Invalid token')
		expect(await stored('portal-keep', customer.id)).toHaveLength(1)
	})

	it('is refused by the log service without a token', async () => {
		const response = await fetch(`${emu.url}/log/log/portal-keep`, { method: 'DELETE' })
		expect(response.status).toBe(401)
		expect(z.object({ message: z.string() }).parse(await response.json()).message).toBe('Unauthorized')
	})
})
