import { describe, expect, it } from 'vitest'
import { diffById, diffInterests, diffPhones, diffRegisteredProducts, sameValue } from './array-diff.ts'

const phone = (id: string | undefined, number: string, type = 'mobile') => ({ id, number, type })

describe('diffById', () => {
	it('sorts the new list into create, update and delete by id', () => {
		const current = [phone('a', '111'), phone('b', '222'), phone('c', '333')]
		const next = [phone('a', '111'), phone('b', '999', 'home'), phone(undefined, '444')]
		expect(diffById(current, next)).toEqual({
			create: [phone(undefined, '444')],
			update: [phone('b', '999', 'home')],
			delete: [phone('c', '333')],
		})
	})

	it('has nothing to do when the lists are the same, whatever the key order', () => {
		const current = [{ id: 1, number: '1', type: 'home' }]
		const next = [{ type: 'home', number: '1', id: 1 }]
		expect(diffById(current, next)).toEqual({ create: [], update: [], delete: [] })
	})

	it('creates an item whose id the current list does not know, and one with an empty id', () => {
		const diff = diffById([phone('a', '1')], [phone('a', '1'), phone('zz', '2'), { id: '', number: '3', type: 'work' }])
		expect(diff.create.map((p) => p.number)).toEqual(['2', '3'])
		expect(diff.delete).toEqual([])
	})

	it('deletes everything for an empty new list and creates everything from an empty current list', () => {
		expect(diffById([phone('a', '1'), phone('b', '2')], []).delete).toHaveLength(2)
		expect(diffById([], [phone(undefined, '1'), phone(undefined, '2')]).create).toHaveLength(2)
	})

	it('counts an id repeated in the new list once', () => {
		const diff = diffById([phone('a', '1')], [phone('a', '2'), phone('a', '3')])
		expect(diff.update).toEqual([phone('a', '2')])
		expect(diff.create).toEqual([])
	})

	it('matches numeric and string ids alike', () => {
		expect(
			diffById([{ id: 7, v: 1 }], [{ id: '7', v: 1 }] as Array<{ id: string | number; v: number }>).create,
		).toEqual([])
	})
})

describe('per-collection rules (spec 1 §5)', () => {
	it('phones allow create, update and delete', () => {
		const diff = diffPhones([phone('a', '1'), phone('b', '2')], [phone('a', '9'), phone(undefined, '3')])
		expect(diff).toEqual({ create: [phone(undefined, '3')], update: [phone('a', '9')], delete: [phone('b', '2')] })
	})

	it('interests only create and delete: a changed interest is left alone', () => {
		const current = [
			{ id: 'u1', interest: { id: '1', value: 'pianos' } },
			{ id: 'u2', interest: { id: '2', value: 'synthesizers' } },
		]
		const next = [
			{ id: 'u1', interest: { id: '1', value: 'Pianos!' } },
			{ interest: { id: '5', value: 'drums & percussion' } },
		]
		const diff = diffInterests<{ id?: string; interest: { id: string; value: string } }>(current, next)
		expect(diff.update).toEqual([])
		expect(diff.create).toEqual([{ interest: { id: '5', value: 'drums & percussion' } }])
		expect(diff.delete).toEqual([current[1]])
	})

	it('registered products only create and delete', () => {
		const current = [
			{ id: 'r1', serialCode: 'A123456' },
			{ id: 'r2', serialCode: 'B123456' },
		]
		const next = [
			{ id: 'r1', serialCode: 'CHANGED' },
			{ id: undefined, serialCode: 'C123456' },
		]
		expect(diffRegisteredProducts(current, next)).toEqual({
			create: [{ id: undefined, serialCode: 'C123456' }],
			update: [],
			delete: [{ id: 'r2', serialCode: 'B123456' }],
		})
	})
})

describe('sameValue', () => {
	it('compares nested data and ignores undefined properties', () => {
		expect(sameValue({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true)
		expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
		expect(sameValue({ a: null }, { a: undefined })).toBe(false)
		expect(sameValue([], {})).toBe(false)
	})
})
