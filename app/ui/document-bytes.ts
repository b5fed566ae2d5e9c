/**
 * React's chunks, bytes and strings, written into one buffer of the document's size: one allocation per page
 * rather than one per string and then another for the whole (every page's buffers are garbage the next full
 * collection frees, and under load they are most of the portal's memory between two: ADR 0064).
 */
export function joined(chunks: readonly (Uint8Array | string)[]): Buffer {
	let size = 0
	for (const chunk of chunks) size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength
	const document = Buffer.allocUnsafe(size)
	let offset = 0
	for (const chunk of chunks) {
		if (typeof chunk === 'string') offset += document.write(chunk, offset)
		else {
			document.set(chunk, offset)
			offset += chunk.byteLength
		}
	}
	return document
}
