/**
 * The request id (issue 23, ADR 0050): one per request, on every log line of that request, in the
 * response's `X-Request-Id` and in every upstream call's. A proxy in front may have named the request
 * already; its id is kept only when the proxy is one we trust (TRUST_PROXY) and the id is well-formed,
 * since anything else in the header is whatever a client chose to write into our logs and upstream calls.
 */

export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * Letters, digits and `._:-`, 1–128 characters, starting with a letter or digit: nginx's `$request_id`,
 * HAProxy's `%ID` formats, UUIDs and cloud load balancers' trace ids all fit. No space, comma (a repeated
 * header arrives joined by one), quote, `@`, `%` or `/`: nothing that could carry an address or break a log
 * line or a header.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/

export function isWellFormedRequestId(value: unknown): value is string {
	return typeof value === 'string' && WELL_FORMED.test(value)
}

/** The request's id: the trusted proxy's when it sent a well-formed one, else a new one from `generate`. */
export function chooseRequestId(
	incoming: string | readonly string[] | undefined,
	fromTrustedProxy: boolean,
	generate: () => string,
): string {
	return fromTrustedProxy && isWellFormedRequestId(incoming) ? incoming : generate()
}
