/**
 * Limits that are looked at before a request's body is read (`formBodyMiddleware`): a customer
 * whose support requests are used up is refused before uploading 30 MB of attachments again.
 * The counts themselves are taken by the actions, once a request is accepted (ADR 0009).
 */
import { data, type RouterContextProvider } from 'react-router'
import { screenContext, sessionContext } from '#app/request-context.server.ts'
import { SUPPORT_REQUEST_SCREENS } from '#app/domain/screens.ts'
import { refusedAlready, supportRequestLimits } from './rate-limit.server.ts'

/** Throws a 429 page when the request's screen takes submissions its sender has used up. */
export async function beforeReadingBody(context: Readonly<RouterContextProvider>): Promise<void> {
	if (!SUPPORT_REQUEST_SCREENS.has(context.get(screenContext))) return
	const userId = context.get(sessionContext).get('credentials')?.userId ?? ''
	const limits = supportRequestLimits(context, userId)
	if (await refusedAlready(limits)) {
		throw data({ errorKey: 'errors.tooManySupportRequests' }, { status: 429 })
	}
}
