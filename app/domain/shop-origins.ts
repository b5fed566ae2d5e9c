/**
 * Which origins may take part in the shops' service-worker handoff (spec 2 §5; issue 14): the
 * configured shop sites, each with or without `www.`, over https; and preview deployments only
 * where a preview host suffix is configured. The spec also admits "any origin containing
 * vercel.app", which would admit `vercel.app.evil.example` and anyone's preview deployment, so
 * previews are matched as host suffixes on a label boundary, never by substring (ADR 0027).
 */
import { parse } from 'tldts'

export interface ShopOriginRules {
	/** The shop sites' origins (`https://shop.example`); `www.` is allowed either way. */
	shops: readonly string[]
	/** Host suffixes of preview deployments (`myshop-preview.vercel.app`); none by default. */
	previewHosts: readonly string[]
}

function parsedOrigin(origin: string): URL | null {
	try {
		const url = new URL(origin)
		// An origin is scheme, host and port only: anything more is not one.
		return url.origin === origin && url.username === '' && url.password === '' ? url : null
	} catch {
		return null
	}
}

const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host)

/** Whether `origin` (a message's or a request's Origin, exactly as sent) is one of the shops'. */
export function isShopOrigin(origin: string, rules: ShopOriginRules): boolean {
	const url = parsedOrigin(origin)
	if (!url || url.protocol !== 'https:') return false
	const host = url.hostname.toLowerCase()
	for (const shop of rules.shops) {
		const allowed = parsedOrigin(shop)
		if (allowed && allowed.port === url.port && withoutWww(allowed.hostname.toLowerCase()) === withoutWww(host))
			return true
	}
	return rules.previewHosts.some((suffix) => {
		const wanted = suffix.trim().toLowerCase().replace(/^\.+/, '')
		return wanted !== '' && url.port === '' && (host === wanted || host.endsWith(`.${wanted}`))
	})
}

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
