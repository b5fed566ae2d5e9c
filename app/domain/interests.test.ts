import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { hasInterestChanges, interestChanges, interestsSchema } from './interests.ts'

const MASTER_IDS = Array.from({ length: 12 }, (_, i) => String(i + 1))

function submit(values: string[], masterIds: readonly string[] | null = MASTER_IDS) {
	const form = new FormData()
	for (const value of values) form.append('interests', value)
	return parseWithZod(form, { schema: interestsSchema(masterIds ?? undefined) })
}

describe('the interests form', () => {
	it('takes the ticked master ids, one or many', () => {
		const one = submit(['3'])
		expect(one.status === 'success' && one.value).toEqual({ interests: ['3'] })
		const many = submit(['1', '5', '12'])
		expect(many.status === 'success' && many.value).toEqual({ interests: ['1', '5', '12'] })
	})

	it('takes nothing ticked as no interests', () => {
		const none = submit([])
		expect(none.status === 'success' && none.value).toEqual({ interests: [] })
	})

	it('refuses an id the master list does not have, with a catalogue key', () => {
		const unknown = submit(['1', '99'])
		expect(unknown.status).toBe('error')
		expect(unknown.reply().error).toEqual({ 'interests[1]': ['validation.interestInvalid'] })
	})

	it('without the master list, still refuses what cannot be an id', () => {
		expect(submit(['99'], null).status).toBe('success')
		expect(submit(['../1'], null).status).toBe('error')
		expect(submit(['x'.repeat(21)], null).status).toBe('error')
	})
})

describe('interestChanges (spec 1 §5: interests only create and delete)', () => {
	const held = [
		{ id: 'u1', interest: { id: '1' } },
		{ id: 'u2', interest: { id: '2' } },
		{ id: 'u6', interest: { id: '6' } },
	]

	it('creates the newly ticked master ids and deletes the unticked ones by their own id', () => {
		expect(interestChanges(held, ['1', '6', '5', '12'])).toEqual({ create: ['5', '12'], delete: ['u2'] })
	})

	it('sends nothing when the ticks are what the user holds, in any order', () => {
		const changes = interestChanges(held, ['6', '2', '1'])
		expect(changes).toEqual({ create: [], delete: [] })
		expect(hasInterestChanges(changes)).toBe(false)
	})

	it('deletes everything when nothing is ticked, and creates everything from none', () => {
		expect(interestChanges(held, [])).toEqual({ create: [], delete: ['u1', 'u2', 'u6'] })
		expect(interestChanges([], ['4', '7'])).toEqual({ create: ['4', '7'], delete: [] })
	})

	it('counts an id ticked twice once', () => {
		expect(interestChanges([], ['4', '4'])).toEqual({ create: ['4'], delete: [] })
		expect(interestChanges(held, ['1', '1', '2', '6'])).toEqual({ create: [], delete: [] })
	})

	it('never updates: a held interest whose master item reads differently is left alone', () => {
		const renamed = [{ id: 'u1', interest: { id: '1', value: 'Pianos!' } }]
		expect(interestChanges(renamed, ['1'])).toEqual({ create: [], delete: [] })
		expect(hasInterestChanges(interestChanges(renamed, ['2']))).toBe(true)
	})
})
