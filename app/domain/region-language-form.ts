/**
 * The settings tab's region and language form (spec 1 §1, §5: "region and
 * language required"). One action serves the tab's buttons, told apart by
 * `intent`. Messages are catalogue keys.
 */
import { z } from 'zod'
import { isRegionalGroup, type RegionCultures } from './culture.ts'

export const SETTINGS_INTENTS = ['region', 'saveRegionLanguage', 'clearCache'] as const
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number]

export function settingsIntent(value: FormDataEntryValue | null): SettingsIntent | null {
	return (SETTINGS_INTENTS as readonly unknown[]).includes(value) ? (value as SettingsIntent) : null
}

const regionField = z
	.string({ error: 'validation.regionRequired' })
	.refine(isRegionalGroup, { error: 'validation.regionRequired' })

/** Choosing a region only, to be shown its languages (the form without JavaScript). */
export const RegionChoiceSchema = z.object({ region: regionField, cultureCode: z.string().optional() })

/**
 * Region and language, the language one of the region's: both errors at once
 * when both are missing, and a language of another region is refused.
 */
export function regionLanguageSchema(groups: readonly RegionCultures[]) {
	const cultures = new Set(groups.flatMap((g) => g.cultures.map((c) => c.value as string)))
	return z
		.object({
			region: z
				.string({ error: 'validation.regionRequired' })
				.refine((region) => groups.some((g) => g.region === region), { error: 'validation.regionRequired' }),
			cultureCode: z
				.string({ error: 'validation.cultureRequired' })
				.refine((code) => cultures.has(code), { error: 'validation.cultureRequired' }),
		})
		.superRefine((value, ctx) => {
			const group = groups.find((g) => g.region === value.region)
			if (group && !group.cultures.some((c) => c.value === value.cultureCode))
				ctx.addIssue({ code: 'custom', path: ['cultureCode'], message: 'validation.languageNotInRegion' })
		})
}
