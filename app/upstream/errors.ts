/**
 * Upstream failures, normalised as spec 2 §8 says: the text comes from the
 * response's `message`, else its `error`, else the exception; an HTTP status
 * without either is named by its code; a request the caller cancelled is
 * marked so its message is suppressed.
 */
export type UpstreamErrorKind = 'status' | 'timeout' | 'network' | 'malformed' | 'cancelled'

export class UpstreamError extends Error {
	readonly upstream: string
	readonly kind: UpstreamErrorKind
	/** The HTTP status, for `status` errors. */
	readonly status: number | undefined
	/** The upstream's own error code (`NotAuthorizedException`, `TokenExpired`…), when it sent one. */
	readonly code: string | undefined
	/** The parsed body of a `status` error, for callers that need its fields. */
	readonly body: unknown

	constructor(init: {
		upstream: string
		kind: UpstreamErrorKind
		message: string
		status?: number
		code?: string
		body?: unknown
		cause?: unknown
	}) {
		super(init.message, { cause: init.cause })
		this.name = 'UpstreamError'
		this.upstream = init.upstream
		this.kind = init.kind
		this.status = init.status
		this.code = init.code
		this.body = init.body
	}

	/** The spec's cancelled-request marker: the caller gave up, nothing to tell the user. */
	get cancelled(): boolean {
		return this.kind === 'cancelled'
	}
}

export function isUpstreamError(error: unknown): error is UpstreamError {
	return error instanceof UpstreamError
}

/**
 * Whether the failure is the upstream's (an outage: no answer, a bad one, or a 5xx) rather than a
 * refusal of what was asked (a 4xx). The one place the portal decides it: an outage answers 503 and
 * the same request may be sent again; a refusal is the user's to read.
 */
export function isOutage(error: UpstreamError): boolean {
	return error.kind !== 'status' || (error.status ?? 0) >= 500
}

/** The text of an error body: `message`, else `error`, else undefined. */
export function messageFromBody(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined
	const record = body as Record<string, unknown>
	for (const key of ['message', 'Message', 'error', 'error_description']) {
		const value = record[key]
		if (typeof value === 'string' && value.trim()) return value.trim()
		if (value && typeof value === 'object' && typeof (value as Record<string, unknown>).message === 'string') {
			return String((value as Record<string, unknown>).message)
		}
	}
	return undefined
}

/**
 * The catalogue key of the message a user sees for an upstream failure that
 * has no message of its own in the spec: session errors and the generic ones.
 */
export function userMessageKey(error: unknown): 'toast.tokenExpired' | 'toast.tryAgain' | 'toast.exception' | null {
	if (!isUpstreamError(error)) return 'toast.exception'
	if (error.cancelled) return null
	if (/token has expired|has been revoked/i.test(error.message) || error.code === 'TokenExpired')
		return 'toast.tokenExpired'
	// An outage (no answer, a malformed one, a 5xx) answers 503: its words say to try again, as the
	// account forms' do (accountErrorKey), not 'Exception error occurred.' (the fault matrix, ADR 0052).
	if (isOutage(error)) return 'toast.tryAgain'
	if (/TransactionAlreadyStarted/i.test(error.message)) return 'toast.tryAgain'
	return 'toast.exception'
}
