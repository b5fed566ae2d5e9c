/**
 * Tells the request's scope which route answered it (its pattern, `/gear/:tab?`), so the request's
 * metrics are labelled by route and never by URL (ADR 0050). First of the root's middleware: a request
 * another middleware answers (maintenance, a refused post) is still counted under its route.
 */
import type { MiddlewareFunction } from 'react-router'
import { noteMatchedRoute } from './request-scope.server.ts'

export const matchedRouteMiddleware: MiddlewareFunction<Response> = ({ pattern }, next) => {
	noteMatchedRoute(pattern)
	return next()
}
