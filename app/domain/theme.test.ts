import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
	DEFAULT_THEME,
	DRUM_THEMES,
	resolveTheme,
	THEME_NAMES,
	THEMES,
	themeColours,
	themeHasConsent,
} from './theme.ts'

const themeByHost = { 'owners.example': 'main', 'fx.example': 'effects' } as const

describe('themes (spec 1 §1)', () => {
	it('has nine themes, five of them drum themes, and a drum default', () => {
		expect(THEME_NAMES).toHaveLength(9)
		expect(DRUM_THEMES).toHaveLength(5)
		expect(DRUM_THEMES).toContain(DEFAULT_THEME)
	})

	it('shows the consent banner for the main, effects and cloud themes only', () => {
		expect(THEME_NAMES.filter(themeHasConsent).sort()).toEqual(['cloud', 'effects', 'main'])
	})

	it('picks the theme by host, ignoring the port and case', () => {
		expect(resolveTheme({ host: 'fx.example', themeByHost })).toBe('effects')
		expect(resolveTheme({ host: 'OWNERS.example:8443', themeByHost })).toBe('main')
		expect(resolveTheme({ host: 'unknown.example', themeByHost })).toBe(DEFAULT_THEME)
	})

	it('lets ?theme= override the host, and the cookie stand in between', () => {
		expect(resolveTheme({ query: 'cloud', cookie: 'pdp', host: 'fx.example', themeByHost })).toBe('cloud')
		expect(resolveTheme({ cookie: 'pdp', host: 'fx.example', themeByHost })).toBe('pdp')
		expect(resolveTheme({ query: 'bogus', host: 'fx.example', themeByHost })).toBe('effects')
	})
})

/** WCAG 2.1's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
	const luminance = (hex: string) => {
		const [r, g, b] = [1, 3, 5].map((at) => {
			const c = parseInt(hex.slice(at, at + 2), 16) / 255
			return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
		}) as [number, number, number]
		return 0.2126 * r + 0.7152 * g + 0.0722 * b
	}
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
	return (light + 0.05) / (dark + 0.05)
}

describe('theme colours meet WCAG 2.1 AA contrast (issue 24)', () => {
	it('knows the ratio: black on white is 21, grey #767676 on white 4.54', () => {
		expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
		expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
	})

	it.each(THEME_NAMES)(
		'%s: text, links and buttons 4.5:1, the focus ring 3:1 on the page and on white fields',
		(name) => {
			const { text, surface, primary, onPrimary } = THEMES[name]
			expect(contrast(text, surface), 'text on the page').toBeGreaterThanOrEqual(4.5)
			// Links, outlined buttons and the active tab are the theme's colour on the page.
			expect(contrast(primary, surface), 'links on the page').toBeGreaterThanOrEqual(4.5)
			expect(contrast(onPrimary, primary), 'header and primary buttons').toBeGreaterThanOrEqual(4.5)
			// The focus ring is the theme's colour, around controls on the page and on white fields.
			expect(contrast(primary, '#ffffff'), 'focus ring on white').toBeGreaterThanOrEqual(3)
		},
	)
})

describe('a theme reaches the style sheet only by its colours (ADR 0068)', () => {
	// The accessibility suite puts each theme's colours on a page of another theme of the same markup.
	it('sets four custom properties, and no style rule reads the theme by name', () => {
		expect(Object.keys(themeColours('main')).sort()).toEqual(['--on-primary', '--primary', '--surface', '--text'])
		const css = readFileSync(new URL('../ui/app.css', import.meta.url), 'utf8')
		expect(css).not.toMatch(/data-theme/)
		for (const name of Object.keys(themeColours('main'))) expect(css).toContain(`var(${name})`)
	})
})
