import { describe, expect, it } from 'vitest'
import type { NextFunction, Request, Response } from 'express'
import { bufferViews } from './buffer-views.ts'

/** A response whose write and end record what reaches them (the compressor's place). */
function response() {
	const reached: unknown[][] = []
	const res = {
		write: (...args: unknown[]) => reached.push(['write', ...args]) > 0,
		end: (...args: unknown[]) => {
			reached.push(['end', ...args])
			return res
		},
	}
	bufferViews({} as Request, res as unknown as Response, (() => {}) as NextFunction)
	return { res: res as unknown as Response, reached }
}

describe('the page body on its way to the compressor', () => {
	it('reaches it as a Buffer over the same bytes, not a copy', () => {
		const { res, reached } = response()
		const bytes = new Uint8Array(new ArrayBuffer(64), 8, 16).fill(7)
		res.write(bytes)
		res.end(bytes)
		for (const [, chunk] of reached) {
			expect(Buffer.isBuffer(chunk)).toBe(true)
			expect((chunk as Buffer).buffer).toBe(bytes.buffer)
			expect((chunk as Buffer).byteOffset).toBe(8)
			expect((chunk as Buffer).byteLength).toBe(16)
		}
	})

	it('passes Buffers, strings, encodings and callbacks on as they are', () => {
		const { res, reached } = response()
		const buffer = Buffer.from('page')
		const done = () => {}
		res.write(buffer)
		res.write('text', 'utf8', done)
		res.end()
		expect(reached[0]![1]).toBe(buffer)
		expect(reached[1]).toEqual(['write', 'text', 'utf8', done])
		expect(reached[2]).toEqual(['end', undefined])
	})
})
