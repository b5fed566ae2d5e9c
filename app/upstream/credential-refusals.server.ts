/**
 * Errors answering calls made with the user's own credentials (the account API's access token, the
 * cloud API's and the log service's id token), collected per request. Whether such an error ends the
 * session is the session's business (`app/session/session-end.server.ts`); this only makes sure none
 * escapes it: a page that words an upstream failure its own way (a refused checkout, an FAQ that
 * cannot be searched) no longer hides that the upstream refused the user's tokens (spec 2 §4, §8).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { UpstreamError } from './errors.ts'

const scopes = new AsyncLocalStorage<UpstreamError[]>()

/** Runs `work`, answering with what it answered and the errors of its calls made with the user's credentials. */
export async function collectingCredentialErrors<T>(
	work: () => Promise<T>,
): Promise<{ value: T; errors: UpstreamError[] }> {
	const errors: UpstreamError[] = []
	const value = await scopes.run(errors, work)
	return { value, errors }
}

/** Called by the HTTP client for an error status answering a call that carried the user's credentials. */
export function noteCredentialError(error: UpstreamError): void {
	scopes.getStore()?.push(error)
}
