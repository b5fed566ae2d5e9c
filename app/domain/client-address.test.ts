import { describe, expect, it } from 'vitest'
import { clientLimitKey } from './client-address.ts'

describe('clientLimitKey', () => {
	it('keeps an IPv4 address, and unwraps one written as IPv6', () => {
		expect(clientLimitKey('203.0.113.7')).toBe('203.0.113.7')
		expect(clientLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
		expect(clientLimitKey('::FFFF:10.1.2.3')).toBe('10.1.2.3')
	})

	it('counts every address of an IPv6 /64 as one client, however it is written', () => {
		const keys = [
			'2001:db8:1:2::1',
			'2001:db8:1:2:ffff:ffff:ffff:ffff',
			'2001:0db8:0001:0002:0:0:0:7',
			'2001:DB8:1:2::abcd%eth0',
		].map(clientLimitKey)
		expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']))
		expect(clientLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
		expect(clientLimitKey('::1')).toBe('0:0:0:0::/64')
	})

	it('leaves anything else as it is (an empty address, a name)', () => {
		expect(clientLimitKey('')).toBe('')
		expect(clientLimitKey('unknown')).toBe('unknown')
	})
})
