/**
 * The eight catalogues against English (issue 24, ADR 0057): every key, plural forms as the language's
 * plural rules name them (formats.ts) besides English's, the same placeholders, and no text left in English
 * unless the language's allow-list (`same-as-english/<lng>.json`) says it is meant to be. The keys the code
 * uses are checked against English by i18next-cli (scripts/i18n-keys.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AccountErrorKey } from '#app/domain/account-errors.ts'
import { CATALOGUE_LANGUAGES } from '#app/domain/culture.ts'
import { pluralCategories } from '#app/domain/formats.ts'
import { SCREEN_ROUTES, SCREEN_TABS, screenForPattern, type ScreenName, type TabId } from '#app/domain/screens.ts'
import type { CatalogueKey } from '#app/ui/i18n.tsx'
import type { userMessageKey } from '#app/upstream/errors.ts'

const I18N = import.meta.dirname
const LOCALES = path.join(I18N, 'locales')
const ALLOW_LISTS = path.join(I18N, 'same-as-english')
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
	const texts = new Map<string, string>()
	for (const [key, value] of Object.entries(tree)) {
		if (typeof value === 'string') texts.set(prefix + key, value)
		else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text)
	}
	return texts
}

const filesOf = (lng: string) => readdirSync(path.join(LOCALES, lng)).filter((file) => file.endsWith('.json'))
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree

/** A language's catalogue as resources.ts merges it: all of its files, one namespace. */
function catalogue(lng: string): Map<string, string> {
	return flatten(Object.assign({}, ...filesOf(lng).map((file) => read(path.join(LOCALES, lng, file)))) as Tree)
}

const en = catalogue('en')
const others = CATALOGUE_LANGUAGES.filter((lng) => lng !== 'en')
const catalogues = new Map(others.map((lng) => [lng, catalogue(lng)]))

/** English's plural texts by base key (`cloudAccount.home.days` → its `_one`, `_other`). */
const englishPlurals = new Set([...en.keys()].flatMap((key) => (PLURAL.exec(key) ? [PLURAL.exec(key)![1]!] : [])))

/**
 * The keys a language must have: every key of English, and each plural also in the language's own forms
 * (fr's `_many`). A form English has and the language lacks (ja's `_one`) is kept all the same: i18next
 * never asks for it there, but every catalogue then holds every English key.
 */
export function expectedKeys(lng: string): Set<string> {
	const categories = new Set([...pluralCategories(lng), ...pluralCategories('en')])
	return new Set([
		...[...en.keys()].filter((key) => !englishPlurals.has(PLURAL.exec(key)?.[1] ?? '')),
		...[...englishPlurals].flatMap((base) => [...categories].map((category) => `${base}_${category}`)),
	])
}

/** The English text a key of another language is the translation of: the same key, or the plural's `_other`. */
function englishFor(key: string): string | undefined {
	const plural = PLURAL.exec(key)
	return en.get(key) ?? (plural ? en.get(`${plural[1]}_other`) : undefined)
}

/** What must survive translation: `{{values}}`, `$t(nested)` and markup tags (`<0>`, `<strong>`, `</strong>`). */
export function placeholders(text: string): string[] {
	return [...text.matchAll(/\{\{\s*[^}]+?\s*\}\}|\$t\([^)]*\)|<\/?[\w-]+\s*\/?>/g)]
		.map((match) => match[0].replace(/\s+/g, ''))
		.sort()
}

const allowList = (lng: string): string[] => {
	const file = path.join(ALLOW_LISTS, `${lng}.json`)
	return readdirSync(ALLOW_LISTS).includes(`${lng}.json`) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : []
}

describe('the catalogues', () => {
	it('are one directory per language of CATALOGUE_LANGUAGES, each with the files of English', () => {
		expect(readdirSync(LOCALES).sort()).toEqual([...CATALOGUE_LANGUAGES].sort())
		for (const lng of others) expect(filesOf(lng).sort(), lng).toEqual(filesOf('en').sort())
	})

	it('keep each area in its own file, as English does', () => {
		for (const lng of others)
			for (const file of filesOf('en'))
				expect(Object.keys(read(path.join(LOCALES, lng, file))), `${lng}/${file}`).toEqual(
					Object.keys(read(path.join(LOCALES, 'en', file))),
				)
	})

	it.each(others)('%s has every key of English, each plural also in its own plural forms, and no other key', (lng) => {
		const expected = expectedKeys(lng)
		const texts = catalogues.get(lng)!
		const missing = [...expected].filter((key) => !texts.has(key))
		const extra = [...texts.keys()].filter((key) => !expected.has(key))
		expect({ missing, extra }, `${lng} against en (plural forms: ${[...pluralCategories(lng)]} and English's)`).toEqual(
			{
				missing: [],
				extra: [],
			},
		)
	})

	it.each(CATALOGUE_LANGUAGES)('%s has a text for every key', (lng) => {
		const texts = lng === 'en' ? en : catalogues.get(lng)!
		const empty = [...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)
		expect(empty).toEqual([])
	})

	it.each(others)('%s keeps the placeholders of English in every text', (lng) => {
		const mismatched = [...catalogues.get(lng)!].flatMap(([key, text]) => {
			const english = englishFor(key)
			if (english === undefined) return []
			const [want, got] = [placeholders(english), placeholders(text)]
			return want.join(' ') === got.join(' ') ? [] : [`${key}: ${got.join(' ') || '(none)'} ≠ ${want.join(' ')}`]
		})
		expect(mismatched).toEqual([])
	})

	it.each(others)('%s says nothing in English but what its same-as-english list allows', (lng) => {
		const allowed = new Set(allowList(lng))
		const texts = catalogues.get(lng)!
		const untranslated = [...texts].filter(([key, text]) => text === englishFor(key) && !allowed.has(key))
		expect(
			untranslated.map(([key]) => key),
			`texts equal to English: translate them, or list them in same-as-english/${lng}.json`,
		).toEqual([])
		const stale = [...allowed].filter((key) => !texts.has(key) || texts.get(key) !== englishFor(key))
		expect(stale, `same-as-english/${lng}.json lists keys that are gone or translated`).toEqual([])
	})

	it('have an allow-list only for a catalogue language, a JSON array of dotted keys', () => {
		for (const file of readdirSync(ALLOW_LISTS)) {
			expect(others as readonly string[], file).toContain(file.replace(/\.json$/, ''))
			const list = JSON.parse(readFileSync(path.join(ALLOW_LISTS, file), 'utf8')) as unknown
			expect(Array.isArray(list) && list.every((key) => typeof key === 'string'), file).toBe(true)
		}
	})
})

describe('the checks themselves', () => {
	it("ask each language for its own plural forms and English's (fr, es, it, pt add many; ja keeps one)", () => {
		const forms = (lng: string) => [...expectedKeys(lng)].filter((key) => key.startsWith('cloudAccount.home.days_'))
		expect(forms('de').sort()).toEqual(['cloudAccount.home.days_one', 'cloudAccount.home.days_other'])
		expect(forms('fr').sort()).toEqual([
			'cloudAccount.home.days_many',
			'cloudAccount.home.days_one',
			'cloudAccount.home.days_other',
		])
		expect(forms('ja').sort()).toEqual(['cloudAccount.home.days_one', 'cloudAccount.home.days_other'])
	})

	it('see values, nesting and markup as placeholders', () => {
		expect(placeholders('{{count}} days, $t(app.title), <0>here</0> <strong>x</strong><br/>')).toEqual(
			['$t(app.title)', '</0>', '</strong>', '<0>', '<br/>', '<strong>', '{{count}}'].sort(),
		)
		expect(placeholders('{{ name }} et {{count}}')).toEqual(placeholders('{{count}} and {{name}}'))
		expect(placeholders('{{nom}}')).not.toEqual(placeholders('{{name}}'))
	})
})

/** What can follow a prefix the code builds keys from (scripts/i18n-keys.ts keeps them as preserve patterns). */
const DYNAMIC_KEYS: Record<string, readonly string[]> = {
	// The root names the guard's screen: one of the route table's, or the fallback for the rest.
	'screen.': [...SCREEN_ROUTES.map((route) => route.screen), screenForPattern('no/such/pattern')],
	// The tab bar labels the tabs of a screen.
	'tab.': Object.values(SCREEN_TABS).flat(),
}

describe('keys built from a prefix', () => {
	it.each(Object.entries(DYNAMIC_KEYS))(
		'built from ‘%s’ are in English (and so in every catalogue)',
		(prefix, ends) => {
			expect(ends.length).toBeGreaterThan(0)
			expect(ends.map((end) => prefix + end).filter((key) => !en.has(key))).toEqual([])
		},
	)

	it('have a type the compiler holds to the English catalogue, where the code gives it one', () => {
		// Checked by `npm run typecheck`.
		expectTypeOf<`screen.${ScreenName}`>().toExtend<CatalogueKey>()
		expectTypeOf<`tab.${TabId}`>().toExtend<CatalogueKey>()
		expectTypeOf<AccountErrorKey>().toExtend<CatalogueKey>()
		expectTypeOf<NonNullable<ReturnType<typeof userMessageKey>>>().toExtend<CatalogueKey>()
	})
})
