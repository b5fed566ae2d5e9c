/**
 * The calls the emulated upstreams answered for a signed-in caller (the user their token names), kept in
 * memory so an end-to-end test can check what the portal sent: which calls, with which bodies.
 */
import type { RequestHandler } from 'express'

export interface ReceivedCall {
	method: string
	/** Under /_emulator, e.g. `/account/users/{id}/interests`. */
	path: string
	body: unknown
	status: number
	userId: string
}

/** Enough for the calls of a test run; the oldest go first. */
const KEPT = 5000

export function createRequestLog() {
	let calls: ReceivedCall[] = []
	const record: RequestHandler = (req, res, next) => {
		// Read now: routers below rewrite the path while they route.
		const { method, path } = req
		res.on('finish', () => {
			const userId: unknown = res.locals.userId
			if (typeof userId !== 'string') return
			calls.push({ method, path, body: req.body ?? null, status: res.statusCode, userId })
			if (calls.length > KEPT) calls = calls.slice(-KEPT)
		})
		next()
	}
	return {
		record,
		/** The calls made with this user's tokens, oldest first. */
		of: (userId: string) => calls.filter((call) => call.userId === userId),
		clear: () => {
			calls = []
		},
	}
}
