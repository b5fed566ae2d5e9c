import type { NextFunction, Request, Response } from 'express'
import { z } from 'zod'

/**
 * Fault injection for tests and benchmarks: chosen paths answer late, with a
 * status, with a malformed body, never, or by dropping the connection.
 * `POST /_emulator/faults` adds one, `DELETE /_emulator/faults` clears them.
 */
export const FaultSchema = z.object({
	/** A path under /_emulator, matched as a prefix: `/account/master/genders`. */
	path: z.string().startsWith('/'),
	method: z.string().toUpperCase().optional(),
	mode: z.enum(['delay', 'status', 'malformed', 'timeout', 'drop']),
	delayMs: z.number().int().min(0).max(600_000).optional(),
	status: z.number().int().min(100).max(599).optional(),
	/** The error text a `status` fault answers with ('Access Denied'…); a generic one when omitted. */
	message: z.string().max(200).optional(),
	/** How many requests it affects; unlimited when omitted. */
	times: z.number().int().positive().optional(),
})
export type Fault = z.infer<typeof FaultSchema>

export interface FaultRegistry {
	add(fault: Fault): void
	clear(): void
	list(): Fault[]
	middleware(req: Request, res: Response, next: NextFunction): void
}

export function createFaultRegistry(): FaultRegistry {
	let faults: Array<Fault & { remaining: number }> = []
	const hanging = new Set<Response>()

	function take(method: string, path: string): Fault | undefined {
		const fault = faults.find((f) => path.startsWith(f.path) && (!f.method || f.method === method))
		if (!fault) return undefined
		fault.remaining -= 1
		if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault)
		return fault
	}

	return {
		add(fault) {
			faults.push({ ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY })
		},
		clear() {
			faults = []
			for (const res of hanging) res.socket?.destroy()
			hanging.clear()
		},
		list: () => faults.map(({ remaining: _, ...fault }) => fault),
		middleware(req, res, next) {
			const fault = take(req.method, req.path)
			if (!fault) return next()
			switch (fault.mode) {
				case 'delay':
					setTimeout(next, fault.delayMs ?? 1000)
					return
				case 'status':
					res
						.status(fault.status ?? 503)
						.json({ message: fault.message ?? `Injected fault: HTTP ${fault.status ?? 503}` })
					return
				case 'malformed':
					res
						.status(fault.status ?? 200)
						.type('application/json')
						.send('{"this is": not json')
					return
				case 'timeout':
					// Never answers; the socket is dropped when faults are cleared or the client gives up.
					hanging.add(res)
					res.on('close', () => hanging.delete(res))
					return
				case 'drop':
					req.socket.destroy()
					return
			}
		},
	}
}
