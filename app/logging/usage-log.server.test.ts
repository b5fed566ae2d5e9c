import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UsageEvent } from '#app/domain/usage-event.ts'
import { createUsageLog } from './usage-log.server.ts'

const event = (n: number): UsageEvent => ({
	event: 'page_view',
	pageTitle: `Page ${n}`,
	pagePath: `/page/${n}`,
	pageHash: '',
	cultureCode: 'en-US',
	brand: 'MAIN',
	appVersionNumber: '1',
	appVersionHash: '-',
	routeName: 'Home',
})

/** A log service whose answers the test releases: each send waits until `answerAll`. */
function heldService() {
	const received: Array<{ event: UsageEvent; idToken: string | undefined }> = []
	let release: () => void = () => {}
	let answered = new Promise<void>((resolve) => (release = resolve))
	return {
		received,
		send: async (e: UsageEvent, idToken: string | undefined) => {
			received.push({ event: e, idToken })
			await answered
		},
		answerAll() {
			release()
			answered = Promise.resolve()
		},
	}
}

afterEach(() => {
	vi.useRealTimers()
	vi.restoreAllMocks()
})

describe('the usage log: off the request path, best effort', () => {
	it('sends nothing while the request is answered; the batch goes after its time, with the id token', async () => {
		vi.useFakeTimers()
		const service = heldService()
		service.answerAll()
		const log = createUsageLog({ batchMs: 200, concurrency: 4, maxWaiting: 100, send: service.send })
		log.log(event(1), 'id-token')
		log.log(event(2))
		await vi.advanceTimersByTimeAsync(199)
		expect(service.received).toEqual([])
		await vi.advanceTimersByTimeAsync(1)
		expect(service.received).toEqual([
			{ event: event(1), idToken: 'id-token' },
			{ event: event(2), idToken: undefined },
		])
	})

	it('a log service that does not answer holds only its few sends, and logging still returns at once', async () => {
		vi.useFakeTimers()
		const service = heldService()
		const log = createUsageLog({ batchMs: 10, concurrency: 4, maxWaiting: 100, send: service.send })
		const started = performance.now()
		for (let n = 0; n < 20; n++) log.log(event(n))
		expect(performance.now() - started).toBeLessThan(50)
		await vi.advanceTimersByTimeAsync(10_000)
		expect(service.received).toHaveLength(4)
		service.answerAll()
		await vi.advanceTimersByTimeAsync(0)
		await log.flush()
		expect(service.received.map((r) => r.event.pagePath)).toEqual(Array.from({ length: 20 }, (_, n) => `/page/${n}`))
	})

	it('drops what comes past its limit while the service is behind, with one debug line per hundred', async () => {
		vi.useFakeTimers()
		const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
		const service = heldService()
		const log = createUsageLog({ batchMs: 10, concurrency: 2, maxWaiting: 10, send: service.send })
		for (let n = 0; n < 150; n++) log.log(event(n))
		await vi.advanceTimersByTimeAsync(10)
		expect(debug).toHaveBeenCalledTimes(2)
		expect(String(debug.mock.calls[0]![0])).toMatch(/^\[RCPLOG\] Error: 1 usage event\(s\) dropped/)
		service.answerAll()
		await log.flush()
		expect(service.received).toHaveLength(10)
	})
})
