/**
 * The support outbox's face to the routes (issue 12): every support, contact
 * and app-support form hands its built ticket here and shows the receipt.
 *
 * This first version delivers straight away and keeps nothing; the durable
 * outbox (written before the help-centre call, retried with back-off, one
 * ticket per request) replaces the inside of these functions, not their shape.
 */
import { randomUUID } from 'node:crypto'
import type { HelpCentreTicketRequest } from '#app/upstream/contract/help-centre.ts'
import { createHelpCentreRequest } from '#app/upstream/help-centre.server.ts'

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
	 * given: delivery may happen after the session has ended.
	 */
	ticket: HelpCentreTicketRequest
	attachments: readonly SupportAttachment[]
	/** The signed-in user, so `/support` can list their requests; null for a visitor. */
	userId: string | null
}

export interface SupportReceipt {
	/** The portal's reference for the request, shown to the customer. */
	reference: string
	/** True when the help centre has it; false when it is kept and will be delivered later. */
	delivered: boolean
}

export interface SupportRequestSummary {
	reference: string
	form: string
	createdAt: string
	delivered: boolean
}

/** Accepts a request: never throws for an upstream failure once the request is kept. */
export async function sendSupportRequest(submission: SupportSubmission): Promise<SupportReceipt> {
	const reference = randomUUID()
	await createHelpCentreRequest(submission.ticket, { idempotencyKey: reference })
	return { reference, delivered: true }
}

/** The user's recent requests, newest first. */
export async function recentSupportRequests(_userId: string, _limit = 10): Promise<SupportRequestSummary[]> {
	return []
}
