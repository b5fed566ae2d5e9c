import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTING_NAMES } from './env.server.ts'

/**
 * The README's settings table is how an operator learns the settings: it names every key of the schema
 * in app/env.server.ts, and nothing the schema does not read (issue 22).
 */
function readmeSettings(): string[] {
	const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8').split('\n')
	const header = readme.findIndex((line) => /^\|\s*variable\s*\|\s*default\s*\|/.test(line))
	expect(header, 'the README has a settings table (| variable | default | meaning |)').toBeGreaterThan(-1)
	const rows: string[] = []
	for (const line of readme.slice(header + 2)) {
		if (!line.startsWith('|')) break
		rows.push(line)
	}
	// The first cell names one setting or several, each in backticks.
	return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!))
}

describe('the README’s settings table', () => {
	it('lists every setting of the schema', () => {
		const listed = new Set(readmeSettings())
		expect(SETTING_NAMES.filter((name) => !listed.has(name))).toEqual([])
	})

	it('lists only settings of the schema', () => {
		const known = new Set(SETTING_NAMES)
		expect(readmeSettings().filter((name) => !known.has(name))).toEqual([])
	})
})
