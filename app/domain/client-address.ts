/**
 * The key a per-address rate limit counts a client under (ADR 0054). An IPv6 client is handed a whole
 * /64 by its provider and can use a new address of it for every request, so it is counted by its /64;
 * an IPv4 address written as IPv6 (`::ffff:203.0.113.7`) is the IPv4 address.
 */

export function clientLimitKey(address: string): string {
	const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
	if (mapped) return mapped[1]!
	if (!/^[0-9a-f:.]+(%[\w.-]+)?$/i.test(address) || !address.includes(':')) return address
	return `${expandIpv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, zone id dropped, `::` filled with zeros, each without leading zeros. */
function expandIpv6(address: string): string[] {
	const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::')
	const left = head ? head.split(':') : []
	const right = tail ? tail.split(':') : []
	// An embedded IPv4 tail (::ffff:… is handled above; others are rare) counts as two groups.
	const groups = (part: string[]) => part.flatMap((g) => (g.includes('.') ? ['v4', 'v4'] : [g.replace(/^0+(?=.)/, '')]))
	const l = groups(left)
	const r = groups(right)
	const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - l.length - r.length)).fill('0')
	return [...l, ...zeros, ...r]
}
