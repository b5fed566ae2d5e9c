/**
 * The calls the emulated upstreams answered, kept in memory so an end-to-end test can check what the
 * portal sent: which calls, with which bodies, for which user (the one their token names; null for a
 * call without one, such as master data). Each call has a sequence number, so a test can ask for the
 * calls made after a point.
 */
import type { RequestHandler } from 'express'

export interface ReceivedCall {
	/** 1 for the first call since the emulator started (or was reset), then counting up. */
	seq: number
	method: string
	/** Under /_emulator, e.g. `/account/users/{id}/interests`. */
	path: string
	body: unknown
	status: number
	userId: string | null
	/** The caller's `X-Request-Id`, as a real upstream would log it; null without one. */
	requestId: string | null
}

/** Enough for the calls of a test run; the oldest go first. */
const KEPT = 5000

export function createRequestLog() {
	let calls: ReceivedCall[] = []
	let seq = 0
	const record: RequestHandler = (req, res, next) => {
		// Read now: routers below rewrite the path while they route.
		const { method, path } = req
		res.on('finish', () => {
			const userId: unknown = res.locals.userId
			seq += 1
			calls.push({
				seq,
				method,
				path,
				body: req.body ?? null,
				status: res.statusCode,
				userId: typeof userId === 'string' ? userId : null,
				requestId: req.get('X-Request-Id') ?? null,
			})
			// Trimmed in batches: a full log is not copied on every call.
			if (calls.length > KEPT * 1.2) calls = calls.slice(-KEPT)
		})
		next()
	}
	return {
		record,
		/** The calls made with this user's tokens, oldest first. */
		of: (userId: string) => calls.filter((call) => call.userId === userId),
		/** Every call after the one numbered `after`, whoever made it. */
		after: (after: number) => calls.filter((call) => call.seq > after),
		/** The number of the latest call (0 before any). */
		latest: () => seq,
		clear: () => {
			calls = []
			seq = 0
		},
	}
}
