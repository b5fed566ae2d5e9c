/**
 * The emulated geo-IP lookup: deterministic, from the documentation address
 * ranges (RFC 5737), so tests and demos can pick a country by address:
 * 198.51.100.0/24 is China, 203.0.113.0/24 Japan, 192.0.2.0/24 Germany;
 * loopback, private and every other address are the United States.
 */
import { isIPv4, isIP } from 'node:net'

export interface GeoCountry {
	isoCode: string
	name: string
}

export const GEOIP_RANGES: ReadonlyArray<{ cidr: string; country: GeoCountry }> = [
	{ cidr: '198.51.100.0/24', country: { isoCode: 'CN', name: 'China' } },
	{ cidr: '203.0.113.0/24', country: { isoCode: 'JP', name: 'Japan' } },
	{ cidr: '192.0.2.0/24', country: { isoCode: 'DE', name: 'Germany' } },
]
export const GEOIP_DEFAULT: GeoCountry = { isoCode: 'US', name: 'United States' }

function ipv4ToNumber(ip: string): number {
	return ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0)
}

function inRange(ip: string, cidr: string): boolean {
	const [base, bits] = cidr.split('/') as [string, string]
	const size = 2 ** (32 - Number(bits))
	const start = ipv4ToNumber(base)
	const n = ipv4ToNumber(ip)
	return n >= start && n < start + size
}

/** An address as the lookup reads it: IPv4-mapped IPv6 (`::ffff:198.51.100.7`) as IPv4; null when it is no address. */
export function normaliseAddress(raw: string): string | null {
	const address = raw.trim().replace(/^\[|\]$/g, '')
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
	const ip = mapped ? mapped[1]! : address
	return isIP(ip) ? ip : null
}

export function lookupCountry(address: string): GeoCountry {
	if (!isIPv4(address)) return GEOIP_DEFAULT
	return GEOIP_RANGES.find((range) => inRange(address, range.cidr))?.country ?? GEOIP_DEFAULT
}
