import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { culturesByRegion, regionalGroups, regionOfCulture, SUPPORTED_CULTURES } from './culture.ts'
import { RegionChoiceSchema, regionLanguageSchema, settingsIntent } from './region-language-form.ts'

const rows = SUPPORTED_CULTURES.map((value) => ({ value, label: value, regions: regionalGroups(value) }))
const groups = culturesByRegion(rows)

function form(entries: Record<string, string>) {
	const body = new FormData()
	for (const [key, value] of Object.entries(entries)) body.set(key, value)
	return body
}

describe('culturesByRegion', () => {
	it('lists the regions of spec 1 §9 in order, es-CR in two of them', () => {
		expect(groups.map((g) => g.region)).toEqual([
			'US',
			'LatinAmerica',
			'Brazil',
			'Canada',
			'Oceania',
			'Europe',
			'Japan',
		])
		const of = (region: string) => groups.find((g) => g.region === region)!.cultures.map((c) => c.value)
		expect(of('US')).toEqual(['en-US', 'es-CR', 'es-MX'])
		expect(of('LatinAmerica')).toEqual(['es-CR'])
		expect(of('Canada')).toEqual(['en-CA', 'fr-CA'])
		expect(of('Oceania')).toEqual(['en-AU', 'en-NZ'])
		expect(of('Japan')).toEqual(['ja-JP'])
		expect(of('Europe')).toContain('de-AT')
		expect(of('Europe')).toContain('en-JM')
	})

	it('leaves out unknown regions and unsupported cultures', () => {
		expect(
			culturesByRegion([
				{ value: 'xx-XX', label: 'x', regions: ['Europe'] },
				{ value: 'ja-JP', label: 'ja', regions: ['Mars'] },
			]),
		).toEqual([])
	})

	it('shows a culture under its first region', () => {
		expect(regionOfCulture(groups, 'es-CR')).toBe('US')
		expect(regionOfCulture(groups, 'ja-JP')).toBe('Japan')
		expect(regionOfCulture(groups, 'nope')).toBe('US')
	})
})

describe('the region and language form', () => {
	const schema = regionLanguageSchema(groups)

	it('takes a language of the chosen region', () => {
		const submission = parseWithZod(form({ region: 'Japan', cultureCode: 'ja-JP' }), { schema })
		expect(submission.status).toBe('success')
		expect(submission.status === 'success' && submission.value).toEqual({ region: 'Japan', cultureCode: 'ja-JP' })
	})

	it('needs both, and says so for both at once', () => {
		const submission = parseWithZod(form({ region: '', cultureCode: '' }), { schema })
		expect(submission.reply().error).toEqual({
			region: ['validation.regionRequired'],
			cultureCode: ['validation.cultureRequired'],
		})
	})

	it('refuses a region or language that is not in the list, and a language of another region', () => {
		expect(parseWithZod(form({ region: 'Mars', cultureCode: 'xx-XX' }), { schema }).reply().error).toEqual({
			region: ['validation.regionRequired'],
			cultureCode: ['validation.cultureRequired'],
		})
		expect(parseWithZod(form({ region: 'Japan', cultureCode: 'de-AT' }), { schema }).reply().error).toEqual({
			cultureCode: ['validation.languageNotInRegion'],
		})
	})

	it('choosing a region alone needs a region', () => {
		expect(parseWithZod(form({ region: 'Canada' }), { schema: RegionChoiceSchema }).status).toBe('success')
		expect(parseWithZod(form({}), { schema: RegionChoiceSchema }).reply().error).toEqual({
			region: ['validation.regionRequired'],
		})
	})

	it('knows its intents', () => {
		expect(settingsIntent('clearCache')).toBe('clearCache')
		expect(settingsIntent('other')).toBeNull()
		expect(settingsIntent(null)).toBeNull()
	})
})
