import { describe, expect, it } from 'vitest'
import {
	EMAIL_MASK,
	errorDescriptionText,
	scrubLogPayload,
	scrubPersonalData,
	scrubText,
	UUID_MASK,
} from './log-scrub.ts'

describe('scrubText: e-mail addresses (spec 2 §5)', () => {
	it.each([
		['owner@example.com', EMAIL_MASK],
		['Contact owner@example.com today', `Contact ${EMAIL_MASK} today`],
		['first.last+tag@sub.example.co.uk', EMAIL_MASK],
		['<mailto:owner@example.com>', `<mailto:${EMAIL_MASK}>`],
		['"owner@example.com"', `"${EMAIL_MASK}"`],
		['a@b.io and c@d.org', `${EMAIL_MASK} and ${EMAIL_MASK}`],
		['jörg@beispiel.de', EMAIL_MASK],
		['OWNER@EXAMPLE.COM', EMAIL_MASK],
	])('masks a plain address: %s', (input, expected) => {
		expect(scrubText(input)).toBe(expected)
	})

	it.each([
		['owner%40example.com', EMAIL_MASK],
		['/users/owner%40example.com/phones', `/users/${EMAIL_MASK}/phones`],
		['first%2Blast%40example.com', EMAIL_MASK],
		['double%2540example.com', EMAIL_MASK],
	])('masks the percent-encoded @ form: %s', (input, expected) => {
		expect(scrubText(input)).toBe(expected)
	})

	it.each([
		['/login?email=owner@example.com', `/login?email=${EMAIL_MASK}`],
		['/activation?email=owner@example.com&code=123456', `/activation?email=${EMAIL_MASK}&code=123456`],
		['?code=1&email=owner%40example.com', `?code=1&email=${EMAIL_MASK}`],
		['?e=a%2Bb%40example.com#top', `?e=${EMAIL_MASK}#top`],
		['?next=/x?email=owner@example.com', `?next=/x?email=${EMAIL_MASK}`],
		['email=owner@localhost', `email=${EMAIL_MASK}`],
	])('masks the = prefixed (query value) form: %s', (input, expected) => {
		expect(scrubText(input)).toBe(expected)
	})

	it('leaves text without an address alone', () => {
		for (const text of [
			'',
			'hello',
			'/settings/profile?tab=1',
			'a = b',
			'@handle',
			'x@y',
			'price: 5 @ 10%',
			'name=value&other=1',
		]) {
			expect(scrubText(text)).toBe(text)
		}
	})
})

describe('scrubText: UUIDs', () => {
	it('masks every UUID with x characters, whatever its case', () => {
		expect(scrubText('6f1c2a7e-0000-4000-8000-000000000001')).toBe(UUID_MASK)
		expect(scrubText('/users/6F1C2A7E-0000-4000-8000-00000000ABCD/phones/0d9c9b5e-1b1e-4f6e-9c1a-2b3c4d5e6f70')).toBe(
			`/users/${UUID_MASK}/phones/${UUID_MASK}`,
		)
		expect(UUID_MASK).toBe('xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx')
	})

	it('leaves things that only look a little like a UUID', () => {
		expect(scrubText('6f1c2a7e-0000-4000-8000')).toBe('6f1c2a7e-0000-4000-8000')
		expect(scrubText('ghijklmn-0000-4000-8000-000000000001')).toBe('ghijklmn-0000-4000-8000-000000000001')
	})

	it('is idempotent', () => {
		const once = scrubText('owner@example.com 6f1c2a7e-0000-4000-8000-000000000001 ?email=a%40b.com')
		expect(scrubText(once)).toBe(once)
	})
})

describe('scrubPersonalData: recursive walk', () => {
	it('keeps primitives that are not strings', () => {
		expect(scrubPersonalData(42)).toBe(42)
		expect(scrubPersonalData(true)).toBe(true)
		expect(scrubPersonalData(null)).toBeNull()
		expect(scrubPersonalData(undefined)).toBeUndefined()
		expect(scrubPersonalData(10n)).toBe('10')
		expect(scrubPersonalData(Number.NaN)).toBeNull()
	})

	it('walks nested objects and arrays, scrubbing every string and key', () => {
		const input = {
			event: 'page_view',
			pagePath: '/users/6f1c2a7e-0000-4000-8000-000000000001',
			user: { email: 'owner@example.com', phones: [{ number: '555', note: 'call owner@example.com' }] },
			tags: ['a', 'b@example.com', 3],
			'owner@example.com': 'key was an address',
		}
		expect(scrubPersonalData(input)).toEqual({
			event: 'page_view',
			pagePath: `/users/${UUID_MASK}`,
			user: { email: EMAIL_MASK, phones: [{ number: '555', note: `call ${EMAIL_MASK}` }] },
			tags: ['a', EMAIL_MASK, 3],
			[EMAIL_MASK]: 'key was an address',
		})
	})

	it('turns functions and other non-primitive values into null', () => {
		class Point {
			x = 1
		}
		const out = scrubPersonalData({
			fn: () => 1,
			date: new Date(0),
			map: new Map([['a', 1]]),
			set: new Set([1]),
			instance: new Point(),
			regexp: /x/,
			symbol: Symbol('s'),
			error: new Error('owner@example.com'),
			list: [() => 2, 'ok'],
		})
		expect(out).toEqual({
			fn: null,
			date: null,
			map: null,
			set: null,
			instance: null,
			regexp: null,
			symbol: null,
			error: null,
			list: [null, 'ok'],
		})
	})

	it('walks objects without a prototype', () => {
		const bare = Object.create(null) as Record<string, unknown>
		bare.email = 'owner@example.com'
		expect(scrubPersonalData(bare)).toEqual({ email: EMAIL_MASK })
	})

	it('cuts cycles instead of looping, but keeps a shared value seen twice', () => {
		const shared = { email: 'owner@example.com' }
		const cyclic: Record<string, unknown> = { a: shared, b: shared }
		cyclic.self = cyclic
		expect(scrubPersonalData(cyclic)).toEqual({ a: { email: EMAIL_MASK }, b: { email: EMAIL_MASK }, self: null })
	})

	it('does not change its input', () => {
		const input = { email: 'owner@example.com', nested: ['x@example.com'] }
		scrubPersonalData(input)
		expect(input).toEqual({ email: 'owner@example.com', nested: ['x@example.com'] })
	})

	it('scrubLogPayload returns an object of fields', () => {
		expect(scrubLogPayload({ pagePath: '/login?email=owner@example.com', count: 1 })).toEqual({
			pagePath: `/login?email=${EMAIL_MASK}`,
			count: 1,
		})
	})
})

describe('errorDescriptionText: objects in an error description become text', () => {
	it('keeps a string, scrubbed', () => {
		expect(errorDescriptionText('failed for owner@example.com')).toBe(`failed for ${EMAIL_MASK}`)
	})

	it('names an error and its message, and its cause', () => {
		expect(errorDescriptionText(new TypeError('bad input'))).toBe('TypeError: bad input')
		expect(errorDescriptionText(new Error('outer', { cause: new Error('inner') }))).toBe(
			'Error: outer (cause: Error: inner)',
		)
	})

	it('turns objects into JSON text, scrubbed', () => {
		expect(
			errorDescriptionText({ status: 400, user: 'owner@example.com', id: '6f1c2a7e-0000-4000-8000-000000000001' }),
		).toBe(`{"status":400,"user":"${EMAIL_MASK}","id":"${UUID_MASK}"}`)
		expect(errorDescriptionText([1, { e: new Error('x') }])).toBe('[1,{"e":"Error: x"}]')
	})

	it('copes with cycles, bigints, maps, functions and nothing at all', () => {
		const cyclic: Record<string, unknown> = { a: 1 }
		cyclic.self = cyclic
		expect(errorDescriptionText(cyclic)).toBe('{"a":1,"self":"[Circular]"}')
		expect(errorDescriptionText({ n: 5n, m: new Map([['k', 'v']]) })).toBe('{"n":"5","m":{"k":"v"}}')
		expect(errorDescriptionText(function load() {})).toBe('[function load]')
		expect(errorDescriptionText(undefined)).toBe('')
		expect(errorDescriptionText(null)).toBe('null')
		expect(errorDescriptionText(404)).toBe('404')
	})
})
