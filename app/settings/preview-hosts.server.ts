/**
 * A check of the `SHOP_PREVIEW_HOSTS` setting (ADR 0032), made when the settings are read.
 */
import { parse } from 'tldts'

/**
 * Why a preview host suffix cannot be admitted, or null when it can. A public suffix (`vercel.app`,
 * `netlify.app`, `co.uk`: anyone can have a host under it) would admit every deployment of anyone,
 * so a suffix must be a registrable domain or below one, judged by the Public Suffix List with its
 * private section (where the hosting platforms are) through tldts (ADR 0032).
 */
export function previewHostProblem(suffix: string): string | null {
	const host = suffix.trim().toLowerCase().replace(/^\.+/, '')
	const parsed = parse(host, { allowPrivateDomains: true })
	if (parsed.isIp) return `"${suffix}" is an address, not a host suffix`
	if (parsed.domain === null)
		return `"${suffix}" is a public suffix: anyone can have a host under it; name the shop's own preview host (such as myshop.${host})`
	return null
}
