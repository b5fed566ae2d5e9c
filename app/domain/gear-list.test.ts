import { describe, expect, it } from 'vitest'
import {
	DEFAULT_GEAR_SORT,
	GEAR_PAGE_SIZE,
	GEAR_SORTS,
	gearListHref,
	gearListQuery,
	gearEntryOf,
	gearPage,
	isOwnRegistration,
	ownRegistration,
	sortGear,
	type SortableGear,
} from './gear-list.ts'

const gear = (id: string, name: string, purchaseDate: string | null, createDate = '2026-01-01T00:00:00.000Z') =>
	({ id, name, purchaseDate, createDate }) satisfies SortableGear

const items = [
	gear('a', 'TD-27KV2 V-Drums Kit', '2023-05-01'),
	gear('b', 'fp-30x Digital Piano', null),
	gear('c', 'TD-07DMK V-Drums Kit', '2021-02-11'),
	gear('d', 'BK-5 Backing Keyboard', '2024-12-24'),
	gear('e', 'JUNO-X Synthesizer', '2021-02-11'),
]
const ids = (list: readonly SortableGear[]) => list.map((item) => item.id)

describe('the gear list query (spec 1 §9)', () => {
	it('reads the four sorts and a page', () => {
		for (const sort of GEAR_SORTS) {
			expect(gearListQuery(new URLSearchParams({ sort, page: '2' }))).toEqual({ sort, page: 2 })
		}
	})

	it('takes anything else as the default sort and the first page', () => {
		for (const search of [
			'',
			'sort=price&page=0',
			'sort=PRODUCTNAMEASC&page=-3',
			'page=1.5',
			'page=abc',
			'page=1e30',
		]) {
			expect(gearListQuery(new URLSearchParams(search))).toEqual({ sort: DEFAULT_GEAR_SORT, page: 1 })
		}
	})

	it('links leave the defaults out', () => {
		expect(gearListHref()).toBe('/gear/my_gear')
		expect(gearListHref({ sort: DEFAULT_GEAR_SORT, page: 1 })).toBe('/gear/my_gear')
		expect(gearListHref({ sort: 'productNameAsc', page: 1 })).toBe('/gear/my_gear?sort=productNameAsc')
		expect(gearListHref({ sort: DEFAULT_GEAR_SORT, page: 2 })).toBe('/gear/my_gear?page=2')
		expect(gearListHref({ sort: 'purchaseDateAsc', page: 3 })).toBe('/gear/my_gear?sort=purchaseDateAsc&page=3')
	})
})

describe('sortGear', () => {
	it('orders by purchase date, those without one last, ties by name', () => {
		expect(ids(sortGear(items, 'purchaseDateAsc', 'en-US'))).toEqual(['e', 'c', 'a', 'd', 'b'])
		expect(ids(sortGear(items, 'purchaseDateDesc', 'en-US'))).toEqual(['d', 'a', 'e', 'c', 'b'])
	})

	it('orders by name as the culture sorts, numbers by value and case aside', () => {
		expect(ids(sortGear(items, 'productNameAsc', 'en-US'))).toEqual(['d', 'b', 'e', 'c', 'a'])
		expect(ids(sortGear(items, 'productNameDesc', 'en-US'))).toEqual(['a', 'c', 'e', 'b', 'd'])
		const numbered = [gear('x', 'Kit 10', null), gear('y', 'Kit 9', null)]
		expect(ids(sortGear(numbered, 'productNameAsc', 'de-DE'))).toEqual(['y', 'x'])
	})

	it('keeps products of the same name in the order they were registered, in both directions', () => {
		const twins = [
			gear('late', 'FP-10', '2020-01-01', '2026-02-01T00:00:00.000Z'),
			gear('early', 'FP-10', '2020-01-01', '2026-01-01T00:00:00.000Z'),
		]
		for (const sort of GEAR_SORTS) expect(ids(sortGear(twins, sort, 'ja-JP'))).toEqual(['early', 'late'])
	})

	it('takes every culture of the spec, the Latin Serbian one too', () => {
		expect(ids(sortGear(items, 'productNameAsc', 'Lt-sr-SP'))).toHaveLength(items.length)
	})

	it('leaves the list it was given as it was', () => {
		const before = ids(items)
		sortGear(items, 'productNameDesc', 'en-US')
		expect(ids(items)).toEqual(before)
	})
})

describe('gearPage (spec 1 §9: 12 per page)', () => {
	const thirteen = Array.from({ length: 13 }, (_, i) => i + 1)

	it('splits 13 products into 12 and 1', () => {
		expect(GEAR_PAGE_SIZE).toBe(12)
		expect(gearPage(thirteen, 1)).toEqual({
			items: thirteen.slice(0, 12),
			page: 1,
			pageCount: 2,
			total: 13,
			from: 1,
			to: 12,
		})
		expect(gearPage(thirteen, 2)).toEqual({ items: [13], page: 2, pageCount: 2, total: 13, from: 13, to: 13 })
	})

	it('shows the last page for a page past the end', () => {
		expect(gearPage(thirteen, 9)).toMatchObject({ items: [13], page: 2 })
	})

	it('has one empty page for no products', () => {
		expect(gearPage([], 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, from: 0, to: 0 })
	})

	it('fills exactly twelve on one page', () => {
		expect(gearPage(thirteen.slice(0, 12), 2)).toMatchObject({ page: 1, pageCount: 1, to: 12 })
	})
})

describe('gearEntryOf', () => {
	const record = {
		id: 'rp1',
		product: {
			slug: 'katana-50-mkii',
			brand: { value: 'effects' },
			modelCode: 'KTN50M',
			name: 'KATANA-50 MkII Amplifier',
		},
		serialCode: 'Z9K8765',
		purchaseDate: '2024-06-02',
		status: 'completed' as const,
		createDate: '2026-01-01T00:00:00.000Z',
	}

	it("names the product and its brand as the products master list does in the user's culture", () => {
		const catalogue = new Map([
			[
				'katana-50-mkii',
				{
					slug: 'katana-50-mkii',
					label: 'KATANA-50 MkII アンプ',
					modelCode: 'KTN50M',
					brand: { value: 'effects', label: 'BOSS' },
				},
			],
		])
		expect(gearEntryOf(record, catalogue)).toEqual({
			id: 'rp1',
			slug: 'katana-50-mkii',
			name: 'KATANA-50 MkII アンプ',
			brandValue: 'effects',
			brand: 'BOSS',
			modelCode: 'KTN50M',
			serialCode: 'Z9K8765',
			purchaseDate: '2024-06-02',
			status: 'completed',
			createDate: '2026-01-01T00:00:00.000Z',
		})
	})

	it('keeps what the registration carries for a product the list no longer has', () => {
		expect(gearEntryOf(record, new Map())).toMatchObject({
			name: 'KATANA-50 MkII Amplifier',
			brand: 'effects',
			modelCode: 'KTN50M',
		})
		const bare = { ...record, product: { slug: 'gone', brand: { value: 'main' } } }
		expect(gearEntryOf(bare, new Map())).toMatchObject({ name: 'gone', modelCode: null })
	})
})

describe('isOwnRegistration', () => {
	const mine = [{ id: 'rp-1' }, { id: 'rp-2' }]
	it('knows the user’s own registrations and nothing else', () => {
		expect(isOwnRegistration(mine, 'rp-2')).toBe(true)
		expect(isOwnRegistration(mine, 'rp-3')).toBe(false)
		expect(isOwnRegistration(mine, 'RP-1')).toBe(false)
		expect(isOwnRegistration(mine, '')).toBe(false)
		expect(isOwnRegistration([], 'rp-1')).toBe(false)
	})
})

describe('ownRegistration', () => {
	const mine = [
		{ id: 'rp-1', serialCode: 'A1' },
		{ id: 'rp-2', serialCode: 'B2' },
	]
	it('gives the user’s own registration an id names, and nothing for any other id', () => {
		expect(ownRegistration(mine, 'rp-2')).toEqual({ id: 'rp-2', serialCode: 'B2' })
		expect(ownRegistration(mine, 'rp-3')).toBeUndefined()
		expect(ownRegistration(mine, 'rp-1/../rp-2')).toBeUndefined()
		expect(ownRegistration([], 'rp-1')).toBeUndefined()
	})
})
