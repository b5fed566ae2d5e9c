/**
 * Usage logging (spec 2 §4; issue 14): events of visitors who opted in,
 * sent to the log service off the request path. `logUsage` only appends to a
 * batch; the batch goes a moment later, after the response, through a queue
 * of a few concurrent sends (p-queue), so a slow or dead log service holds
 * no page. Past `maxWaiting` events waiting, new ones are dropped with a
 * debug line rather than let memory grow while the service is away: usage
 * logs are best effort (spec 2 §8: failures only in the debug console),
 * unlike a customer's support request, which the outbox keeps.
 */
import PQueue from 'p-queue'
import type { UsageEvent } from '#app/domain/usage-event.ts'
import { getEnv } from '#app/env.server.ts'
import { sendLogEvent } from '#app/upstream/log.server.ts'

export interface UsageLogSettings {
	/** How long a batch gathers events before it is handed to the queue. */
	batchMs: number
	/** Sends at once. */
	concurrency: number
	/** Events waiting (batched, queued or being sent) beyond which new ones are dropped. */
	maxWaiting: number
	/** Sends one event; never throws (the log client answers null on failure). */
	send: (event: UsageEvent, idToken: string | undefined) => Promise<unknown>
}

export interface UsageLog {
	/** Queues an event; returns at once. */
	log(event: UsageEvent, idToken?: string): void
	/** Sends what is batched and waits for the queue to empty, at most `ms`. */
	flush(ms?: number): Promise<void>
}

export function createUsageLog(settings: UsageLogSettings): UsageLog {
	const queue = new PQueue({ concurrency: settings.concurrency })
	let batch: Array<{ event: UsageEvent; idToken: string | undefined }> = []
	let timer: ReturnType<typeof setTimeout> | undefined
	let dropped = 0

	function handOver() {
		timer = undefined
		const sending = batch
		batch = []
		for (const { event, idToken } of sending) void queue.add(() => settings.send(event, idToken))
	}

	return {
		log(event, idToken) {
			if (batch.length + queue.size + queue.pending >= settings.maxWaiting) {
				dropped += 1
				// One line per hundred: a dead log service must not flood the debug log either.
				if (dropped % 100 === 1)
					console.debug(`[RCPLOG] Error: ${dropped} usage event(s) dropped: the log service is behind`)
				return
			}
			batch.push({ event, idToken })
			timer ??= setTimeout(handOver, settings.batchMs)
			timer.unref?.()
		},
		async flush(ms = 2_000) {
			if (timer) clearTimeout(timer)
			handOver()
			let waited: ReturnType<typeof setTimeout> | undefined
			await Promise.race([queue.onIdle(), new Promise((resolve) => (waited = setTimeout(resolve, ms)))])
			clearTimeout(waited)
		},
	}
}

/** The portal's usage log: a few sends at once leave the upstream connections to users' calls. */
const usageLog = createUsageLog({
	batchMs: 200,
	concurrency: 4,
	maxWaiting: 1_000,
	send: (event, idToken) => sendLogEvent(getEnv().LOG_SERVICE, event, idToken),
})

/** Queues a usage event for the log service; returns at once. The caller has checked the opt-in. */
export function logUsage(event: UsageEvent, idToken?: string): void {
	usageLog.log(event, idToken)
}

/** Sends what is waiting (at shutdown), at most `ms`. */
export function flushUsageLog(ms?: number): Promise<void> {
	return usageLog.flush(ms)
}
