/**
 * `npm run bench` (a part of it; alone: `npm run bench:html-cache`): anonymous `/login`, answered from the
 * rendered-HTML cache (ADR 0048), against a static file of the build served by the same portal, in the same
 * run (issue 23: `/login` at ≥ 0.2 of the static file's throughput). The production build must exist
 * (`npx react-router build`); the portal runs on the upstream emulator in its own process (bench/portal.ts).
 * The targets take turns for three rounds and each keeps its median, as bench/run.ts does: the machine is
 * shared, and the same target varies by a third between runs.
 *
 *   BENCH_SECONDS=3 npm run bench:html-cache    # shorter measured runs (default 5 s)
 *   HTML_CACHE=off npm run bench:html-cache     # the same figures with every page rendered
 *   BENCH_IDENTITY=1 npm run bench:html-cache   # neither answer compressed (no Accept-Encoding)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startPortalOnEmulator } from './portal.ts'
import { stopAllServers } from './processes.ts'
import { portalServerFile } from '../server/node-flags.ts'

const root = path.resolve(import.meta.dirname, '..')
const buildDir = path.join(root, process.env.PORTAL_BUILD_DIR ?? 'build')
const CONNECTIONS = 32
const ROUNDS = 3
const WARMUP_SECONDS = 2
const MEASURED_SECONDS = Number(process.env.BENCH_SECONDS || 5)
const GOAL = 0.2
/** As a browser asks: both targets go through the same compression (BENCH_IDENTITY: none). */
const HEADERS: Record<string, string> = process.env.BENCH_IDENTITY
	? { 'Accept-Language': 'en' }
	: { 'Accept-Language': 'en', 'Accept-Encoding': 'gzip, br', Accept: 'text/html,*/*' }

interface Run {
	requestsPerSecond: number
	p50LatencyMs: number
	p99LatencyMs: number
	non2xx: number
	errors: number
}

async function load(url: string): Promise<Run> {
	const result = await autocannon({ url, connections: CONNECTIONS, duration: MEASURED_SECONDS, headers: HEADERS })
	return {
		requestsPerSecond: result.requests.mean,
		p50LatencyMs: result.latency.p50,
		p99LatencyMs: result.latency.p99,
		non2xx: result.non2xx,
		errors: result.errors,
	}
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[runs.length >> 1]!

/** The build's asset nearest in size to the page, so the two answers carry about as many bytes. */
function staticFileLike(bytes: number): string {
	const assets = path.join(buildDir, 'client', 'assets')
	const [nearest] = readdirSync(assets)
		.map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
		.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))
	if (!nearest) throw new Error(`no files in ${assets}`)
	return `/assets/${nearest.name}`
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-html-cache-'))

async function main() {
	if (!existsSync(portalServerFile(buildDir))) throw new Error(`no build in ${buildDir}: run npx react-router build`)
	console.log('starting the emulator and the portal…')
	const { portal } = await startPortalOnEmulator(root, workDir)
	const page = await fetch(`${portal.origin}/login`, { headers: { 'Accept-Language': 'en' } })
	const pageBytes = (await page.arrayBuffer()).byteLength
	const cacheState = page.headers.get('X-Cache') ?? 'no X-Cache header: the cache is off'
	const targets = [
		{ name: 'static file', url: `${portal.origin}${staticFileLike(pageBytes)}` },
		{ name: 'anonymous /login', url: `${portal.origin}/login` },
	]
	console.log(`/login is ${pageBytes} bytes (${cacheState}); the static file is ${targets[0]!.url}`)

	// A fresh process is slower for its first seconds (JIT, caches): none of that in the runs compared.
	for (const target of targets)
		await autocannon({ url: target.url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: HEADERS })
	const runs = new Map(targets.map((target) => [target.name, [] as Run[]]))
	for (let round = 1; round <= ROUNDS; round++) {
		for (const target of targets) {
			console.log(`round ${round}/${ROUNDS}: ${target.name}, ${CONNECTIONS} connections, ${MEASURED_SECONDS} s…`)
			runs.get(target.name)!.push(await load(target.url))
		}
	}
	await stopAllServers()

	const staticRun = median(runs.get('static file')!)
	const loginRun = median(runs.get('anonymous /login')!)
	const ratio = loginRun.requestsPerSecond / staticRun.requestsPerSecond
	const failures = [...runs.values()].flat().reduce((sum, run) => sum + run.errors + run.non2xx, 0)
	const pass = ratio >= GOAL && failures === 0

	console.log(`\nAnonymous /login from the rendered-HTML cache against a static file (median of ${ROUNDS} rounds)\n`)
	for (const [name, run] of [
		['static file', staticRun],
		['anonymous /login', loginRun],
	] as const) {
		console.log(
			`${name}: ${run.requestsPerSecond.toFixed(1)} requests/s, p50 ${run.p50LatencyMs} ms, p99 ${run.p99LatencyMs} ms`,
		)
	}
	console.log(
		`ratio /login ÷ static file: ${ratio.toFixed(3)}; budget ≥ ${GOAL}, with no errors or non-2xx (${failures}): ${pass ? 'PASS' : 'FAIL'}`,
	)

	const resultsDir = path.join(import.meta.dirname, 'results')
	mkdirSync(resultsDir, { recursive: true })
	const results = {
		date: new Date().toISOString(),
		connections: CONNECTIONS,
		cache: cacheState,
		staticFile: targets[0]!.url.slice(portal.origin.length),
		static: staticRun,
		login: loginRun,
		ratio,
		pass,
	}
	writeFileSync(path.join(resultsDir, 'html-cache.json'), `${JSON.stringify(results, null, '\t')}\n`)
}

try {
	await main()
} catch (error) {
	console.error(`\n✗ html-cache benchmark failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
} finally {
	await stopAllServers()
	rmSync(workDir, { recursive: true, force: true })
}
