/**
 * Idle and absolute session lifetimes (ADR 0054): a signed-in session past either is replaced by an
 * empty one before anything reads it, so the guard sends the browser to sign in again, its page
 * remembered, and a signed-out page shows why.
 */
import type { MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/env.server.ts'
import { sessionVerdict } from '#app/domain/session-lifetime.ts'
import { sessionContext } from '#app/request-context.server.ts'
import { replaceSession } from './session.server.ts'

export const sessionLifetimeMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const session = context.get(sessionContext)
	if (!session.get('credentials')) return next()
	const env = getEnv()
	const now = Date.now()
	// A session from before lifetimes were kept starts its times now.
	const signedInAt = session.get('signedInAt') ?? now
	const seenAt = session.get('seenAt') ?? now
	const verdict = sessionVerdict({ signedInAt, seenAt }, now, {
		idleSeconds: env.SESSION_IDLE_SECONDS,
		absoluteSeconds: env.SESSION_ABSOLUTE_SECONDS,
	})
	if (verdict === 'ended') {
		const fresh = await replaceSession(context, ['mdl'])
		fresh.flash('toast', { type: 'info', message: 'toast.sessionTimedOut' })
	} else if (verdict === 'touch' || session.get('signedInAt') === undefined) {
		session.set('signedInAt', signedInAt)
		session.set('seenAt', now)
	}
	return next()
}
