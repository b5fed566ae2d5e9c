/**
 * The log service (spec 2 §7). Every payload is scrubbed of personal data
 * first (spec 2 §5); the id token goes as Authorization when the user is
 * signed in and nothing otherwise (spec 2 §6). A failure is only written to
 * the debug console (spec 2 §8): these functions never throw, and answer
 * null instead, so a caller that must not lose an event can keep it.
 */
import { errorDescriptionText, scrubLogPayload, scrubText } from '#app/domain/log-scrub.ts'
import {
	BackstageServiceSchema,
	ErrorLogEventSchema,
	LogDeletionSchema,
	type LogEvent,
	type LogEventFields,
	LogEventSchema,
	type LogReceipt,
	LogReceiptSchema,
} from './contract/log.ts'
import { upstreamRequest } from './http.server.ts'

/** A log waits less than a user's call: spec 2 §9 leaves log time-outs open. */
export const LOG_TIMEOUT_MS = 10_000

function debug(what: string, error: unknown) {
	const message = error instanceof Error ? error.message : String(error)
	console.debug(`[RCPLOG] Error: ${what}: ${scrubText(message)}`)
}

async function post(service: string, body: unknown, idToken: string | undefined): Promise<LogReceipt | null> {
	try {
		return await upstreamRequest('log', {
			method: 'POST',
			path: `log/${encodeURIComponent(BackstageServiceSchema.parse(service))}`,
			body,
			auth: idToken ? { kind: 'raw', token: idToken } : undefined,
			schema: LogReceiptSchema,
			timeoutMs: LOG_TIMEOUT_MS,
		})
	} catch (error) {
		debug(`failed to send a log event to ${service}`, error)
		return null
	}
}

/** `POST log/{service}`: a usage event (page view, action…), scrubbed. */
export async function sendLogEvent(service: string, event: LogEvent, idToken?: string): Promise<LogReceipt | null> {
	const payload = LogEventSchema.safeParse(scrubLogPayload(event))
	if (!payload.success) {
		debug(`not a log event for ${service}`, payload.error)
		return null
	}
	return post(service, payload.data, idToken)
}

export type ErrorLog = Omit<LogEventFields, 'event'> &
	Record<string, unknown> & {
		/** 'error' unless said otherwise. */
		event?: string
		eventSource: string
		/** Anything: objects are turned into text (spec 2 §3). */
		description: unknown
	}

/** `POST log/{service}`: an error log (eventSource and description), scrubbed. */
export async function sendErrorLog(service: string, error: ErrorLog, idToken?: string): Promise<LogReceipt | null> {
	const payload = ErrorLogEventSchema.safeParse(
		scrubLogPayload({ ...error, event: error.event ?? 'error', description: errorDescriptionText(error.description) }),
	)
	if (!payload.success) {
		debug(`not an error log for ${service}`, payload.error)
		return null
	}
	return post(service, payload.data, idToken)
}

/** `DELETE log/{service}`: deletes the signed-in user's events; the number deleted, null on failure. */
export async function deleteUserLog(service: string, idToken: string): Promise<number | null> {
	try {
		const answer = await upstreamRequest('log', {
			method: 'DELETE',
			path: `log/${encodeURIComponent(BackstageServiceSchema.parse(service))}`,
			auth: { kind: 'raw', token: idToken },
			schema: LogDeletionSchema,
			timeoutMs: LOG_TIMEOUT_MS,
		})
		return answer.deleted
	} catch (error) {
		debug(`failed to delete the user's log of ${service}`, error)
		return null
	}
}
