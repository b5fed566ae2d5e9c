/**
 * What the action fuzz (action-fuzz.http.spec.ts, ADR 0051) posts to, read from the code itself: every
 * route of `app/routes.ts` whose module exports an action, the URLs to post to (the screen list's
 * sample URLs of its screen, else its pattern with sample parameters) and every intent value the
 * module or a module it imports knows. A route added later with an action is fuzzed without anyone
 * listing it; kept free of the test runner's imports so a unit test can read it too.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import routes from '../../app/routes.ts'
import { SCREENS } from './screen-list.ts'

interface RouteEntry {
	id?: string
	path?: string
	file: string
	children?: RouteEntry[]
}

export interface ActionRoute {
	/** The route id (a screen name), or the module's file for a resource route without one. */
	name: string
	/** The route's pattern, e.g. `gear/my_gear/:registeredProductId`. */
	pattern: string
	/** The module, under app/. */
	file: string
	/** URLs (path and query) to post to; `{registeredProductId}` and `{subscriptionId}` are filled per account. */
	urls: string[]
	/** Every intent value found in the module and the app modules it imports. */
	intents: string[]
}

const APP = path.resolve('app')

/** Each source read once: the closures of the routes share most of their modules. */
const sources = new Map<string, string>()
function source(file: string): string {
	let text = sources.get(file)
	if (text === undefined) sources.set(file, (text = readFileSync(file, 'utf8')))
	return text
}

function exportsAction(source: string): boolean {
	return /export (async )?function action\b|export const action\b/.test(source)
}

/** A concrete URL path for a pattern: optional segments dropped, parameters given a sample value. */
export function samplePath(pattern: string): string {
	const segments = pattern
		.split('/')
		.filter((segment) => segment && !segment.endsWith('?'))
		.map((segment) =>
			segment === '*'
				? 'no-such-page'
				: segment === ':registeredProductId'
					? '{registeredProductId}'
					: segment === ':subscriptionId'
						? '{subscriptionId}'
						: segment.startsWith(':')
							? 'sample'
							: segment,
		)
	return '/' + segments.join('/')
}

/** The app modules a module imports, transitively (`#app/…` and relative imports; packages are not followed). */
export function moduleClosure(file: string): string[] {
	const seen = new Set<string>()
	const visit = (absolute: string) => {
		if (seen.has(absolute) || !existsSync(absolute)) return
		seen.add(absolute)
		for (const [, spec] of source(absolute).matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
			const target = spec!.startsWith('#app/')
				? path.join(APP, spec!.slice('#app/'.length))
				: spec!.startsWith('.')
					? path.resolve(path.dirname(absolute), spec!)
					: undefined
			// Only the app's own code, and not the UI kit or the catalogues: intents are in routes, services and domain.
			if (target && target.startsWith(APP) && /\.tsx?$/.test(target)) visit(target)
		}
	}
	visit(path.join(APP, file))
	return [...seen]
}

/**
 * Intent values in a source text: buttons and hidden fields named `intent`, comparisons and schemas of
 * an `intent`, lists named `…_INTENTS`. A value built from a template (`remove-phone:${index}`) is
 * taken with a sample index.
 */
export function intentsInSource(source: string): string[] {
	const found = new Set<string>()
	const add = (value: string) => {
		if (value && value.length < 60) found.add(value)
	}
	const patterns = [
		/name="intent"\s+value="([^"]+)"/g,
		/name="intent"\s+value=\{'([^']+)'\}/g,
		/name="intent"\s+value=\{`([^`$]+)\$\{[^}]*\}`\}/g,
		/intent\)?\s*[!=]==\s*'([^']+)'/g,
		/'intent'\)\s*[!=]==\s*'([^']+)'/g,
		/intent:\s*'([^']+)'/g,
		/intent:\s*z\.literal\('([^']+)'\)/g,
		/intent\.startsWith\('([^']+)'\)/g,
		/submit\(\{\s*intent:\s*'([^']+)'/g,
	]
	for (const pattern of patterns) for (const [, value] of source.matchAll(pattern)) add(value!)
	// A template's fixed part, given an index: `remove-phone:0`.
	for (const [, prefix] of source.matchAll(/name="intent"\s+value=\{`([^`$]+)\$\{/g)) add(`${prefix}0`)
	// A value chosen between two (`value={last ? 'send' : 'next'}`).
	for (const [, a, b] of source.matchAll(/name="intent"\s+value=\{[^?}]*\?\s*'([^']+)'\s*:\s*'([^']+)'\s*\}/g)) {
		add(a!)
		add(b!)
	}
	for (const [, list] of source.matchAll(/intent:\s*z\.enum\(\[([^\]]+)\]/g))
		for (const [, value] of list!.matchAll(/'([^']+)'/g)) add(value!)
	for (const [, list] of source.matchAll(/_INTENTS\s*=\s*\[([^\]]+)\]/g))
		for (const [, value] of list!.matchAll(/'([^']+)'/g)) add(value!)
	return [...found]
}

function walk(entries: readonly RouteEntry[], parent = ''): ActionRoute[] {
	return entries.flatMap((entry) => {
		const pattern = [parent, entry.path ?? ''].filter(Boolean).join('/')
		const own: ActionRoute[] = []
		if (exportsAction(source(path.join(APP, entry.file)))) {
			const screens = entry.id ? SCREENS.filter((s) => s.screen === entry.id) : []
			const urls = screens.length ? screens.map((s) => s.path) : [samplePath(pattern)]
			// A route whose path takes a subscription: the screen list names the demo member's; the fuzz fills its own.
			const filled = urls.map((url) => (pattern.includes(':subscriptionId') ? samplePath(pattern) : url))
			const intents = new Set<string>()
			for (const file of moduleClosure(entry.file))
				for (const intent of intentsInSource(source(file))) intents.add(intent)
			own.push({
				name: entry.id ?? entry.file,
				pattern: pattern || '/',
				file: entry.file,
				urls: [...new Set(filled)],
				intents: [...intents].sort(),
			})
		}
		return [...own, ...walk(entry.children ?? [], pattern)]
	})
}

let walked: ActionRoute[] | undefined

/** Every route with an action, in the route table's order. */
export function actionRoutes(): ActionRoute[] {
	return (walked ??= walk(routes as RouteEntry[]))
}

/** Every module (under app/) that a route of the table names and that exports an action. */
export function actionModules(): string[] {
	const files = new Set<string>()
	const visit = (entries: readonly RouteEntry[]) => {
		for (const entry of entries) {
			if (exportsAction(source(path.join(APP, entry.file)))) files.add(entry.file)
			visit(entry.children ?? [])
		}
	}
	visit(routes as RouteEntry[])
	return [...files].sort()
}
