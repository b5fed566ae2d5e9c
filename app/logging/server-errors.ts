/**
 * How the server logs an error React Router hands it (entry.server's `handleError`). A refusal the
 * router makes itself (a POST to a screen that takes none: 405; an address no route matches: 404)
 * carries an internal Error, which React Router's default logs, stack and all, at error level: one
 * line per attempt of a scanner or a stale form. Those are the visitor's mistake, not the portal's,
 * so they are one line at warn; everything else is the portal's failure and keeps its stack.
 */
import { isRouteErrorResponse } from 'react-router'

export type ServerErrorLog =
	| { level: 'warn'; line: string }
	| { level: 'error'; error: unknown }
	/** A request the browser gave up on: nothing went wrong on our side. */
	| { level: 'none' }

export function serverErrorLog(
	error: unknown,
	request: { method: string; url: string; aborted: boolean },
): ServerErrorLog {
	if (request.aborted) return { level: 'none' }
	if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
		// The path only: a query may hold anything a visitor typed (the log scrubs addresses besides).
		const path = URL.canParse(request.url) ? new URL(request.url).pathname : '(unreadable address)'
		return { level: 'warn', line: `${error.status} ${error.statusText}: ${request.method.toUpperCase()} ${path}` }
	}
	// A router refusal of another kind carries its Error beside the response (React Router's default does the same).
	const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
	return { level: 'error', error: internal ?? error }
}
