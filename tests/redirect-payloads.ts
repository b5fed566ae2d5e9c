/**
 * The open-redirect payloads (issue 23, ADR 0054): the usual list (OWASP's and PortSwigger's cheat
 * sheets) for any parameter naming where the portal sends a browser. `allowed` is an origin the
 * portal may send to, so the "allowed host as a prefix / as user info" tricks aim at it. Each payload
 * is tried as written and percent-encoded once and twice, so a decoder in front (a proxy, a second
 * `decodeURIComponent`) finds nothing either.
 */
export const EVIL_HOST = 'evil.example'

/** `encoded: false`: the payloads as written only, for a surface where each try is costly (a sign-in). */
export function redirectPayloads(allowed: string, { encoded = true } = {}): string[] {
	const allowedHost = new URL(allowed).host
	const base = [
		`//${EVIL_HOST}`,
		`//${EVIL_HOST}/x?y=1`,
		`///${EVIL_HOST}`,
		`////${EVIL_HOST}`,
		`/\\${EVIL_HOST}`,
		`\\\\${EVIL_HOST}`,
		`\\/${EVIL_HOST}`,
		`/.//${EVIL_HOST}`,
		`/..//${EVIL_HOST}`,
		`/%2e//${EVIL_HOST}`,
		`/a/..//${EVIL_HOST}`,
		`/%2F%2F${EVIL_HOST}`,
		`/%5C${EVIL_HOST}`,
		`https:${EVIL_HOST}`,
		`https:/${EVIL_HOST}`,
		`https://${EVIL_HOST}`,
		`http://${EVIL_HOST}`,
		`HTTPS://${EVIL_HOST.toUpperCase()}`,
		`hTtPs://${EVIL_HOST}`,
		`https://${EVIL_HOST}:443/`,
		`http://${allowedHost}.${EVIL_HOST}`,
		`https://${allowedHost}.${EVIL_HOST}/`,
		`https://${allowedHost}@${EVIL_HOST}`,
		`https://${allowedHost}%40${EVIL_HOST}`,
		`https://user:pass@${allowedHost}/`,
		`https://${EVIL_HOST}#${allowedHost}`,
		`https://${EVIL_HOST}?${allowedHost}`,
		`https://${EVIL_HOST}\\@${allowedHost}`,
		`${allowed}@${EVIL_HOST}`,
		` //${EVIL_HOST}`,
		`\t//${EVIL_HOST}`,
		`//${EVIL_HOST} `,
		`/\t/${EVIL_HOST}`,
		`/\n/${EVIL_HOST}`,
		`/\r\n/${EVIL_HOST}`,
		`/\u0000/${EVIL_HOST}`,
		`\u3000//${EVIL_HOST}`,
		`//${EVIL_HOST}%00`,
		`//%65vil.example`,
		`//${EVIL_HOST}%2F..`,
		`javascript:alert(1)`,
		`JavaScript:alert(1)`,
		`java\tscript:alert(1)`,
		` javascript:alert(1)`,
		`javascript://${allowedHost}/%0Aalert(1)`,
		`data:text/html,<script>alert(1)</script>`,
		`DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
		`vbscript:msgbox(1)`,
		`ftp://${EVIL_HOST}/`,
		`file:///etc/passwd`,
	]
	if (!encoded) return base
	const once = base.map((p) => encodeURIComponent(p))
	const twice = once.map((p) => encodeURIComponent(p))
	return [...new Set([...base, ...once, ...twice])]
}

/**
 * Whether a place a browser would go to (a Location header, a link, a form's action, a meta refresh)
 * leaves for the payloads' host or runs a script, read as a browser reads it: relative to the page it is
 * on. Other sites the page links to on its own (the shops, the help centre) are not the payloads' doing.
 */
export function escapes(target: string, page: string): boolean {
	let url: URL
	try {
		url = new URL(target, page)
	} catch {
		// A browser goes nowhere it cannot parse.
		return false
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		return /^(javascript|data|vbscript|file|ftp):$/.test(url.protocol)
	return url.hostname.includes('evil')
}
