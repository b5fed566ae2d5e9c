/**
 * The interests tab (spec 1 §2, §3, §5): the user ticks items of the interests master list; saving sends
 * only what changed, as creates and deletes (the account API has no update for interests, spec 2 §7).
 */
import { z } from 'zod'
import { diffInterests } from './array-diff.ts'

/** An id of the interests master list, as the account API takes it (`interestId`). */
const interestId = z
	.string({ error: 'validation.interestInvalid' })
	.trim()
	.regex(/^[A-Za-z0-9_-]{1,20}$/, { error: 'validation.interestInvalid' })

/**
 * The interests form: the master ids ticked (none ticked sends no field at all). With the master
 * list's ids, an id it does not have is refused; without, only the shape of an id is checked.
 */
export function interestsSchema(masterIds?: readonly string[]) {
	const known = masterIds && new Set(masterIds)
	const id = known
		? interestId.refine((value) => known.has(value), { error: 'validation.interestInvalid' })
		: interestId
	return z.object({ interests: z.array(id).max(100, { error: 'validation.interestInvalid' }).default([]) })
}

/** A user's interest as the account API lists it: its own id and the master item it points at. */
export interface UserInterestRef {
	id: string
	interest: { id: string }
}

export interface InterestChanges {
	/** Master ids to add (`POST users/{id}/interests`). */
	create: string[]
	/** The user's own interest ids to remove (`DELETE users/{id}/interests/{id}`). */
	delete: string[]
}

/**
 * What saving the ticked master ids sends: an interest already held keeps its id, so only the ones
 * ticked anew are created and only the ones unticked are deleted.
 */
export function interestChanges(current: readonly UserInterestRef[], ticked: readonly string[]): InterestChanges {
	const heldByMasterId = new Map(current.map((held) => [held.interest.id, held]))
	const next = [...new Set(ticked)].map((masterId) => heldByMasterId.get(masterId) ?? { interest: { id: masterId } })
	const diff = diffInterests<{ id?: string; interest: { id: string } }>(current, next)
	return {
		create: diff.create.map((item) => item.interest.id),
		delete: diff.delete.flatMap((item) => (item.id === undefined ? [] : [item.id])),
	}
}

export function hasInterestChanges(changes: InterestChanges): boolean {
	return changes.create.length > 0 || changes.delete.length > 0
}
