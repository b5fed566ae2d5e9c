import type { RequestHandler } from 'express'

/**
 * React Router writes a page's body as Uint8Array chunks (a web stream's), and the compressor turns each chunk
 * that is not a Buffer into one by copying it (`Buffer.from`). A Buffer view of the same bytes spares that copy:
 * a page's size less garbage per request, which under load waits for the next full collection (ADR 0064).
 * Used between the compressor and what writes the pages.
 */
export const bufferViews: RequestHandler = (_req, res, next) => {
	const write = res.write
	const end = res.end
	res.write = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
		return (write as (...args: unknown[]) => boolean).call(this, asBuffer(chunk), ...rest)
	} as typeof res.write
	res.end = function (this: typeof res, chunk?: unknown, ...rest: unknown[]) {
		return (end as (...args: unknown[]) => typeof res).call(this, asBuffer(chunk), ...rest)
	} as typeof res.end
	next()
}

function asBuffer(chunk: unknown): unknown {
	return chunk instanceof Uint8Array && !Buffer.isBuffer(chunk)
		? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
		: chunk
}
