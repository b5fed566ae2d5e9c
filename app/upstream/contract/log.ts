/**
 * The log service (spec 2 §7): `POST log/{backstageService}` with an event,
 * `DELETE log/{backstageService}` to delete the signed-in user's events.
 * The event fields are the spec's (§3); extra fields travel beside them. The
 * answers are not shown in the spec: designed here as a receipt for a stored
 * event and the count of deleted ones.
 */
import { z } from 'zod'

/** The name of the logging service: letters, digits, '-' and '_'. */
export const BackstageServiceSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/)

const eventFields = {
	event: z.string().trim().min(1).max(200),
	pageTitle: z.string().max(1000),
	pagePath: z.string().max(4000),
	pageHash: z.string().max(4000),
	/** The user's culture code, else the UI's. */
	cultureCode: z.string().max(20),
	brand: z.string().max(40),
	/** '-' when unknown (spec 2 §3). */
	appVersionNumber: z.string().max(100).default('-'),
	appVersionHash: z.string().max(100).default('-'),
}

/** The spec's fields of every event. */
export type LogEventFields = z.input<z.ZodObject<typeof eventFields>>

/** A usage event: the spec's fields plus any extra fields. */
export const LogEventSchema = z.looseObject(eventFields)
export type LogEvent = LogEventFields & Record<string, unknown>

/** An error log: a usage event with where it happened and a text description (spec 2 §3). */
export const ErrorLogEventSchema = z.looseObject({
	...eventFields,
	eventSource: z.string().trim().min(1).max(200),
	description: z.string().max(20_000),
})

/** Whether a body is meant as an error log (and must then be one). */
export function isErrorLogBody(body: unknown): boolean {
	return typeof body === 'object' && body !== null && ('eventSource' in body || 'description' in body)
}

/** The answer to a stored event. */
export const LogReceiptSchema = z.object({
	id: z.string(),
	receivedAt: z.iso.datetime(),
})
export type LogReceipt = z.infer<typeof LogReceiptSchema>

/** The answer to deleting the user's log. */
export const LogDeletionSchema = z.object({ deleted: z.number().int().min(0) })

/**
 * The emulator's admin read for tests, `GET log/_events?service=&userId=`
 * (userId `anonymous` for events sent without a token): newest first.
 */
export const StoredLogEventSchema = z.object({
	id: z.string(),
	service: z.string(),
	userId: z.string().nullable(),
	event: z.string(),
	payload: z.record(z.string(), z.unknown()),
	receivedAt: z.iso.datetime(),
})
export const StoredLogEventsSchema = z.object({ events: z.array(StoredLogEventSchema) })
