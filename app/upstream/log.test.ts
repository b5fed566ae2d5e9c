import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { useFakeClock } from '#tests/mocks/clock.ts'
import { log, reply, type Reply } from '#tests/mocks/handlers.ts'
import { watch } from '#tests/mocks/normalisation.ts'
import { deleteUserLog, sendErrorLog, sendLogEvent } from './log.server.ts'

const event = {
	event: 'page_view',
	pageTitle: 'Gear',
	pagePath: '/gear?email=owner@example.com',
	pageHash: '',
	cultureCode: 'en-US',
	brand: 'dw',
}
/** Ours (spec 2 §9 leaves log time-outs open): shorter than a user's call. */
const LOG_TIMEOUT_MS = 10_000
const receipt = { id: 'e1', receivedAt: '2026-11-23T10:00:00.000Z' }

let debug: MockInstance<typeof console.debug>
beforeEach(() => {
	debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
	return () => debug.mockRestore()
})

/** The one debug line a failure wrote (spec 2 §8: log failures go only to the debug console). */
function debugLine(): string {
	expect(debug).toHaveBeenCalledTimes(1)
	return String(debug.mock.calls[0]![0])
}

describe('the log service: a failure is only written to the debug console (spec 2 §8)', () => {
	const where = 'POST /log/portal'
	const cases: [string, Reply, string][] = [
		['message', reply.json({ message: 'Invalid parameters.', error: 'Bad Request' }, 400), 'Invalid parameters.'],
		['error field', reply.json({ error: 'Access Denied' }, 403), 'Access Denied'],
		['status named by its code', reply.text('<html>Bad Gateway</html>', 502), 'Request failed with status code 502'],
		['body that is not JSON', reply.notJson(201), `Malformed answer from the log upstream (${where}): not JSON`],
		['wrong shape', reply.json({ id: 'e1' }, 201), `Malformed answer from the log upstream (${where}): receivedAt`],
		['dropped connection', reply.drop(), 'Network Error: '],
		['cut-off answer', reply.cutOff(), `Network Error: the answer was cut off (${where})`],
	]
	for (const [what, answer, text] of cases) {
		it(`answers null and writes the ${what}`, async () => {
			const hit = log.post('log/portal', answer)
			expect(await sendLogEvent('portal', event)).toBeNull()
			expect(hit.calls).toHaveLength(1)
			expect(debugLine()).toContain(`[RCPLOG] Error: failed to send a log event to portal: ${text}`)
		})
	}

	it(`gives up after its own ${LOG_TIMEOUT_MS} ms time-out, without throwing`, async () => {
		useFakeClock()
		const hit = log.post('log/portal', reply.never())
		const sent = watch(sendLogEvent('portal', event))
		await hit.arrived()
		await vi.advanceTimersByTimeAsync(LOG_TIMEOUT_MS - 1)
		expect(sent.settled).toBe(false)
		await vi.advanceTimersByTimeAsync(1)
		expect(await sent.promise).toBeNull()
		expect(debugLine()).toContain(`timeout of ${LOG_TIMEOUT_MS}ms exceeded (${where})`)
	})

	it('scrubs personal data from the debug line too', async () => {
		log.post('log/portal', reply.json({ message: 'No account for owner@example.com' }, 400))
		await sendLogEvent('portal', event)
		expect(debugLine()).not.toContain('owner@example.com')
	})

	it('writes nothing when the event is stored', async () => {
		log.post('log/portal', reply.json(receipt, 201))
		expect(await sendLogEvent('portal', event)).toEqual(receipt)
		expect(debug).not.toHaveBeenCalled()
	})
})

describe('the log service: what it receives', () => {
	it('the id token as it is when signed in, nothing otherwise, and the event scrubbed', async () => {
		const hit = log.post('log/portal', reply.json(receipt, 201))
		await sendLogEvent('portal', event, 'id-token')
		await sendLogEvent('portal', event)
		expect(hit.calls.map((r) => r.headers.get('authorization'))).toEqual(['id-token', null])
		expect(hit.last.text).not.toContain('owner@example.com')
		expect(hit.last.json).toMatchObject({ event: 'page_view', appVersionNumber: '-' })
	})

	it('an error log with its description as text', async () => {
		const hit = log.post('log/portal', reply.json(receipt, 201))
		await sendErrorLog('portal', {
			...event,
			event: undefined,
			eventSource: 'gear',
			description: new TypeError('boom'),
		})
		expect(hit.last.json).toMatchObject({ event: 'error', eventSource: 'gear', description: 'TypeError: boom' })
	})

	it('the deletion of the user’s log, null when it fails', async () => {
		const hit = log.delete('log/portal', reply.json({ deleted: 3 }), reply.json({ message: 'Access Denied' }, 403))
		expect(await deleteUserLog('portal', 'id-token')).toBe(3)
		expect(await deleteUserLog('portal', 'id-token')).toBeNull()
		expect(hit.last.headers.get('authorization')).toBe('id-token')
		expect(debugLine()).toContain("[RCPLOG] Error: failed to delete the user's log of portal: Access Denied")
	})

	it('no request for a service name the log service could not have', async () => {
		expect(await sendLogEvent('../admin', event)).toBeNull()
		expect(debugLine()).toContain('[RCPLOG] Error: failed to send a log event to ../admin')
	})
})
