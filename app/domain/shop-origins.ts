/**
 * Which origins may take part in the shops' service-worker handoff (spec 2 §5; issue 14): the
 * configured shop sites, each with or without `www.`, over https; and preview deployments only
 * where a preview host suffix is configured. The spec also admits "any origin containing
 * vercel.app", which would admit `vercel.app.evil.example` and anyone's preview deployment, so
 * previews are matched as host suffixes on a label boundary, never by substring (ADR 0027). Which
 * suffixes may be configured at all is a settings check (`app/settings/preview-hosts.server.ts`).
 */
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
