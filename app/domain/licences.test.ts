import { describe, expect, it } from 'vitest'
import { parseLicences } from './licences.ts'

describe('the licences the build lists', () => {
	it('are sorted by name, once per package and version, with blank texts as none', () => {
		expect(
			parseLicences([
				{ name: 'react-dom', version: '19.3.1', identifier: 'MIT', text: 'MIT License\n' },
				{ name: 'react', version: '19.3.1', identifier: 'MIT', text: '  ' },
				{ name: 'react-dom', version: '19.3.1', identifier: 'MIT', text: 'MIT License\n' },
				{ name: 'cookie', version: '1.0.2', identifier: null },
			]),
		).toEqual([
			{ name: 'cookie', version: '1.0.2', identifier: null, text: null },
			{ name: 'react', version: '19.3.1', identifier: 'MIT', text: null },
			{ name: 'react-dom', version: '19.3.1', identifier: 'MIT', text: 'MIT License' },
		])
	})

	it('are none when the file is not the build’s list', () => {
		expect(parseLicences({ licences: [] })).toEqual([])
		expect(parseLicences([{ name: 'react' }])).toEqual([])
		expect(parseLicences(null)).toEqual([])
	})
})
