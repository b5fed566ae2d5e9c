/**
 * The rules of the shops' service-worker handoff (spec 2 §3, §4; ADR 0028): which shop a handoff
 * may go to, and what a `tokenVerification` reply means.
 */
import { isShopOrigin, type ShopOriginRules } from './shop-origins.ts'

/** The shop a handoff goes to: an absolute https address on an allowed shop origin, else null. */
export function shopTarget(target: string | null | undefined, rules: ShopOriginRules): URL | null {
	if (!target) return null
	try {
		const url = new URL(target)
		if (url.username !== '' || url.password !== '') return null
		return isShopOrigin(url.origin, rules) ? url : null
	} catch {
		return null
	}
}

/** What a reply to the token message means: ready (with the shop's account id, if any) or not. */
export type Verification = { ready: true; shopifyId: string | null } | { ready: false }

const SHOPIFY_ID = /^[A-Za-z0-9_:/.-]{1,200}$/

/**
 * A `tokenVerification` reply with status `success` marks the redirect ready and carries the
 * optional shopifyId; any other reply clears readiness (spec 2 §4). A reply is only one when it came
 * from an allowed shop origin: anything else is no reply at all.
 */
export function verificationOf(origin: string, reply: unknown, rules: ShopOriginRules): Verification {
	if (!isShopOrigin(origin, rules) || typeof reply !== 'object' || reply === null) return { ready: false }
	const { type, status, shopifyId } = reply as Record<string, unknown>
	if (type !== 'tokenVerification' || status !== 'success') return { ready: false }
	if (shopifyId === undefined || shopifyId === null || shopifyId === '') return { ready: true, shopifyId: null }
	const id = typeof shopifyId === 'number' ? String(shopifyId) : shopifyId
	return typeof id === 'string' && SHOPIFY_ID.test(id) ? { ready: true, shopifyId: id } : { ready: false }
}

/**
 * The sources a worker may send the id token to (its CSP connect-src): only the shop origins, each
 * with and without `www.`, and the configured preview host suffixes.
 */
export function shopConnectSources(rules: ShopOriginRules): string[] {
	const sources = new Set<string>()
	for (const shop of rules.shops) {
		try {
			const url = new URL(shop)
			if (url.protocol !== 'https:') continue
			const bare = url.host.startsWith('www.') ? url.host.slice(4) : url.host
			sources.add(`https://${bare}`)
			sources.add(`https://www.${bare}`)
		} catch {
			// Not an address: refused when the settings are read.
		}
	}
	for (const suffix of rules.previewHosts) {
		const host = suffix.trim().toLowerCase().replace(/^\.+/, '')
		if (/^[a-z0-9.-]+$/.test(host)) {
			sources.add(`https://${host}`)
			sources.add(`https://*.${host}`)
		}
	}
	return [...sources]
}
