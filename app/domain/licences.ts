/**
 * The licences of the packages the browser receives, as the build lists them
 * (Vite's `build.license` JSON): checked, sorted by name, one entry per
 * package and version.
 */
import { z } from 'zod'

const LicenceSchema = z.object({
	name: z.string(),
	version: z.string(),
	identifier: z.string().nullish(),
	text: z.string().nullish(),
})

export interface PackageLicence {
	name: string
	version: string
	/** The SPDX identifier, or null when the package names none. */
	identifier: string | null
	text: string | null
}

/** The build's list, or an empty list when it is not one (a file of another shape is not shown half). */
export function parseLicences(json: unknown): PackageLicence[] {
	const parsed = z.array(LicenceSchema).safeParse(json)
	if (!parsed.success) return []
	const seen = new Set<string>()
	return parsed.data
		.map((entry) => ({
			name: entry.name,
			version: entry.version,
			identifier: entry.identifier ?? null,
			text: entry.text?.trim() || null,
		}))
		.filter((entry) => {
			const key = `${entry.name}@${entry.version}`
			if (seen.has(key)) return false
			seen.add(key)
			return true
		})
		.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
}
