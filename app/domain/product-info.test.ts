import { describe, expect, it } from 'vitest'
import { intlLocale } from './culture.ts'
import {
	accessoryRows,
	articleRows,
	curatedSections,
	downloadRows,
	fileFormat,
	formatFileSize,
	isEnglishFallback,
	keepDocumentFiles,
	productInfoTab,
	specTables,
	specValue,
	supportDocumentRows,
} from './product-info.ts'

describe('productInfoTab', () => {
	it('is one of the six tabs, features by default', () => {
		expect(productInfoTab('specs')).toBe('specs')
		expect(productInfoTab(undefined)).toBe('features')
		expect(productInfoTab('nope')).toBe('features')
	})
})

describe('isEnglishFallback (the page says when the text is not in the user language)', () => {
	it('compares languages, not cultures', () => {
		expect(isEnglishFallback('ja-JP', 'ja-JP')).toBe(false)
		expect(isEnglishFallback('en-GB', 'en')).toBe(false)
		expect(isEnglishFallback('de-DE', 'en')).toBe(true)
		expect(isEnglishFallback('ja-JP', 'en')).toBe(true)
		expect(isEnglishFallback('Lt-sr-SP', 'en')).toBe(true)
	})
})

describe('intlLocale', () => {
	it('gives Intl a locale for every culture code of the spec', () => {
		expect(intlLocale('ja-JP')).toBe('ja-JP')
		expect(intlLocale('Lt-sr-SP')).toBe('sr-Latn-RS')
		expect(intlLocale('not a locale!')).toBe('en')
	})
})

describe('specTables (a real table: labels, values and units)', () => {
	it('splits numbers from units and formats them in the culture', () => {
		expect(specValue('1234 mm', 'en-US')).toEqual({ value: '1,234', unit: 'mm' })
		expect(specValue('1,234 mm', 'de-DE')).toEqual({ value: '1.234', unit: 'mm' })
		expect(specValue('14.5 kg', 'de-DE')).toEqual({ value: '14,5', unit: 'kg' })
		expect(specValue('AC adaptor', 'en-US')).toEqual({ value: 'AC adaptor', unit: null })
		expect(specValue('FP30X0', 'en-US')).toEqual({ value: 'FP30X0', unit: null })
	})

	it('keeps the groups as captions and drops empty ones', () => {
		const tables = specTables(
			[
				{ group: 'General', items: [{ label: 'Model code', value: 'FP30X0' }] },
				{ group: 'Empty', items: [] },
				{ group: 'Dimensions', items: [{ label: 'Width', value: '1300 mm' }] },
			],
			'en-US',
		)
		expect(tables).toEqual([
			{ caption: 'General', rows: [{ label: 'Model code', value: 'FP30X0', unit: null }] },
			{ caption: 'Dimensions', rows: [{ label: 'Width', value: '1,300', unit: 'mm' }] },
		])
	})
})

describe('downloadRows', () => {
	const base = { title: 'Driver', version: '2.0.1', url: 'http://127.0.0.1/x.zip', size: 2_345_678 }
	it('gives size, OS and date where the json has them, newest first', () => {
		const rows = downloadRows(
			[
				{ ...base, id: 'fw', size: 999, releaseDate: undefined },
				{ ...base, id: 'old', releaseDate: '2019-06-15T00:00:00.000Z' },
				{ ...base, id: 'new', os: ['Windows 11', 'macOS 15'], releaseDate: '2020-07-15T00:00:00.000Z' },
			],
			'en-US',
		)
		expect(rows.map((row) => row.id)).toEqual(['new', 'old', 'fw'])
		expect(rows[0]).toMatchObject({
			sizeText: '2.3 MB',
			osText: 'Windows 11, macOS 15',
			dateText: 'Jul 15, 2020',
			date: '2020-07-15',
		})
		expect(rows[1]).toMatchObject({ osText: null, dateText: 'Jun 15, 2019' })
		expect(rows[2]).toMatchObject({ sizeText: '999 byte', dateText: null, date: null })
	})

	it('writes dates in the culture', () => {
		const [row] = downloadRows([{ ...base, id: 'a', releaseDate: '2020-07-15T00:00:00.000Z' }], 'ja-JP')
		expect(row!.dateText).toBe('2020/07/15')
	})
})

describe('formatFileSize', () => {
	it('uses decimal units', () => {
		expect(formatFileSize(1_500, 'en-US')).toBe('1.5 kB')
		expect(formatFileSize(3_000_000_000, 'en-US')).toBe('3 GB')
		expect(formatFileSize(2_345_678, 'de-DE')).toBe('2,3 MB')
	})
})

describe('support documents (spec 1 §3: Asset_Details blanked when stored)', () => {
	const document = {
		Document_Id: 'FP30X0-OM-E',
		Document_Title: "FP-30X Owner's Manual",
		Document_Type: "Owner's Manual",
		Language: 'en',
		Publish_Date: '2019-03-15T00:00:00.000Z',
		Asset_Details: [
			{
				Asset_Id: 'a',
				File_Name: 'fp30x_om_e01_w.pdf',
				File_Url: 'http://127.0.0.1:3000/_emulator/account/documents/fp-30x/fp30x_om_e01_w.pdf',
				File_Size: 1_200_000,
				Mime_Type: 'application/pdf',
			},
		],
	}

	it('blanks Asset_Details and keeps what the page links to', () => {
		const kept = keepDocumentFiles(document)
		expect(kept.Asset_Details).toEqual([])
		expect(kept.files).toEqual([
			{ url: document.Asset_Details[0]!.File_Url, size: 1_200_000, mimeType: 'application/pdf' },
		])
		expect(JSON.stringify(kept)).not.toContain('File_Name')
	})

	it('lists each document with its file, type and date', () => {
		const [row] = supportDocumentRows([keepDocumentFiles(document)], 'en-US')
		expect(row).toEqual({
			id: 'FP30X0-OM-E',
			title: "FP-30X Owner's Manual",
			type: "Owner's Manual",
			language: 'en',
			dateText: 'Mar 15, 2019',
			date: '2019-03-15',
			file: { url: document.Asset_Details[0]!.File_Url, sizeText: '1.2 MB', format: 'PDF' },
		})
		expect(supportDocumentRows([{ ...document, files: [] }], 'en-US')[0]!.file).toBeNull()
	})

	it('names file formats', () => {
		expect(fileFormat('application/pdf')).toBe('PDF')
		expect(fileFormat('application/zip')).toBe('ZIP')
		expect(fileFormat('application/x-zip-compressed')).toBe('ZIP')
	})
})

describe('articles and curated sections', () => {
	it('lists articles newest first', () => {
		const rows = articleRows(
			[
				{ id: 'a', title: 'A', summary: 's', publishDate: '2019-05-15T00:00:00.000Z' },
				{ id: 'b', title: 'B', summary: 's', publishDate: '2019-09-15T00:00:00.000Z' },
			],
			'en-US',
		)
		expect(rows.map((row) => [row.id, row.dateText])).toEqual([
			['b', 'Sep 15, 2019'],
			['a', 'May 15, 2019'],
		])
	})

	it('keeps the curation sections that feature the product, linking the others that have a page', () => {
		const names = new Map([
			['fp-30x', 'FP-30X'],
			['fp-10', 'FP-10'],
		])
		const sections = curatedSections(
			[
				{ id: 'pianos', title: 'Pianos', productSlugs: ['fp-30x', 'fp-10', 'gone'] },
				{ id: 'drums', title: 'Drums', productSlugs: ['td-07dmk'] },
			],
			'fp-30x',
			names,
		)
		expect(sections).toEqual([{ id: 'pianos', title: 'Pianos', products: [{ slug: 'fp-10', name: 'FP-10' }] }])
	})
})

describe('accessoryRows', () => {
	it('links an accessory to its own page only when that product exists', () => {
		const rows = accessoryRows(
			[
				{ modelCode: 'DP1000', name: 'DP-10', slug: 'dp-10' },
				{ modelCode: 'PSA120', name: 'PSA-120S', slug: null },
				{ modelCode: 'XX0000', name: 'Gone', slug: 'gone' },
			],
			new Set(['dp-10']),
		)
		expect(rows.map((row) => row.href)).toEqual(['/products/dp-10', null, null])
	})
})
