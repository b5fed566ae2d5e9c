import zlib from 'node:zlib'

/**
 * A cached page compressed once, answered compressed with each response's own nonce in it (ADR 0066).
 *
 * A page from the rendered-HTML cache differs between responses only by its CSP nonce, yet it was compressed
 * anew for every response: most of what a hit cost, and work on libuv's pool, which on two cores took the
 * CPU from the main thread at random (the cached page's p99 was 3× its p50). DEFLATE lets a stream be built
 * from pieces: each piece of the page between two nonces is compressed once, when the page is kept, ending
 * on a byte boundary with nothing referring across it (a sync flush); a response then joins them with its
 * nonce as an uncompressed ("stored") block between each two, a last empty block, and gzip's header and
 * trailer (the CRC-32 and length of what it holds). zlib does the compressing and the CRC-32; only the
 * framing, fixed by RFC 1951 §3.2.4 and RFC 1952 §2.3, is written here.
 */

/** The pieces compressed, each to be followed by any other DEFLATE block (level 9: done once per page). */
export function deflatedParts(parts: readonly Buffer[]): Buffer[] {
	return parts.map((part) => zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }))
}

/** ID1 ID2, CM = 8 (deflate), no flags, no modification time, XFL 0, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** BFINAL = 1, BTYPE = 00 (stored), LEN 0 and its complement: the stream's end. */
const LAST_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff

/** `bytes` as one stored block, not the last (BFINAL = 0, BTYPE = 00), starting on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
	if (bytes.length > STORED_MAX) throw new RangeError('a stored block holds at most 65,535 bytes')
	const block = Buffer.allocUnsafe(5 + bytes.length)
	block[0] = 0
	block.writeUInt16LE(bytes.length, 1)
	block.writeUInt16LE(~bytes.length & 0xffff, 3)
	bytes.copy(block, 5)
	return block
}

/**
 * One gzip member of `parts` joined by `glue` (the nonce), from `deflated` (their `deflatedParts`): the same
 * bytes as gzip of the joined page, made without compressing anything.
 */
export function gzipJoined(parts: readonly Buffer[], deflated: readonly Buffer[], glue: Buffer): Buffer {
	const stored = storedBlock(glue)
	const pieces: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let size = 0
	parts.forEach((part, i) => {
		if (i > 0) {
			pieces.push(stored)
			crc = zlib.crc32(glue, crc)
			size += glue.length
		}
		pieces.push(deflated[i]!)
		crc = zlib.crc32(part, crc)
		size += part.length
	})
	const trailer = Buffer.allocUnsafe(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	// ISIZE: the length modulo 2^32.
	trailer.writeUInt32LE(size % 0x1_0000_0000, 4)
	pieces.push(LAST_EMPTY_BLOCK, trailer)
	return Buffer.concat(pieces)
}
