/**
 * Brands as the public API knows them (spec 2 §9: main, effects, PROAV, cloud
 * as RVS, and the drum brands), each with its web site on an example domain and
 * a colour for the images it generates. The emulator keeps its own table rather
 * than the portal's themes: it is the other side of the contract (issue 22).
 */

const BRANDS = {
	main: { site: 'www.main-instruments.example', colour: '#c8102e' },
	effects: { site: 'www.effects-pedals.example', colour: '#1565c0' },
	proav: { site: 'proav.main-instruments.example', colour: '#263f5e' },
	cloud: { site: 'cloud.main-instruments.example', colour: '#5b3cc4' },
	dw: { site: 'www.dw-drums.example', colour: '#222222' },
	pdp: { site: 'www.pdp-drums.example', colour: '#b71c1c' },
	dwe: { site: 'dwe.dw-drums.example', colour: '#00796b' },
	drumshop: { site: 'www.drumshop.example', colour: '#8d6e63' },
	slingerland: { site: 'www.slingerland.example', colour: '#37474f' },
} as const

export type Brand = keyof typeof BRANDS

/** The cloud brand's other names (RVS in the brand list, RCS in logs). */
const ALIASES: Readonly<Record<string, Brand>> = { rvs: 'cloud', rcs: 'cloud' }

/** A brand value in any case, or one of its aliases; null for a brand the API does not know. */
export function brandName(raw: string): Brand | null {
	const value = raw.trim().toLowerCase()
	if (Object.hasOwn(BRANDS, value)) return value as Brand
	return ALIASES[value] ?? null
}

export const BRAND_SITES: Readonly<Record<Brand, string>> = Object.fromEntries(
	Object.entries(BRANDS).map(([brand, { site }]) => [brand, site]),
) as Record<Brand, string>

export function brandColour(brand: Brand): string {
	return BRANDS[brand].colour
}
