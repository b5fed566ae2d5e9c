import { describe, expect, it } from 'vitest'
import {
	blankAssetDetails,
	isCachedMasterList,
	isMasterListName,
	itemsForCountry,
	itemsForCulture,
	labelFor,
	MASTER_LIST_NAMES,
	mergeMeta,
} from './master-data.ts'

describe('master list names', () => {
	it('accepts the name of every list', () => {
		for (const name of MASTER_LIST_NAMES) expect(isMasterListName(name), name).toBe(true)
	})

	it.each([
		['a path', 'master/genders'],
		['another case', 'Genders'],
		['a padded name', ' stores'],
		['an empty string', ''],
		['a name the object prototype has', 'constructor'],
		['a number', 1],
		['null', null],
		['absent', undefined],
		['an array of a name', ['stores']],
	])('refuses %s', (_, value) => {
		expect(isMasterListName(value)).toBe(false)
	})

	it('downloads only products and stores through the cache', () => {
		expect(MASTER_LIST_NAMES.filter(isCachedMasterList)).toEqual(['products', 'stores'])
	})
})

describe('mergeMeta (spec 1 §3: meta keys merge into the item)', () => {
	const item = {
		id: '1',
		value: 'de-AT',
		label: 'German (Austria)',
		cultureCode: null,
		updateDate: '2026-01-01T00:00:00.000Z',
	}

	it('lays the keys of a JSON meta over the item and drops the meta', () => {
		const merged = mergeMeta({ ...item, label: 'old', meta: '{"htmlLang":"en","label":"German (Austria)"}' })
		expect(merged).toEqual({ ...item, htmlLang: 'en' })
		expect(merged).not.toHaveProperty('meta')
	})

	it('keeps the row identity: id, cultureCode and updateDate', () => {
		const merged = mergeMeta({
			...item,
			meta: JSON.stringify({ id: '99', cultureCode: { id: '1', value: 'bg-BG' }, updateDate: 'x', extra: 1 }),
		})
		expect(merged).toEqual({ ...item, extra: 1 })
	})

	it('accepts a meta that is already an object', () => {
		expect(mergeMeta({ ...item, meta: { region: 'Europe' } })).toEqual({ ...item, region: 'Europe' })
	})

	it.each([
		['not JSON', '{oops'],
		['a JSON array', '[1,2]'],
		['a JSON string', '"text"'],
		['empty', ''],
		['null', null],
		['absent', undefined],
	])('ignores a meta that is %s', (_, meta) => {
		expect(mergeMeta({ ...item, meta })).toEqual(item)
	})
})

describe('labels and rows per culture', () => {
	const male = { label: 'Male', labels: { 'ja-JP': '男性' } }

	it('labels an item in its culture, else its language, else English', () => {
		expect(labelFor(male, 'ja-JP')).toBe('男性')
		expect(labelFor({ label: 'Male', labels: { ja: 'おとこ' } }, 'ja-JP')).toBe('おとこ')
		expect(labelFor(male, 'de-DE')).toBe('Male')
		expect(labelFor(male, undefined)).toBe('Male')
		expect(labelFor({ label: 'Male' }, 'ja-JP')).toBe('Male')
		expect(labelFor({ label: 'Srbija', labels: { sr: 'Srbija (sr)' } }, 'Lt-sr-SP')).toBe('Srbija (sr)')
	})

	it('keeps the rows for the culture and the rows for every culture', () => {
		const rows = [
			{ id: '1', label: 'Everywhere', cultureCode: null },
			{ id: '2', label: 'Tokyo store', labels: { 'ja-JP': '東京店' }, cultureCode: { id: '30', value: 'ja-JP' } },
			{ id: '3', label: 'Berlin store', cultureCode: { id: '6', value: 'de-DE' } },
		]
		expect(itemsForCulture(rows, 'ja-JP').map((r) => [r.id, r.label])).toEqual([
			['1', 'Everywhere'],
			['2', '東京店'],
		])
		expect(itemsForCulture(rows, 'de-DE').map((r) => r.id)).toEqual(['1', '3'])
		expect(itemsForCulture(rows, 'en-US').map((r) => r.id)).toEqual(['1'])
	})

	it('picks rows by country, whatever the case and padding of the code asked for', () => {
		const rows = [{ country: 'US' }, { country: 'JP' }, { country: 'us' }, {}, { country: 840 }]
		expect(itemsForCountry(rows, 'us')).toEqual([{ country: 'US' }, { country: 'us' }])
		expect(itemsForCountry(rows, ' jp ')).toEqual([{ country: 'JP' }])
		expect(itemsForCountry(rows, 'DE')).toEqual([])
	})
})

describe('blankAssetDetails (spec 1 §3: Asset_Details are blanked when stored)', () => {
	it('empties the Asset_Details of every support document and keeps the rest', () => {
		const info = {
			slug: 'fp-30x',
			Product_Support_Documents: [
				{ Document_Id: 'A', Asset_Details: [{ File_Url: 'https://example.com/a.pdf' }] },
				{ Document_Id: 'B', Asset_Details: [] },
			],
		}
		const blanked = blankAssetDetails(info)
		expect(blanked).toEqual({
			slug: 'fp-30x',
			Product_Support_Documents: [
				{ Document_Id: 'A', Asset_Details: [] },
				{ Document_Id: 'B', Asset_Details: [] },
			],
		})
		expect(info.Product_Support_Documents[0]!.Asset_Details).toHaveLength(1)
	})

	it('leaves info without support documents alone', () => {
		const info: { slug: string; Product_Support_Documents?: Array<{ Asset_Details: unknown[] }> } = { slug: 'x' }
		expect(blankAssetDetails(info)).toBe(info)
	})
})
