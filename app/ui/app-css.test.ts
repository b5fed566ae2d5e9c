/**
 * React Router's NavLink gives its link the classes `active`, `pending` and `transitioning` by
 * itself. A rule of the stylesheet that selects one of them also styles every menu link in that
 * state: `.pending` once drew the fixed progress bar's box around the link being loaded, so the
 * item left its menu and its text lay over the logo.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const CSS = readFileSync(path.join(import.meta.dirname, 'app.css'), 'utf8')

/** The selectors of every rule (comments and the keyframe names taken out). */
function selectors(css: string): string[] {
	const plain = css.replace(/\/\*[\s\S]*?\*\//g, '')
	return [...plain.matchAll(/([^{}]+)\{/g)]
		.map((match) => match[1]!.trim())
		.filter((selector) => !selector.startsWith('@'))
}

it('has rules to look at', () => {
	expect(selectors(CSS)).toContain('.progress-bar')
})

it.each(['active', 'pending', 'transitioning'])('selects nothing by NavLink’s own class .%s', (name) => {
	const own = new RegExp(`\\.${name}(?![\\w-])`)
	expect(selectors(CSS).filter((selector) => own.test(selector))).toEqual([])
})
