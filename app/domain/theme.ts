/**
 * Themes by brand (spec 1 §1, spec 2 §9): four brand themes and five drum
 * themes; the default is a drum theme. Colours, title and icon per theme.
 */

export const THEMES = {
	main: {
		title: 'Owners Portal',
		brand: 'main',
		primary: '#d7001d',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#1a1a1a',
		consent: true,
		logName: 'MAIN',
	},
	effects: {
		title: 'Effects Owners Portal',
		brand: 'effects',
		primary: '#0f5ea8',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#14181c',
		consent: true,
		logName: 'EFFECTS',
	},
	proav: {
		title: 'Pro A/V Owners Portal',
		brand: 'proav',
		primary: '#1f3a5c',
		onPrimary: '#ffffff',
		surface: '#f7f8fa',
		text: '#111827',
		consent: false,
		logName: 'PROAV',
	},
	cloud: {
		title: 'Cloud Members',
		brand: 'cloud',
		primary: '#5b2ccf',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#15131c',
		consent: true,
		logName: 'RCS',
	},
	dw: {
		title: 'DW Owners Portal',
		brand: 'dw',
		primary: '#1b1b1b',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#111111',
		consent: false,
		logName: 'DW',
	},
	pdp: {
		title: 'PDP Owners Portal',
		brand: 'pdp',
		primary: '#b3001b',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#141414',
		consent: false,
		logName: 'PDP',
	},
	dwe: {
		title: 'DWe Owners Portal',
		brand: 'dwe',
		primary: '#006b6b',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#0f1717',
		consent: false,
		logName: 'DWE',
	},
	drumshop: {
		title: 'Drum Shop Owners Portal',
		brand: 'drumshop',
		primary: '#7a4a12',
		onPrimary: '#ffffff',
		surface: '#fffdf8',
		text: '#1d160c',
		consent: false,
		logName: 'DRUMSHOP',
	},
	slingerland: {
		title: 'Slingerland Owners Portal',
		brand: 'slingerland',
		primary: '#2d5a27',
		onPrimary: '#ffffff',
		surface: '#ffffff',
		text: '#121a11',
		consent: false,
		logName: 'SLINGERLAND',
	},
} as const

export type ThemeName = keyof typeof THEMES
export type Theme = (typeof THEMES)[ThemeName]

export const THEME_NAMES = Object.keys(THEMES) as ThemeName[]
export const DRUM_THEMES: readonly ThemeName[] = ['dw', 'pdp', 'dwe', 'drumshop', 'slingerland']
export const DEFAULT_THEME: ThemeName = 'dw'

export function isThemeName(value: unknown): value is ThemeName {
	return typeof value === 'string' && Object.hasOwn(THEMES, value)
}

export function isDrumTheme(theme: ThemeName): boolean {
	return DRUM_THEMES.includes(theme)
}

/**
 * The theme's colours as the CSS custom properties set on `<html>`: all that a theme changes in the style
 * sheet (no rule reads `data-theme`), so the accessibility suite can put a theme's colours on a page.
 */
export function themeColours(theme: ThemeName): Readonly<Record<`--${string}`, string>> {
	const colours = THEMES[theme]
	return {
		'--primary': colours.primary,
		'--on-primary': colours.onPrimary,
		'--surface': colours.surface,
		'--text': colours.text,
	}
}

/** Whether the consent banner (the analytics opt-in) is shown for this theme. */
export function themeHasConsent(theme: ThemeName): boolean {
	return THEMES[theme].consent
}

/**
 * The theme for a request: `?theme=` first, then the theme cookie, then the
 * host → theme map, then the default drum theme.
 */
export function resolveTheme(input: {
	query?: string | null
	cookie?: string | null
	host?: string | null
	themeByHost: Readonly<Record<string, ThemeName>>
}): ThemeName {
	const query = input.query?.toLowerCase()
	if (isThemeName(query)) return query
	if (isThemeName(input.cookie)) return input.cookie
	const host = input.host?.toLowerCase().replace(/:\d+$/, '')
	if (host && Object.hasOwn(input.themeByHost, host)) return input.themeByHost[host]!
	return DEFAULT_THEME
}
