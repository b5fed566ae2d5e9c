import { describe, expect, it } from 'vitest'
import { decodeReceipt, encodeReceipt } from './contact-receipt.server.ts'

const SECRET = 'a-session-secret-of-enough-length'

describe('the contact receipt in the address', () => {
	it('reads back what it wrote, whatever the reference looks like', () => {
		for (const receipt of [
			{ reference: 'SR-ABCD-EFGH-JKLM', delivered: true },
			{ reference: '1f0e7c9a-1111-4222-8333-944455556666', delivered: false },
			{ reference: 'ref with spaces/and?symbols', delivered: true },
		]) {
			expect(decodeReceipt(encodeReceipt(receipt, SECRET), [SECRET])).toEqual(receipt)
		}
	})

	it('accepts a secret still in rotation', () => {
		const value = encodeReceipt({ reference: 'SR-1', delivered: true }, 'an-older-secret-still-accepted')
		expect(decodeReceipt(value, [SECRET, 'an-older-secret-still-accepted'])).toEqual({
			reference: 'SR-1',
			delivered: true,
		})
	})

	it('shows nothing for a forged, edited or broken receipt', () => {
		const value = encodeReceipt({ reference: 'SR-1', delivered: false }, SECRET)
		const [reference, , signature] = value.split('.')
		expect(decodeReceipt(`${reference}.d.${signature}`, [SECRET])).toBeNull()
		expect(
			decodeReceipt(encodeReceipt({ reference: 'SR-1', delivered: true }, 'another-secret-entirely'), [SECRET]),
		).toBeNull()
		expect(decodeReceipt(`${Buffer.from('SR-2').toString('base64url')}.k.${signature}`, [SECRET])).toBeNull()
		for (const broken of [null, '', 'SR-1', `${value}.x`, '<script>.d.aaaaaaaaaaaaaaaaaaaaaa']) {
			expect(decodeReceipt(broken, [SECRET])).toBeNull()
		}
	})
})
