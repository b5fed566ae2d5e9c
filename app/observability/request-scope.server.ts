/**
 * The request being served, wherever the code is: its id (for the log lines and upstream calls it makes)
 * and the route that answered it (for the metrics). The server enters the scope as a request arrives
 * (server/observability.ts), before any of the app's middleware, and leaves it when the request is done.
 *
 * The server and the app's build each load this module (the build bundles its own copy of app/), so the
 * one AsyncLocalStorage lives on globalThis under a registered symbol: a scope the server enters is the
 * scope the build's upstream client reads.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export interface RequestScope {
	/** The request id (app/domain/request-id.ts). */
	readonly id: string
	/** The matched route's pattern, set by the root middleware; null until React Router matched one. */
	route: string | null
	/** `performance.now()` when the request arrived. */
	readonly start: number
}

const KEY = Symbol.for('owners-portal.request-scope')
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestScope> }
const scopes: AsyncLocalStorage<RequestScope> = (holder[KEY] ??= new AsyncLocalStorage<RequestScope>())

/** Runs `work` (the rest of the request's handling) inside the request's scope. */
export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
	return scopes.run(scope, work)
}

/** The scope of the request being served; undefined outside one (start-up, background delivery). */
export function currentRequestScope(): RequestScope | undefined {
	return scopes.getStore()
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
	return scopes.getStore()?.id
}

/** Notes the route React Router matched (the root middleware), so the request's metrics name it. */
export function noteMatchedRoute(pattern: string): void {
	const scope = scopes.getStore()
	if (scope) scope.route = pattern
}
