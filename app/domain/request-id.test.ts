import { describe, expect, it } from 'vitest'
import { chooseRequestId, isWellFormedRequestId } from './request-id.ts'

const generate = () => 'generated0000000000000000000000'

describe('the request id (ADR 0050)', () => {
	it.each([
		'0f8fad5bd9cb469fa16570867728950e', // nginx $request_id
		'7b2c1a2e-9f4d-4a8e-b8a1-3c5d7e9f0a1b', // a UUID
		'01HQ2ZK8J3V8N5Q4W7X9Y6Z0AB', // a ULID
		'7F000001:C3E4_0A000002:1F90_65F1A2B3_0001:5A3C', // HAProxy's %ID format
		'a',
		'a'.repeat(128),
	])('keeps a trusted proxy’s well-formed id: %s', (id) => {
		expect(isWellFormedRequestId(id)).toBe(true)
		expect(chooseRequestId(id, true, generate)).toBe(id)
	})

	it.each([
		['empty', ''],
		['too long', 'a'.repeat(129)],
		['a repeated header, joined by Node', 'abc, def'],
		['a space', 'abc def'],
		['an address', 'owner@example.com'],
		['a percent-encoded address', 'owner%40example.com'],
		['a line break', 'abc\nlevel=fatal'],
		['a quote', 'abc"def'],
		['a path', '../../etc/passwd'],
		['a leading dash', '-abc'],
		['non-ASCII', 'ａｂｃ'],
	])('makes its own when the proxy’s is malformed (%s)', (_what, id) => {
		expect(isWellFormedRequestId(id)).toBe(false)
		expect(chooseRequestId(id, true, generate)).toBe(generate())
	})

	it('makes its own when the header came from a peer that is not a trusted proxy', () => {
		expect(chooseRequestId('0f8fad5bd9cb469fa16570867728950e', false, generate)).toBe(generate())
	})

	it('makes its own when there is none, or several headers arrived as a list', () => {
		expect(chooseRequestId(undefined, true, generate)).toBe(generate())
		expect(chooseRequestId(['a', 'b'], true, generate)).toBe(generate())
	})
})
