/**
 * A cookie whose value is `<value>.<HMAC-SHA256>` signed through node:crypto
 * (`cookie-signature`, the signer Express uses), in place of React Router's
 * own signing. Theirs goes through WebCrypto and imports the key again for
 * every cookie it reads, for one HMAC that node:crypto does in a few
 * microseconds; the session cookie is read on every request. Parsing and
 * formatting are `cookie-es`, as React Router's own cookies use.
 */
import { sign, unsign } from 'cookie-signature'
import { parse, serialize } from 'cookie-es'
import type { Cookie, CookieOptions } from 'react-router'

/**
 * `secrets[0]` signs; every one of them is accepted when reading, so a secret
 * can be rotated in without signing everyone out.
 */
export function createSignedCookie(name: string, options: CookieOptions & { secrets: readonly string[] }): Cookie {
	const { secrets, ...attributes } = { path: '/', sameSite: 'lax' as const, ...options }
	if (secrets.length === 0) throw new Error(`The ${name} cookie needs at least one secret`)
	return {
		name,
		isSigned: true,
		get expires() {
			return attributes.maxAge !== undefined ? new Date(Date.now() + attributes.maxAge * 1000) : attributes.expires
		},
		async parse(cookieHeader, parseOptions) {
			if (!cookieHeader) return null
			const value = parse(cookieHeader, { ...attributes, ...parseOptions })[name]
			if (!value) return null
			for (const secret of secrets) {
				const unsigned = unsign(value, secret)
				if (unsigned !== false) return unsigned
			}
			return null
		},
		async serialize(value: unknown, serializeOptions) {
			// An empty value is the deletion of the cookie: nothing to vouch for.
			const signed = value === '' ? '' : sign(String(value), secrets[0]!)
			return serialize(name, signed, { ...attributes, ...serializeOptions })
		},
	}
}
