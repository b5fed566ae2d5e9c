/**
 * The honeypot of the public forms (sign-up, password reset, and later support and contact): a
 * field no person sees or fills, which form-filling bots do. A post that fills it is turned away
 * quietly, before its action runs.
 */
export const HONEYPOT_FIELD = 'website'

export function filledHoneypot(form: FormData): boolean {
	const value = form.get(HONEYPOT_FIELD)
	return typeof value === 'string' ? value.trim() !== '' : value !== null
}
