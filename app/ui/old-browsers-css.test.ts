/**
 * Flex boxes lay out without `gap` in Chrome before 84 and Safari before 14.1 (ADR 0059): the
 * stylesheet's `@supports not (inset: 0)` block at its end gives them margins instead. The linter
 * (stylelint.config.js) leaves flex gaps to this test: a flex box with a gap and no margins in that
 * block would have its boxes touch in those browsers.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const CSS = readFileSync(path.join(import.meta.dirname, 'app.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
const FALLBACK_START = CSS.indexOf('@supports not (inset: 0)')

/** Every rule as its selectors and declarations (at-rule blocks entered, their own heads skipped). */
function rules(css: string) {
	return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
		at: match.index,
		selectors: match[1]!
			.trim()
			.split(',')
			.map((selector) => selector.trim().replace(/\s+/g, ' ')),
		body: match[2]!,
	}))
}

const flexWithGap = rules(CSS).filter(
	(rule) =>
		rule.at < FALLBACK_START &&
		/display:\s*(inline-)?flex\b/.test(rule.body) &&
		/(^|[;\s])(row-|column-)?gap:\s*(?!0[;\s])/.test(rule.body),
)
const fallback = rules(CSS).filter((rule) => rule.at > FALLBACK_START)

it('has a fallback block and flex boxes with gaps to look at', () => {
	expect(FALLBACK_START).toBeGreaterThan(0)
	expect(flexWithGap.length).toBeGreaterThan(10)
})

it.each(flexWithGap.flatMap((rule) => rule.selectors))('%s: no gap in old browsers, margins instead', (selector) => {
	const zeroed = fallback.find((rule) => rule.selectors.includes(selector) && /row-gap:\s*0/.test(rule.body))
	expect(zeroed, `${selector} has its gap set to 0 in the fallback block`).toBeDefined()
	const spaced = fallback.some((rule) =>
		rule.selectors.some(
			(other) => (other.startsWith(`${selector} >`) || other.startsWith(`${selector} [`)) && /margin-/.test(rule.body),
		),
	)
	expect(spaced, `${selector}'s boxes have margins in the fallback block`).toBe(true)
})
