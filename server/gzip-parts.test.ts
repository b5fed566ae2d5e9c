import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { deflatedParts, gzipJoined } from './gzip-parts.ts'

const joined = (parts: Buffer[], glue: Buffer) => Buffer.concat(parts.flatMap((part, i) => (i ? [glue, part] : [part])))

describe('gzip of a page joined from parts compressed once', () => {
	it('unzips to the parts joined by the glue, whatever they hold', () => {
		const nonce = Buffer.from(randomBytes(16).toString('base64'))
		const cases: Buffer[][] = [
			[Buffer.from('<html><script nonce="'), Buffer.from('">1</script><script nonce="'), Buffer.from('">2</script>')],
			[Buffer.from('no nonce at all')],
			[Buffer.alloc(0), Buffer.alloc(0), Buffer.from('starts and repeats'), Buffer.alloc(0)],
			[Buffer.from('日本語のページ 🎹 '.repeat(500)), Buffer.from('é'.repeat(3000))],
			// Past DEFLATE's 32 KB window and a stored block's 64 KB: incompressible bytes, then repeats.
			[randomBytes(200_000), Buffer.from('x'.repeat(100_000)), randomBytes(70_000)],
		]
		for (const parts of cases) {
			const zipped = gzipJoined(parts, deflatedParts(parts), nonce)
			expect(gunzipSync(zipped).equals(joined(parts, nonce))).toBe(true)
		}
	})

	it('compresses the page: a repetitive page is a small part of its size', () => {
		const parts = [Buffer.from('<div class="field">'.repeat(1000)), Buffer.from('<p>text</p>'.repeat(1000))]
		const zipped = gzipJoined(parts, deflatedParts(parts), Buffer.from('nonce'))
		expect(zipped.length).toBeLessThan(joined(parts, Buffer.from('nonce')).length / 20)
	})

	it('refuses glue too long for one stored block', () => {
		expect(() =>
			gzipJoined(
				[Buffer.from('a'), Buffer.from('b')],
				deflatedParts([Buffer.from('a'), Buffer.from('b')]),
				Buffer.alloc(70_000),
			),
		).toThrow(RangeError)
	})
})
