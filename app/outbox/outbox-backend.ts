import type { OutboxDepth } from '#app/observability/metrics.server.ts'
import type { OutboxRequest } from './delivery.server.ts'

export type SupportRequestStatus = 'delivered' | 'waiting' | 'failed'

export interface OutboxEntry {
	reference: string
	form: string
	createdAt: string
	status: SupportRequestStatus
}

export interface OutboxSettings {
	attemptTimeoutMs: number
	retryBaseMs: number
	retryMaxMs: number
}

/** Where kept requests live: node:sqlite under DATA_DIR, or BullMQ on Redis. */
export interface OutboxBackend {
	readonly kind: 'sqlite' | 'bullmq'
	/** Keeps the request durably (resolves once it is stored) and starts an attempt to deliver it. */
	accept(request: OutboxRequest): Promise<void>
	/** True once the help centre has it; false when `ms` pass first. */
	waitForDelivery(reference: string, ms: number): Promise<boolean>
	/** The user's requests, newest first. */
	recent(userId: string, limit: number): Promise<OutboxEntry[]>
	/** How many requests are kept undelivered, and since when the oldest waits (the metrics, ADR 0050). */
	depth(): Promise<OutboxDepth>
	/** Throws when it could not take a request now (its Redis away), for /readyz. */
	checkReady(): Promise<void>
	/** Starts delivering what is due in the background (kept requests of earlier runs too). */
	start(): void
	/** Stops the background delivery: attempts in flight get a moment to finish, then are abandoned to a later run. */
	stop(): Promise<void>
}
