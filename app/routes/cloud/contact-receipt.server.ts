/**
 * The receipt a sent contact form leaves in its page's address (`?sent=`): the outbox's reference
 * (base64url, whatever it looks like), whether it was delivered or kept, and an HMAC of both with
 * the session secret, so a forged or edited link shows no receipt. Any of the secrets in rotation
 * is accepted; the first signs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface ContactReceipt {
	reference: string
	/** False: kept by the outbox, to be delivered when the help centre answers. */
	delivered: boolean
}

const SIGNATURE_LENGTH = 22

function signature(secret: string, payload: string): string {
	return createHmac('sha256', secret)
		.update(`contact-receipt:${payload}`)
		.digest('base64url')
		.slice(0, SIGNATURE_LENGTH)
}

export function encodeReceipt(receipt: ContactReceipt, secret: string): string {
	const payload = `${Buffer.from(receipt.reference).toString('base64url')}.${receipt.delivered ? 'd' : 'k'}`
	return `${payload}.${signature(secret, payload)}`
}

export function decodeReceipt(value: string | null, secrets: readonly string[]): ContactReceipt | null {
	const match = /^([A-Za-z0-9_-]{1,200})\.([dk])\.([A-Za-z0-9_-]{22})$/.exec(value ?? '')
	if (!match) return null
	const [, encoded, state, given] = match as unknown as [string, string, string, string]
	const givenBytes = Buffer.from(given)
	const valid = secrets.some((secret) => {
		const expected = Buffer.from(signature(secret, `${encoded}.${state}`))
		return expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes)
	})
	return valid ? { reference: Buffer.from(encoded, 'base64url').toString(), delivered: state === 'd' } : null
}
