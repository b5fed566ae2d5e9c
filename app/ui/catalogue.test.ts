/**
 * Every text the code asks for is in every catalogue, and the catalogues have
 * the same keys. Keys are found in the source itself (not a list kept by hand),
 * so a new `t('…')`, zod message, toast or error key is checked the day it is
 * written; keys built from a prefix are checked by enumerating what can follow it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AccountErrorKey } from '#app/domain/account-errors.ts'
import { SCREEN_ROUTES, SCREEN_TABS, screenForPattern, type ScreenName, type TabId } from '#app/domain/screens.ts'
import type { userMessageKey } from '#app/upstream/errors.ts'
import type { CatalogueKey } from './i18n.tsx'

const APP = path.resolve(import.meta.dirname, '..')
const LOCALES = path.join(APP, 'i18n', 'locales')

type Tree = { [key: string]: string | Tree }

/** Every catalogue, by language: `section.key` → text, from all of the language's files (one per area). */
const catalogues = new Map(
	readdirSync(LOCALES).map((lng) => {
		const files = readdirSync(path.join(LOCALES, lng)).filter((file) => file.endsWith('.json'))
		const trees = files.map((file) => JSON.parse(readFileSync(path.join(LOCALES, lng, file), 'utf8')) as Tree)
		return [lng, flatten(Object.assign({}, ...trees) as Tree)] as const
	}),
)

function flatten(tree: Tree, prefix = ''): Map<string, string> {
	const texts = new Map<string, string>()
	for (const [key, value] of Object.entries(tree)) {
		if (typeof value === 'string') texts.set(prefix + key, value)
		else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text)
	}
	return texts
}

const sections = new Set(
	[...catalogues.values()].flatMap((texts) => [...texts.keys()].map((key) => key.split('.')[0]!)),
)

/** What can follow a prefix the code builds keys from, taken from where the code gets it. */
const DYNAMIC_KEYS: Record<string, readonly string[]> = {
	// The root names the guard's screen: one of the route table's, or the fallback for the rest.
	'screen.': [...SCREEN_ROUTES.map((route) => route.screen), screenForPattern('no/such/pattern')],
	// The tab bar labels the tabs of a screen.
	'tab.': Object.values(SCREEN_TABS).flat(),
	// The root describes the same screen in the page's meta description (ADR 0061).
	'screenDescription.': [...SCREEN_ROUTES.map((route) => route.screen), screenForPattern('no/such/pattern')],
}

const KEY = /^[a-z][A-Za-z]*\.[A-Za-z_][A-Za-z0-9_]*$/
const PREFIX = /^[a-z][A-Za-z]*\.$/
/** Where a string can only be a catalogue key: the argument of a translator, a zod message, an error or toast key. */
const KEY_CALLS = new Set(['t', 'translate'])
const KEY_PROPERTIES = new Set(['error', 'message', 'errorKey', 'formErrors'])

interface Use {
	key: string
	where: string
}

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return file === LOCALES ? [] : sourceFiles(file)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
	})
}

function inKeyPlace(node: ts.Node): boolean {
	let parent = node.parent
	while (ts.isArrayLiteralExpression(parent) || ts.isConditionalExpression(parent)) parent = parent.parent
	if (ts.isCallExpression(parent)) {
		const callee = parent.expression
		const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : ''
		return KEY_CALLS.has(name) && parent.arguments[0] === node
	}
	return ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name) && KEY_PROPERTIES.has(parent.name.text)
}

/** The keys and key prefixes the source uses: literals that name a catalogue section, or sit where only a key can. */
function scan(files: readonly string[]) {
	const keys: Use[] = []
	const prefixes: Use[] = []
	for (const file of files) {
		const text = readFileSync(file, 'utf8')
		const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
		const where = (node: ts.Node) =>
			`${path.relative(APP, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
		const visit = (node: ts.Node): void => {
			if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
			if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
				const value = node.text
				if (KEY.test(value) && (sections.has(value.split('.')[0]!) || inKeyPlace(node)))
					keys.push({ key: value, where: where(node) })
			} else if (ts.isTemplateExpression(node)) {
				const head = node.head.text
				if (PREFIX.test(head) && (sections.has(head.slice(0, -1)) || inKeyPlace(node)))
					prefixes.push({ key: head, where: where(node) })
			}
			ts.forEachChild(node, visit)
		}
		visit(source)
	}
	return { keys, prefixes }
}

const used = scan(sourceFiles(APP))

describe('the catalogues', () => {
	it('are found, English first among them', () => {
		expect([...catalogues.keys()]).toEqual(expect.arrayContaining(['en', 'ja']))
		expect(catalogues.get('en')!.size).toBeGreaterThan(100)
	})

	it('have the same keys in every language', () => {
		const english = catalogues.get('en')!
		for (const [lng, texts] of catalogues) {
			const missing = [...english.keys()].filter((key) => !texts.has(key))
			const extra = [...texts.keys()].filter((key) => !english.has(key))
			expect({ missing, extra }, `${lng}/common.json against en/common.json`).toEqual({ missing: [], extra: [] })
		}
	})

	it('have a text for every key, with the same {{values}} in every language', () => {
		const values = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()
		for (const [lng, texts] of catalogues) {
			for (const [key, text] of texts) {
				expect(text.trim(), `${lng}: ${key}`).not.toBe('')
				expect(values(text), `${lng}: ${key}`).toEqual(values(catalogues.get('en')!.get(key) ?? ''))
			}
		}
	})
})

describe('every key the code uses', () => {
	it('is found in the source: translations, zod messages, toasts and upstream errors', () => {
		const keys = new Set(used.keys.map((use) => use.key))
		for (const key of [
			'app.skipToContent',
			'validation.emailRequired',
			'validation.passwordsDontMatch',
			'toast.tokenExpired',
			'errors.incorrectCredentials',
			'toast.exception',
		])
			expect(keys, key).toContain(key)
	})

	it('is in every catalogue', () => {
		const missing = [...catalogues].map(([lng, texts]) => [
			lng,
			// A plural text is asked for by its base key with a count (i18next picks `key_one`, `key_other`…).
			used.keys
				.filter((use) => !texts.has(use.key) && !texts.has(`${use.key}_other`))
				.map((use) => `${use.key} (${use.where})`),
		])
		expect(Object.fromEntries(missing)).toEqual(Object.fromEntries([...catalogues.keys()].map((lng) => [lng, []])))
	})

	it('is built only from prefixes whose every ending is known', () => {
		const unknown = used.prefixes.filter((use) => !DYNAMIC_KEYS[use.key]).map((use) => `${use.key}… (${use.where})`)
		expect(unknown, 'a key built from a new prefix: list what can follow it in DYNAMIC_KEYS').toEqual([])
		expect(used.prefixes.map((use) => use.key)).toEqual(expect.arrayContaining(Object.keys(DYNAMIC_KEYS)))
	})

	it.each(Object.entries(DYNAMIC_KEYS))('built from ‘%s’ is in every catalogue', (prefix, endings) => {
		expect(endings.length).toBeGreaterThan(0)
		const missing = [...catalogues].map(([lng, texts]) => [
			lng,
			endings.map((ending) => prefix + ending).filter((key) => !texts.has(key)),
		])
		expect(Object.fromEntries(missing)).toEqual(Object.fromEntries([...catalogues.keys()].map((lng) => [lng, []])))
	})

	it('has a type the compiler holds to the English catalogue, where the code gives it one', () => {
		// Checked by `npm run typecheck`; the tests above check the other languages.
		expectTypeOf<`screen.${ScreenName}`>().toExtend<CatalogueKey>()
		expectTypeOf<`screenDescription.${ScreenName}`>().toExtend<CatalogueKey>()
		expectTypeOf<`tab.${TabId}`>().toExtend<CatalogueKey>()
		expectTypeOf<AccountErrorKey>().toExtend<CatalogueKey>()
		expectTypeOf<NonNullable<ReturnType<typeof userMessageKey>>>().toExtend<CatalogueKey>()
	})
})
