/**
 * The catalogue keys the code uses, found by i18next-cli (the i18next project's kept extractor; i18next-parser,
 * its predecessor, is unmaintained since 2025 and supports i18next only up to 24), and compared with the English
 * catalogue both ways (ADR 0057). `node scripts/i18n-keys.ts` prints what differs and fails; the vitest test
 * beside it runs the same comparison.
 *
 * i18next-cli finds `t('…')` and `translate('…')` calls and resolves finite dynamic keys from their TypeScript
 * types. The portal also names keys outside a call (a zod message, a toast, a field's label in app/domain, handed
 * to `t` later): a small plugin gives the extractor every string literal whose first part is a catalogue section
 * (`validation.emailRequired`), so a key named anywhere counts as used, and a misspelt one shows as missing. Keys
 * built from data at run time are the tool's `preservePatterns` below, each with where the code builds it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { findKeys, type I18nextToolkitConfig, type Plugin } from 'i18next-cli'

const ROOT = path.resolve(import.meta.dirname, '..')
const EN = path.join(ROOT, 'app', 'i18n', 'locales', 'en')

type Tree = { [key: string]: string | Tree }

/** The English catalogue, `section.key` → text, from all of its files (one namespace, as resources.ts merges them). */
export function englishTexts(): Map<string, string> {
	const trees = readdirSync(EN)
		.filter((file) => file.endsWith('.json'))
		.map((file) => JSON.parse(readFileSync(path.join(EN, file), 'utf8')) as Tree)
	return flatten(Object.assign({}, ...trees) as Tree)
}

export function flatten(tree: Tree, prefix = ''): Map<string, string> {
	const texts = new Map<string, string>()
	for (const [key, value] of Object.entries(tree)) {
		if (typeof value === 'string') texts.set(prefix + key, value)
		else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text)
	}
	return texts
}

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/**
 * Keys the code builds from run-time values (i18next-cli cannot know them): the English keys under each
 * pattern count as used. Each names where the key is built; a pattern no English key matches fails the test.
 */
export const PRESERVE_PATTERNS = [
	// root.tsx, the tab bars: `screen.${screen}` and `tab.${tab}` (the screens and tabs of app/domain/screens.ts).
	'screen.*',
	'tab.*',
	// root.tsx's meta description: `screenDescription.${screen}`, one per screen as for its title.
	'screenDescription.*',
	// settings: `settings.regions.${region}` for the regional groups of culture.ts.
	'settings.regions.*',
	// gear: `gear.sort.${value}`, the spec's four sort methods.
	'gear.sort.*',
	// settings/admin-tab: `admin.field.${field}`.
	'admin.field.*',
	// contact: `contact.subjects.${subject}`; faq: `faq.labels.${label}`.
	'contact.subjects.*',
	'faq.labels.*',
	// cloud account: the upstream's values of a subscription, payment and loyalty programme.
	'cloudAccount.interval.*',
	'cloudAccount.type.*',
	'cloudAccount.status.*',
	'cloudAccount.source.*',
	'cloudAccount.paymentStatus.*',
	'cloudAccount.loyalty.status.*',
	'cloudAccount.cancel.reasons.*',
] as const

/** Properties whose string can only be a catalogue key: a zod message, an error or toast key. */
const KEY_PROPERTIES = new Set(['error', 'message', 'errorKey', 'formErrors'])

/**
 * A key the code names outside a call: a string literal shaped `section.key` whose section is one of the
 * catalogue's, or any key-shaped string given to a property that only takes keys (so a misspelt section shows).
 */
function namedKeys(sections: ReadonlySet<string>): Plugin {
	const KEY = /^[a-z][A-Za-z]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/
	type Literal = { type: string; value?: unknown }
	return {
		name: 'portal-named-keys',
		onVisitNode(node, context) {
			const literal = node as unknown as Literal
			if (literal.type === 'StringLiteral') {
				const value = String(literal.value)
				if (KEY.test(value) && sections.has(value.split('.')[0]!)) context.addKey({ key: value, ns: 'common' })
			} else if (literal.type === 'KeyValueProperty') {
				const { key, value } = node as unknown as { key: Literal; value: Literal }
				const name = key.type === 'Identifier' ? String((key as { value?: unknown }).value) : ''
				if (KEY_PROPERTIES.has(name) && value.type === 'StringLiteral' && KEY.test(String(value.value)))
					context.addKey({ key: String(value.value), ns: 'common' })
			}
		},
	}
}

export function extractionConfig(sections: ReadonlySet<string>, root = ROOT): I18nextToolkitConfig {
	return {
		locales: ['en'],
		extract: {
			input: [`${root}/app/**/*.{ts,tsx}`],
			ignore: [`${root}/app/**/*.test.{ts,tsx}`],
			// Not written: findKeys only reads. The portal's catalogue is one namespace split into area files.
			output: `${root}/app/i18n/locales/{{language}}/{{namespace}}.json`,
			defaultNS: 'common',
			nsSeparator: false,
			functions: ['t', '*.t', 'translate'],
			preservePatterns: [...PRESERVE_PATTERNS],
			extractFromComments: false,
		},
		plugins: [namedKeys(sections)],
	}
}

export interface KeyReport {
	/** Keys the code uses that English lacks (as a text or as a plural's `_other`). */
	missingInEnglish: string[]
	/** English keys (plural texts by their base key) the code never uses and no pattern keeps. */
	unusedInEnglish: string[]
	/** Patterns of PRESERVE_PATTERNS that keep no English key. */
	stalePatterns: string[]
	/** How many keys the extractor found. */
	found: number
}

/** Whether a key matches an i18next-cli preserve pattern (`*` is any run of characters). */
export function matchesPattern(key: string, pattern: string): boolean {
	const re = new RegExp(
		`^${pattern
			.split('*')
			.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
			.join('.*')}$`,
	)
	return re.test(key)
}

/** The comparison; `root` is where `app/` is read from (the tests give a small tree of their own). */
export async function keyReport(root = ROOT): Promise<KeyReport> {
	const english = englishTexts()
	const sections = new Set([...english.keys()].map((key) => key.split('.')[0]!))
	const { allKeys } = await findKeys(extractionConfig(sections, root))
	// A key asked with a count comes back as its plural forms (`key_one`, `key_other`): its base is what is used.
	const used = new Set(
		[...allKeys.values()].map(({ key, hasCount }) => (hasCount ? key.replace(PLURAL_SUFFIX, '') : key)),
	)
	const has = (key: string) => english.has(key) || english.has(`${key}_other`)
	const englishBases = new Set([...english.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))
	return {
		missingInEnglish: [...used].filter((key) => !has(key)).sort(),
		unusedInEnglish: [...englishBases]
			.filter((key) => !used.has(key) && !PRESERVE_PATTERNS.some((pattern) => matchesPattern(key, pattern)))
			.sort(),
		stalePatterns: PRESERVE_PATTERNS.filter(
			(pattern) => ![...englishBases].some((key) => matchesPattern(key, pattern)),
		),
		found: used.size,
	}
}

if (import.meta.main) {
	const started = performance.now()
	const report = await keyReport()
	const problems = [
		...report.missingInEnglish.map((key) => `used in the code, missing in English: ${key}`),
		...report.unusedInEnglish.map((key) => `in English, never used by the code: ${key}`),
		...report.stalePatterns.map((pattern) => `a preserve pattern that keeps no key: ${pattern}`),
	]
	for (const problem of problems) console.error(problem)
	console.log(
		`${report.found} keys used by the code, checked against English in ${Math.round(performance.now() - started)} ms`,
	)
	if (problems.length > 0) process.exit(1)
}
