/**
 * The master-list items the identity calls check against (spec 1 §3), taken
 * from the seed the catalogue serves, so a user's interest ids, gender and
 * culture code are items of the lists the portal shows.
 */
import { findCulture } from '../../seed/cultures.ts'
import { GENDERS as GENDER_ITEMS, INTERESTS as INTEREST_ITEMS } from '../../seed/master-lists.ts'

export const INTERESTS: ReadonlyArray<{ id: string; value: string }> = INTEREST_ITEMS.map(({ id, value }) => ({
	id,
	value,
}))

/** Gender values (a user's `gender` is the item's value). */
export const GENDERS: readonly string[] = GENDER_ITEMS.map((item) => item.value)

export function findInterest(id: string): { id: string; value: string } | undefined {
	return INTERESTS.find((interest) => interest.id === id)
}

/** A culture code as the user record answers it: `{ id, value }`; undefined for one we do not serve. */
export function cultureCodeRef(value: string): { id: string; value: string } | undefined {
	const culture = findCulture(value)
	return culture && { id: culture.id, value: culture.value }
}

export function isKnownCulture(value: string): boolean {
	return cultureCodeRef(value) !== undefined
}
