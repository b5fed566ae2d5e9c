/**
 * Issue 21: a table wider than a phone hid its last columns (the billing history's currency and
 * status). A table stacks its rows on a narrow screen only if each cell carries its column's label,
 * which DataTable writes: so every table of the portal's own views is a DataTable.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const APP = path.join(import.meta.dirname, '..')

function views(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return views(file)
		return entry.name.endsWith('.tsx') ? [file] : []
	})
}

it('finds the views', () => {
	expect(views(APP).length).toBeGreaterThan(10)
})

it('writes <table> only in DataTable', () => {
	const withTable = views(APP)
		.filter((file) => /<table[\s>]/.test(readFileSync(file, 'utf8')))
		.map((file) => path.relative(APP, file))
	expect(withTable).toEqual([path.join('ui', 'data-table.tsx')])
})

// The 360 px review found a grey browser button ('Look up' on the staff tab): a visible button is
// the theme's (SubmitButton, or a `className`), never the browser's default.
it('draws every visible button in the theme’s style', () => {
	const bare = views(APP).flatMap((file) =>
		[...readFileSync(file, 'utf8').matchAll(/<button\b[^>]*>/g)]
			.map((match) => match[0])
			.filter((tag) => !/className=|\bhidden\b/.test(tag))
			.map((tag) => `${path.relative(APP, file)}: ${tag}`),
	)
	expect(bare).toEqual([])
})
