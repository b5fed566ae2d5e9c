/**
 * One attempt at handing a kept support request to the help centre: its files
 * first (once: their tokens are kept with the request), then the ticket with
 * the request's reference as the idempotency key, so an attempt repeated after
 * a crash or a lost answer stores one ticket. The outcome says whether to try
 * again: a 4xx other than 408 and 429 will not change by retrying.
 */
import type { HelpCentreTicketRequest } from '#app/upstream/contract/help-centre.ts'
import { isUpstreamError } from '#app/upstream/errors.ts'
import { createHelpCentreRequest, uploadHelpCentreFile } from '#app/upstream/help-centre.server.ts'

export interface OutboxFile {
	filename: string
	contentType: string
	bytes: Uint8Array
}

/** A support request as the outbox keeps it until the help centre has it. */
export interface OutboxRequest {
	/** Shown to the customer; the idempotency key of the ticket call. */
	reference: string
	form: string
	userId: string | null
	/** ISO time the portal accepted it. */
	createdAt: string
	/** With its requester: a delivery may come after the session has ended, so no access token is used. */
	ticket: HelpCentreTicketRequest
	files: OutboxFile[]
	/** The files' upload tokens, once the help centre has them. */
	uploads: string[] | null
}

export type DeliveryOutcome =
	| { kind: 'delivered'; ticketId: string }
	/** Worth trying again later (network, time-out, 5xx, 408, 429, an unreadable answer). */
	| { kind: 'retry'; reason: string }
	/** Retrying cannot fix it: kept as failed. */
	| { kind: 'failed'; reason: string }

export interface DeliveryOptions {
	timeoutMs: number
	signal?: AbortSignal
	/** Keeps the upload tokens with the request before the ticket is sent. */
	saveUploads: (tokens: string[]) => Promise<void>
}

/** A 4xx other than 408 (time-out) and 429 (too many requests): the same request will be refused again. */
export function isPermanent(status: number | undefined): boolean {
	return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429
}

/**
 * Why an attempt failed, for the log and the stored request: the kind of
 * failure, the status and the upstream's code, never its message (which
 * could repeat what the customer wrote).
 */
export function outcomeOf(error: unknown): Exclude<DeliveryOutcome, { kind: 'delivered' }> {
	if (!isUpstreamError(error)) return { kind: 'retry', reason: `error ${(error as Error)?.name ?? 'unknown'}` }
	const reason = [error.kind, error.status, error.code].filter((part) => part !== undefined).join(' ')
	if (error.kind === 'status' && isPermanent(error.status)) return { kind: 'failed', reason }
	return { kind: 'retry', reason }
}

function withUploads(ticket: HelpCentreTicketRequest, uploads: readonly string[]): HelpCentreTicketRequest {
	if (uploads.length === 0) return ticket
	const comment = ticket.ticket.comment
	return {
		...ticket,
		ticket: { ...ticket.ticket, comment: { ...comment, uploads: [...(comment.uploads ?? []), ...uploads] } },
	}
}

export async function deliver(request: OutboxRequest, options: DeliveryOptions): Promise<DeliveryOutcome> {
	const timeout = AbortSignal.timeout(options.timeoutMs)
	const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
	const call = { signal, timeoutMs: options.timeoutMs }
	try {
		let uploads = request.uploads ?? []
		if (request.uploads === null && request.files.length > 0) {
			uploads = []
			for (const file of request.files) uploads.push((await uploadHelpCentreFile(file, call)).token)
			await options.saveUploads(uploads)
		}
		const created = await createHelpCentreRequest(withUploads(request.ticket, uploads), {
			...call,
			idempotencyKey: request.reference,
		})
		return { kind: 'delivered', ticketId: created.id }
	} catch (error) {
		return outcomeOf(error)
	}
}

/**
 * The wait before retry number `failures` (1 for the first retry): the base
 * doubled each time up to the cap, then a random part of its second half, so
 * requests that failed together do not come back together.
 */
export function backOffMs(failures: number, baseMs: number, maxMs: number, random = Math.random): number {
	const full = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 40))
	return Math.round(full / 2 + (random() * full) / 2)
}

/** The outbox's log lines: references and reasons only, no personal data. */
export function logOutbox(line: string, level: 'info' | 'warn' = 'info') {
	const text = `support outbox: ${line}`
	if (level === 'warn') console.warn(text)
	else console.log(text)
}
