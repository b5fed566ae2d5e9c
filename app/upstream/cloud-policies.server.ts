/**
 * The cloud's refund policy document (`content/refund-policy.json`), through the cache: it changes
 * with a policy revision, so it is kept for an hour and served stale for a day while a fresh one is
 * fetched, and an outage of it does not take the Policies screen down.
 */
import { cachified } from '@epic-web/cachified'
import { checkShared, getCache } from './cache.server.ts'
import { getRefundPolicy } from './cloud.server.ts'
import { RefundPolicySchema } from './contract/cloud.ts'

export const REFUND_POLICY_TTL_MS = 60 * 60_000
export const REFUND_POLICY_STALE_MS = 24 * 60 * 60_000

/** The refund policy page for a culture: its language's page, else the default one. */
export async function refundPolicyUrl(cultureCode: string, signal?: AbortSignal): Promise<string> {
	const cache = getCache()
	const policy = await cachified({
		key: 'cloud:refund-policy',
		cache,
		ttl: REFUND_POLICY_TTL_MS,
		staleWhileRevalidate: REFUND_POLICY_STALE_MS,
		checkValue: checkShared(cache, RefundPolicySchema),
		getFreshValue: () => getRefundPolicy({ signal }),
	})
	const language = cultureCode.split('-').find((part) => /^[a-z]{2}$/.test(part)) ?? 'en'
	return policy.byLanguage[language] ?? policy.url
}
