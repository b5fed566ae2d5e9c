/**
 * Lite mode (issue 24, ADR 0058): pages with no JavaScript at all, for a browser that asks to save
 * data (`Save-Data: on`) or a visitor who chose the lite version. Every journey works without
 * JavaScript already, so lite only leaves out what costs bytes: the module scripts and their
 * preloads, hydration, the inline head and tail scripts, the catalogue's preload.
 */
import { z } from 'zod'

/** The cookie that keeps the visitor's own choice: it wins over the browser's Save-Data either way. */
export const LITE_COOKIE = 'lite'
export const LITE_CHOICES = ['on', 'off'] as const
export type LiteChoice = (typeof LITE_CHOICES)[number]

/**
 * A page depends on both: the browser's hint and the cookie. Shared caches (and the browser's own)
 * must not give a lite page to a full visitor or the other way round.
 */
export const LITE_VARY = ['Save-Data', 'Cookie'] as const

/** `Save-Data: on` (the header's only defined value; case and spaces as a proxy may send them). */
export function asksToSaveData(header: string | null | undefined): boolean {
	return (header ?? '').trim().toLowerCase() === 'on'
}

/** The kept choice, or null when there is none or it is not one of ours. */
export function liteChoiceOf(cookieValue: unknown): LiteChoice | null {
	return cookieValue === 'on' || cookieValue === 'off' ? cookieValue : null
}

export interface LiteMode {
	lite: boolean
	/** Why: the visitor's own choice, or the browser's Save-Data (no choice kept). */
	reason: 'choice' | 'save-data' | 'default'
}

/** The one place lite is decided: the visitor's choice first, then the browser's hint, else the full version. */
export function liteMode({ saveData, choice }: { saveData: boolean; choice: LiteChoice | null }): LiteMode {
	if (choice) return { lite: choice === 'on', reason: 'choice' }
	return saveData ? { lite: true, reason: 'save-data' } : { lite: false, reason: 'default' }
}

/**
 * The footer's switch and the settings tab's choice: `auto` forgets the choice, so the browser's
 * Save-Data decides again.
 */
export const LiteFormSchema = z.object({
	intent: z.literal('lite'),
	lite: z.enum([...LITE_CHOICES, 'auto']),
	redirectTo: z.string().optional(),
})
