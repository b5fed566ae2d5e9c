import { randomBytes } from 'node:crypto'

/** Crockford's base-32: no I, L, O or U, so a reference read out on the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A support request's reference, `SR-XXXX-XXXX-XXXX` (60 random bits). */
export function newReference(): string {
	const bytes = randomBytes(12)
	let text = ''
	for (const byte of bytes) text += ALPHABET[byte & 31]
	return `SR-${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`
}
