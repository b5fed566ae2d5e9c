/**
 * Homes (spec 1 §2): every brand's portal, so a customer on the wrong brand finds theirs. A brand
 * served on a host of its own (THEME_BY_HOST) is linked there; one without is this portal with
 * `?theme=`, which keeps the choice in its cookie.
 */
import { THEME_NAMES, THEMES, type ThemeName } from './theme.ts'

export interface BrandPortal {
	theme: ThemeName
	title: string
	href: string
	current: boolean
}

/**
 * The brands' portals in the themes' order. `publicUrl` gives the scheme and port the brands' hosts
 * are reached on (they all serve this portal); a brand with several hosts is linked at its first.
 */
export function brandPortals(
	themeByHost: Readonly<Record<string, ThemeName>>,
	current: ThemeName,
	publicUrl: string,
): BrandPortal[] {
	const base = new URL(publicUrl)
	const hostOf = new Map<ThemeName, string>()
	for (const [host, theme] of Object.entries(themeByHost)) if (!hostOf.has(theme)) hostOf.set(theme, host)
	return THEME_NAMES.map((theme) => {
		const host = hostOf.get(theme)
		let href = `/?${new URLSearchParams({ theme })}`
		if (host) {
			const url = new URL('/', base)
			url.hostname = host
			href = url.toString()
		}
		return { theme, title: THEMES[theme].title, href, current: theme === current }
	})
}
