/**
 * The JavaScript each page of a React Router build loads: from the build's
 * client manifest (`build/client/assets/manifest-*.js`), the entry, then every
 * route module from the root down to the page's route, each with the chunks
 * it imports statically; those are the modules the page preloads and runs
 * before it hydrates.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestModule {
	/** URL path of the module, e.g. `/assets/root-abc.js`. */
	module: string
	imports?: string[]
}

interface ManifestRoute extends ManifestModule {
	id: string
	parentId?: string
	path?: string
	index?: boolean
	hasDefaultExport: boolean
}

interface Manifest {
	entry: ManifestModule
	routes: Record<string, ManifestRoute>
	/** The manifest file itself. */
	url?: string
}

export interface RouteJavaScript {
	routeId: string
	/** The URL pattern, e.g. `/settings/:tab?`, or `(layout)`. */
	path: string
	files: string[]
	rawBytes: number
	gzipBytes: number
}

const MANIFEST_PREFIX = 'window.__reactRouterManifest='

function readManifest(clientDir: string): Manifest {
	const assetsDir = path.join(clientDir, 'assets')
	const names = readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name))
	if (names.length !== 1) {
		throw new Error(`expected one manifest-*.js in ${assetsDir}, found ${names.length}: is the build complete?`)
	}
	const text = readFileSync(path.join(assetsDir, names[0]!), 'utf8').trim()
	if (!text.startsWith(MANIFEST_PREFIX) || !text.endsWith(';')) {
		throw new Error(`${names[0]} is not "${MANIFEST_PREFIX}{…};": has React Router changed its format?`)
	}
	const manifest = JSON.parse(text.slice(MANIFEST_PREFIX.length, -1)) as Manifest
	if (typeof manifest.entry?.module !== 'string' || typeof manifest.routes !== 'object') {
		throw new Error(`${names[0]} has no entry module or no routes`)
	}
	return manifest
}

/** The route and its ancestors, root first. */
function lineage(manifest: Manifest, route: ManifestRoute): ManifestRoute[] {
	const chain: ManifestRoute[] = []
	for (
		let current: ManifestRoute | undefined = route;
		current;
		current = current.parentId ? manifest.routes[current.parentId] : undefined
	) {
		chain.unshift(current)
	}
	return chain
}

/** The URL pattern a route renders at; a layout (root) renders around the pages and has none of its own. */
function urlPattern(chain: ManifestRoute[]): string {
	const route = chain.at(-1)
	if (!route?.path && !route?.index) return '(layout)'
	const segments = chain.map((r) => r.path ?? '').filter(Boolean)
	return `/${segments.join('/')}`
}

/**
 * Raw and gzip bytes of the JavaScript each page route loads, largest gzip
 * first. Resource routes (no default export) render no page and are left out.
 */
export function measureRouteJavaScript(clientDir: string, options: { manifestFile?: boolean } = {}): RouteJavaScript[] {
	const manifest = readManifest(clientDir)
	// Routes share most chunks: size each file once.
	const sizes = new Map<string, { raw: number; gzip: number }>()
	const sizeOf = (urlPath: string) => {
		let size = sizes.get(urlPath)
		if (!size) {
			const content = readFileSync(path.join(clientDir, urlPath))
			size = { raw: content.byteLength, gzip: gzipSync(content).byteLength }
			sizes.set(urlPath, size)
		}
		return size
	}

	const results: RouteJavaScript[] = []
	for (const route of Object.values(manifest.routes)) {
		if (!route.hasDefaultExport) continue
		const chain = lineage(manifest, route)
		// With route discovery 'initial' every page also imports the route manifest file.
		const files = new Set<string>(options.manifestFile && manifest.url ? [manifest.url] : [])
		for (const item of [manifest.entry, ...chain]) {
			files.add(item.module)
			for (const imported of item.imports ?? []) files.add(imported)
		}
		let rawBytes = 0
		let gzipBytes = 0
		for (const file of files) {
			const size = sizeOf(file)
			rawBytes += size.raw
			gzipBytes += size.gzip
		}
		results.push({ routeId: route.id, path: urlPattern(chain), files: [...files], rawBytes, gzipBytes })
	}
	return results.sort((a, b) => b.gzipBytes - a.gzipBytes || a.routeId.localeCompare(b.routeId))
}
