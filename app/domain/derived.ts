/**
 * Lists derived from master data (filtered for a culture, labelled, sorted, turned into a form's options)
 * are the same for every request while their sources are: the in-memory cache hands out the very same arrays
 * until a list is fetched again. Deriving them again on every request was a good part of a form page's work
 * under load (ADR 0066), so a derived value is kept beside its sources, per key (a culture, a language), and
 * made again only when a source is a new object: a list fetched again, or read from Redis, which parses a
 * new copy each time.
 *
 * A kept value is shared by every request that asks for it, so it is frozen, deeply: a caller that sorted
 * or changed it in place would change it for everyone, and fails loudly instead.
 */
const kept = new WeakMap<object, Map<string, { others: readonly object[]; value: unknown }>>()

/** `derive()`'s value for these sources and key, made once while the sources stay the same objects. */
export function derivedFrom<T>(sources: readonly [object, ...object[]], key: string, derive: () => T): T {
	const [first, ...others] = sources
	let byKey = kept.get(first)
	if (!byKey) {
		byKey = new Map()
		kept.set(first, byKey)
	}
	const hit = byKey.get(key)
	if (hit && hit.others.length === others.length && hit.others.every((source, i) => source === others[i]))
		return hit.value as T
	const value = deepFreeze(derive())
	byKey.set(key, { others, value })
	return value
}

function deepFreeze<T>(value: T): T {
	if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
	Object.freeze(value)
	for (const inner of Object.values(value)) deepFreeze(inner)
	return value
}
