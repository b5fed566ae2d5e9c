/**
 * Brands as the public API knows them: the brand values of the portal's
 * themes (`RVS`/`RCS` are the cloud brand), each with its web site on an
 * example domain and its colour for generated images.
 */
import { THEMES, type ThemeName } from '../../../app/domain/theme.ts'

const ALIASES: Readonly<Record<string, ThemeName>> = { rvs: 'cloud', rcs: 'cloud' }

export function brandName(raw: string): ThemeName | null {
	const value = raw.trim().toLowerCase()
	if (Object.hasOwn(THEMES, value)) return value as ThemeName
	return ALIASES[value] ?? null
}

export const BRAND_SITES: Readonly<Record<ThemeName, string>> = {
	main: 'www.main-instruments.example',
	effects: 'www.effects-pedals.example',
	proav: 'proav.main-instruments.example',
	cloud: 'cloud.main-instruments.example',
	dw: 'www.dw-drums.example',
	pdp: 'www.pdp-drums.example',
	dwe: 'dwe.dw-drums.example',
	drumshop: 'www.drumshop.example',
	slingerland: 'www.slingerland.example',
}

export function brandColour(brand: ThemeName): string {
	return THEMES[brand].primary
}
