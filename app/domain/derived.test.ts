import { describe, expect, it } from 'vitest'
import { derivedFrom } from './derived.ts'

describe('derivedFrom', () => {
	it('derives once while the sources stay the same objects, per key', () => {
		const products = [{ name: 'b' }, { name: 'a' }]
		const brands = [{ value: 'x' }]
		let made = 0
		const sorted = (key: string) =>
			derivedFrom([products, brands], key, () => {
				made++
				return products.map((p) => p.name).sort()
			})
		expect(sorted('en')).toEqual(['a', 'b'])
		expect(sorted('en')).toBe(sorted('en'))
		expect(made).toBe(1)
		sorted('ja')
		expect(made).toBe(2)
	})

	it('derives again when any source is a new object (a list fetched again)', () => {
		const products = [{ name: 'a' }]
		let brands = [{ value: 'x' }]
		let made = 0
		const derive = () => derivedFrom([products, brands], 'en', () => ++made)
		derive()
		brands = [{ value: 'x' }]
		expect(derive()).toBe(2)
		expect(derive()).toBe(2)
	})

	it('hands out a deeply frozen value, so no request changes what the next one gets', () => {
		const value = derivedFrom([{}], 'en', () => ({ list: [{ label: 'a' }] }))
		expect(() => value.list.push({ label: 'b' })).toThrow(TypeError)
		expect(() => {
			value.list[0]!.label = 'c'
		}).toThrow(TypeError)
	})
})
