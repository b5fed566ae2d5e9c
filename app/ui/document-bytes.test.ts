import { describe, expect, it } from 'vitest'
import { joined } from './document-bytes.ts'

describe("a page's bytes from React's chunks", () => {
	it('keeps bytes and strings in order, strings as UTF-8 (Japanese and an emoji included)', () => {
		const chunks = [new TextEncoder().encode('<p>'), 'ギター 🎸 €', Uint8Array.of(0x3c, 0x2f), 'p>']
		const page = joined(chunks)
		expect(page.toString('utf8')).toBe('<p>ギター 🎸 €</p>')
		expect(page.byteLength).toBe(Buffer.byteLength('<p>ギター 🎸 €</p>'))
	})

	it('is empty for no chunks', () => {
		expect(joined([]).byteLength).toBe(0)
	})
})
