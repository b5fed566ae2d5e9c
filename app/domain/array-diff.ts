/**
 * Array updates diffed by id into create, update and delete sets (spec 1 §5,
 * spec 2 §5): the portal sends one call per changed item. Phones allow all
 * three; interests and registered products only create and delete (the
 * account API has no update for them).
 */

export type ItemId = string | number

export interface ArrayDiff<T> {
	/** Items of the new list with no id, or an id the current list does not have. */
	create: T[]
	/** Items whose id is in both lists and whose content changed (the new version). */
	update: T[]
	/** Items of the current list whose id is gone from the new one (the current version). */
	delete: T[]
}

export interface DiffOptions {
	/** Whether changed items become updates; without, an item kept by id is left as it is. */
	update: boolean
}

type WithId = { id?: ItemId | null }

function idOf(item: WithId): string | undefined {
	return item.id === undefined || item.id === null || item.id === '' ? undefined : String(item.id)
}

/** Compares plain data regardless of key order; undefined properties count as absent. */
export function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
	if (Array.isArray(a) !== Array.isArray(b)) return false
	if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]))
	const left = Object.entries(a).filter(([, v]) => v !== undefined)
	const right = new Map(Object.entries(b).filter(([, v]) => v !== undefined))
	return left.length === right.size && left.every(([key, value]) => right.has(key) && sameValue(value, right.get(key)))
}

export function diffById<T extends WithId>(
	current: readonly T[],
	next: readonly T[],
	options: DiffOptions = { update: true },
): ArrayDiff<T> {
	const currentById = new Map<string, T>()
	for (const item of current) {
		const id = idOf(item)
		if (id !== undefined) currentById.set(id, item)
	}
	const kept = new Set<string>()
	const diff: ArrayDiff<T> = { create: [], update: [], delete: [] }
	for (const item of next) {
		const id = idOf(item)
		const before = id === undefined ? undefined : currentById.get(id)
		if (id === undefined || !before) {
			diff.create.push(item)
			continue
		}
		// The same id twice in the new list is one item.
		if (kept.has(id)) continue
		kept.add(id)
		if (options.update && !sameValue(before, item)) diff.update.push(item)
	}
	for (const [id, item] of currentById) if (!kept.has(id)) diff.delete.push(item)
	return diff
}

/** Phones: create, update and delete. */
export function diffPhones<T extends WithId>(current: readonly T[], next: readonly T[]): ArrayDiff<T> {
	return diffById(current, next, { update: true })
}

/** Interests: create and delete only. */
export function diffInterests<T extends WithId>(current: readonly T[], next: readonly T[]): ArrayDiff<T> {
	return diffById(current, next, { update: false })
}

/** Registered products: create and delete only. */
export function diffRegisteredProducts<T extends WithId>(current: readonly T[], next: readonly T[]): ArrayDiff<T> {
	return diffById(current, next, { update: false })
}
