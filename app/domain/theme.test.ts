import { describe, expect, it } from 'vitest'
import { DEFAULT_THEME, DRUM_THEMES, resolveTheme, THEME_NAMES, themeHasConsent } from './theme.ts'

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
