import { describe, expect, it } from 'vitest'
import { normaliseTags } from './ticket-tags.ts'

describe('normaliseTags', () => {
	it('trims, lower-cases and joins whitespace runs with one underscore', () => {
		expect(normaliseTags(['  Service Request ', 'DW\t\tDrums  Support'])).toEqual([
			'service_request',
			'dw_drums_support',
		])
	})
	it('drops empty and repeated tags, keeping the first order', () => {
		expect(normaliseTags(['b', ' ', 'A', 'a', 'B '])).toEqual(['b', 'a'])
	})
})
