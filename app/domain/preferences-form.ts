import { z } from 'zod'
import { LiteFormSchema } from './lite-mode.ts'
import { SIDEBAR_SIDES } from './preferences.ts'

/** The preferences form: the sidebar side, the analytics opt-in of the consent banner, or lite mode. */
export const PreferencesSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('sidebar'), sidebar: z.enum(SIDEBAR_SIDES), redirectTo: z.string().optional() }),
	z.object({
		intent: z.literal('analytics'),
		analytics: z.enum(['granted', 'denied']),
		redirectTo: z.string().optional(),
	}),
	LiteFormSchema,
])
