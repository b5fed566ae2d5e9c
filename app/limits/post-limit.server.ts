/**
 * The limits' two middlewares, after the i18n middleware so a refusal's page
 * is in the user's language:
 *
 * - `retryAfterMiddleware` sends `Retry-After` on a 429 that one of our limits
 *   gave (an action's form or the page below): React Router drops the headers
 *   of what an action returns or a middleware throws, but a middleware before
 *   it gets the response.
 * - `postLimitMiddleware` counts every POST (any method that is not a read)
 *   against the client's address before the form is read or an action runs;
 *   over the limit, the root error page says so with a 429.
 */
import { data, type MiddlewareFunction } from 'react-router'
import { isStoreUnavailable } from '#app/store/redis.ts'
import { clientKey, consumeLimit, POSTS_PER_CLIENT, RateLimited, retryAfterContext } from './rate-limit.server.ts'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const retryAfterMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const response = await next()
	const seconds = context.get(retryAfterContext)
	if (seconds !== null && response.status === 429) response.headers.set('Retry-After', String(seconds))
	return response
}

export const postLimitMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	if (READS.has(request.method.toUpperCase())) return next()
	try {
		await consumeLimit({ rule: POSTS_PER_CLIENT, key: clientKey(context) }, context)
	} catch (error) {
		if (error instanceof RateLimited) throw data({ errorKey: 'errors.tooManyRequests' }, { status: 429 })
		// Redis hanging (away, the in-memory insurance counts instead): the outage's 503 (ADR 0049).
		if (isStoreUnavailable(error)) throw data({ errorKey: 'toast.tryAgain' }, { status: 503 })
		throw error
	}
	return next()
}
