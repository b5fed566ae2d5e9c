import { z } from 'zod'
import { SIDEBAR_SIDES } from './preferences.ts'

/** The preferences form: the sidebar side, or the analytics opt-in of the consent banner. */
export const PreferencesSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('sidebar'), sidebar: z.enum(SIDEBAR_SIDES), redirectTo: z.string().optional() }),
	z.object({
		intent: z.literal('analytics'),
		analytics: z.enum(['granted', 'denied']),
		redirectTo: z.string().optional(),
	}),
])
