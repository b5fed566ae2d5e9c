/**
 * The support outbox's face to the routes (issue 12): every support, contact
 * and app-support form hands its built ticket here and shows the receipt.
 *
 * A request is stored durably before the help centre is called (ADR 0020):
 * node:sqlite under DATA_DIR, or BullMQ on Redis when REDIS_URL is set. The
 * customer waits at most SUPPORT_DELIVERY_WAIT_MS for the help centre; after
 * that the request stays kept and is delivered in the background with
 * back-off, exactly once (its reference is the ticket's idempotency key).
 */
import path from 'node:path'
import { getEnv } from '#app/env.server.ts'
import { setOutboxDepthSource } from '#app/observability/metrics.server.ts'
import type { HelpCentreTicketRequest } from '#app/upstream/contract/help-centre.ts'
import { createBullmqOutbox } from './bullmq-outbox.server.ts'
import type { OutboxBackend, SupportRequestStatus } from './outbox-backend.ts'
import { newReference } from './reference.ts'
import { createSqliteOutbox } from './sqlite-outbox.server.ts'

export type { SupportRequestStatus } from './outbox-backend.ts'

/** A file the customer attached, already checked (size, type sniffed from its bytes). */
export interface SupportAttachment {
	filename: string
	/** The sniffed type: image/jpeg, image/png, image/gif, image/webp, image/heic or application/pdf. */
	contentType: string
	bytes: Uint8Array
}

export interface SupportSubmission {
	/** Which form sent it: a support tab (`service_request`…), `contact_us`, `zenbeats`…; shown in the list. */
	form: string
	/**
	 * Built by a ticket builder in app/domain/. `request.requester` is always
	 * given: delivery may happen after the session has ended, so it goes
	 * without the user's access token (as a visitor's, with the security token).
	 */
	ticket: HelpCentreTicketRequest
	attachments: readonly SupportAttachment[]
	/** The signed-in user, so `/support` can list their requests; null for a visitor. */
	userId: string | null
}

export interface SupportReceipt {
	/** The portal's reference for the request (`SR-XXXX-XXXX-XXXX`), shown to the customer. */
	reference: string
	/** True when the help centre has it; false when it is kept and will be delivered later. */
	delivered: boolean
}

export interface SupportRequestSummary {
	reference: string
	form: string
	createdAt: string
	/** `status === 'delivered'`. */
	delivered: boolean
	/** Waiting: kept and being retried. Failed: the help centre refused it for good (kept, logged). */
	status: SupportRequestStatus
}

let outbox: OutboxBackend | undefined

function getOutbox(): OutboxBackend {
	if (!outbox) {
		const env = getEnv()
		const settings = {
			attemptTimeoutMs: env.SUPPORT_ATTEMPT_TIMEOUT_MS,
			retryBaseMs: env.SUPPORT_RETRY_BASE_MS,
			retryMaxMs: env.SUPPORT_RETRY_MAX_MS,
		}
		outbox = env.REDIS_URL
			? createBullmqOutbox(env.REDIS_URL, {
					...settings,
					commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
					allowVolatile: env.REDIS_ALLOW_VOLATILE === 'true',
				})
			: createSqliteOutbox(path.resolve(env.DATA_DIR, 'support-outbox.sqlite'), settings)
	}
	return outbox
}

// The metrics read the outbox of this process, once it is running (ADR 0050).
setOutboxDepthSource(async () => (outbox ? outbox.depth() : null))

/**
 * Accepts a request: once it is kept, an upstream failure is no error (the
 * receipt says it is not delivered yet). Throws only when it cannot be kept.
 */
export async function sendSupportRequest(submission: SupportSubmission): Promise<SupportReceipt> {
	if (!submission.ticket.request?.requester)
		throw new Error('A support ticket needs its requester: it may be delivered after the session has ended')
	const reference = newReference()
	const backend = getOutbox()
	await backend.accept({
		reference,
		form: submission.form,
		userId: submission.userId,
		createdAt: new Date().toISOString(),
		ticket: submission.ticket,
		files: submission.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.bytes })),
		uploads: null,
	})
	// Kept now: Redis going away while the customer waits is no failure of the request, only no news of it.
	const delivered = await backend.waitForDelivery(reference, getEnv().SUPPORT_DELIVERY_WAIT_MS).catch(() => false)
	return { reference, delivered }
}

/** The user's recent requests, newest first, as the outbox has them. */
export async function recentSupportRequests(userId: string, limit = 10): Promise<SupportRequestSummary[]> {
	const entries = await getOutbox().recent(userId, limit)
	return entries.map((entry) => ({ ...entry, delivered: entry.status === 'delivered' }))
}

/** For /readyz: throws when the outbox could not take a request now. */
export async function checkSupportOutbox(): Promise<void> {
	await getOutbox().checkReady()
}

/** Starts background delivery (at server start): requests kept by earlier runs are delivered too. */
export function startSupportOutbox(): void {
	getOutbox().start()
}

/** Stops background delivery (at shutdown); requests not yet delivered stay kept for the next run. */
export async function stopSupportOutbox(): Promise<void> {
	const stopping = outbox
	outbox = undefined
	await stopping?.stop()
}
