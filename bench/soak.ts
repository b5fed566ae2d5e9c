/**
 * `npm run bench:soak`: the portal under a long load of signed-in pages must not grow (issue 23, ADR 0055).
 * 64 connections for 10 minutes over five signed-in pages (the profile, the feed, a product page, the gear list
 * of 13 products, the cloud account), as the emulator's cloud member, against the production build with the
 * emulator in its own process. The portal's resident memory (RSS, /proc) is sampled every few seconds; the
 * run fails (exit 1) unless, over the last half of the run (the last 5 of 10 minutes):
 *
 * - RSS stays at or below 300 MB, and
 * - RSS is flat: the mean of its last minute is within 10 % above the mean of the half's first minute. A trend, not
 *   the spread of single samples: the collector's sawtooth moves RSS by a few per cent between samples without
 *   anything being kept, while a leak grows it minute after minute.
 *
 * Failed requests are counted and shown with the portal's last lines, but the verdict is the memory's.
 * A soak is a benchmark, not a test: it is not part of `npm test` and its figures are this machine's.
 *
 *   npm run bench:soak                           # 10 minutes, 64 connections
 *   npm run bench:soak -- --minutes=2            # shorter, for trying (the verdict still uses the last half)
 *   npm run bench:soak -- --connections=32 --sample-seconds=2
 *   npm run bench:soak -- --portal-flags=none    # the portal on V8's default heap sizes (ADR 0055's "before")
 *   npm run bench:soak -- --heap-snapshots=/tmp/snaps   # also a heap snapshot of the portal after the warm-up
 *                                                        # and at the end (compare them in Chrome's DevTools)
 *
 * Linux only (/proc).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { DEMO_ACCOUNTS } from '../server/emulator/demo.ts'
import { GEAR_LIST_SLUGS, registerGearList } from './gear.ts'
import { BENCH_SECURITY_SECRET, signIn, startPortalOnEmulator } from './portal.ts'
import { PORTAL_NODE_FLAGS, portalServerFile } from '../server/node-flags.ts'
import { runQuietly, stopAllServers, type ServerProcess } from './processes.ts'

const root = path.resolve(import.meta.dirname, '..')
/** The memory goal of issue 23: at most this RSS over the last half of the run… */
const RSS_BUDGET_MB = 300
/** …and flat: the last minute's mean RSS within this share above the mean of the last half's first minute. */
const FLAT_SHARE = 0.1
/** Loaded one after another by every connection: what a signed-in customer browses. */
export const SIGNED_IN_PAGES = [
	'/settings/profile',
	'/feed/all',
	'/products/fp-30x/features',
	'/gear/my_gear',
	'/cloud/account',
] as const
const HEADERS = { 'Accept-Encoding': 'gzip, br', 'Accept-Language': 'en' }

const { values: options } = parseArgs({
	options: {
		minutes: { type: 'string', default: '10' },
		connections: { type: 'string', default: '64' },
		'sample-seconds': { type: 'string', default: '5' },
		'heap-snapshots': { type: 'string' },
		'portal-flags': { type: 'string' },
	},
})
const minutes = Number(options.minutes)
const connections = Number(options.connections)
const sampleSeconds = Number(options['sample-seconds'])
if (!(minutes > 0) || !Number.isInteger(connections) || connections < 1 || !(sampleSeconds > 0))
	throw new Error('usage: npm run bench:soak -- [--minutes=10] [--connections=64] [--sample-seconds=5]')
const snapshotDir = options['heap-snapshots'] ? path.resolve(options['heap-snapshots']) : undefined
/** The portal's node options: those of production (server/node-flags.ts) unless given; `none` for V8's defaults. */
const portalFlags =
	options['portal-flags'] === undefined
		? PORTAL_NODE_FLAGS
		: options['portal-flags'] === 'none'
			? []
			: options['portal-flags'].split(' ').filter(Boolean)

/** A process's resident memory in MB, from /proc. */
export function rssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1])
	return kb / 1024
}

interface Sample {
	seconds: number
	rssMb: number
}

/** Asks the portal for a heap snapshot (it was started with --heapsnapshot-signal) and waits for the file. */
async function heapSnapshot(portal: ServerProcess, dir: string, label: string): Promise<void> {
	const before = new Set(readdirSync(dir))
	portal.child.kill('SIGUSR2')
	const deadline = Date.now() + 120_000
	while (Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 1000))
		const written = readdirSync(dir).filter((name) => !before.has(name) && name.endsWith('.heapsnapshot'))
		// The file is complete once its size stops changing.
		if (written.length > 0) {
			const file = path.join(dir, written[0]!)
			let size = -1
			while (size !== (size = readFileSync(file).length)) await new Promise((resolve) => setTimeout(resolve, 1000))
			console.log(`heap snapshot (${label}): ${file}`)
			return
		}
	}
	throw new Error(`no heap snapshot appeared in ${dir}`)
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'))

async function main(): Promise<boolean> {
	if (!existsSync(portalServerFile(path.join(root, process.env.PORTAL_BUILD_DIR ?? 'build')))) {
		console.log('building the portal (react-router build)…')
		runQuietly('npx', ['react-router', 'build'], root)
	}
	if (snapshotDir) mkdirSync(snapshotDir, { recursive: true })
	console.log('starting the emulator and the portal…')
	const { portal, emulator } = await startPortalOnEmulator(
		root,
		workDir,
		snapshotDir
			? { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}` }
			: process.env.SOAK_NODE_OPTIONS
				? { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS }
				: {},
		portalFlags,
	)
	const member = DEMO_ACCOUNTS.cloudMember
	const registered = await registerGearList(emulator.origin, BENCH_SECURITY_SECRET, member)
	if (registered !== GEAR_LIST_SLUGS.length)
		throw new Error(`${member.email} holds ${registered} registered products, not ${GEAR_LIST_SLUGS.length}`)
	const cookie = await signIn(
		portal,
		member,
		{ path: '/gear/my_gear', holds: (html) => html.includes('class="gear-card"'), what: 'the gear list' },
		HEADERS,
	)
	for (const page of SIGNED_IN_PAGES) {
		const shown = await fetch(portal.origin + page, { redirect: 'manual', headers: { ...HEADERS, Cookie: cookie } })
		await shown.arrayBuffer()
		if (shown.status !== 200) throw new Error(`signed in, GET ${page} answered ${shown.status}, not 200`)
	}

	const pid = portal.child.pid!
	const started = performance.now()
	const samples: Sample[] = [{ seconds: 0, rssMb: rssMb(pid) }]
	console.log(
		`soak: ${connections} connections for ${minutes} min over ${SIGNED_IN_PAGES.join(', ')}; ` +
			`RSS sampled every ${sampleSeconds} s (at the start: ${samples[0]!.rssMb.toFixed(0)} MB)`,
	)
	let nextMinute = 1
	const sampler = setInterval(() => {
		const sample = { seconds: (performance.now() - started) / 1000, rssMb: rssMb(pid) }
		samples.push(sample)
		if (sample.seconds >= nextMinute * 60 - sampleSeconds / 2) {
			console.log(`  ${nextMinute} min: RSS ${sample.rssMb.toFixed(0)} MB`)
			nextMinute += 1
		}
	}, sampleSeconds * 1000)
	let snapshotting: Promise<void> | undefined
	if (snapshotDir) {
		// After the first minute (caches full, JIT settled) and again at the end: what grew between them is held.
		snapshotting = new Promise((resolve) => setTimeout(resolve, 60_000)).then(() =>
			heapSnapshot(portal, snapshotDir, 'after 1 min'),
		)
	}
	const result = await autocannon({
		url: portal.origin,
		connections,
		duration: Math.round(minutes * 60),
		headers: { ...HEADERS, Cookie: cookie },
		requests: SIGNED_IN_PAGES.map((page) => ({ method: 'GET', path: page })),
	})
	clearInterval(sampler)
	samples.push({ seconds: (performance.now() - started) / 1000, rssMb: rssMb(pid) })
	await snapshotting
	if (snapshotDir) await heapSnapshot(portal, snapshotDir, 'at the end')
	const portalOutput = portal.output()
	await stopAllServers()

	const half = (minutes * 60) / 2
	const lastHalf = samples.filter((s) => s.seconds >= half)
	const low = Math.min(...lastHalf.map((s) => s.rssMb))
	const high = Math.max(...lastHalf.map((s) => s.rssMb))
	const final = samples.at(-1)!.rssMb
	const peak = Math.max(...samples.map((s) => s.rssMb))
	const meanOf = (from: number, to: number) => {
		const window = samples.filter((s) => s.seconds >= from && s.seconds < to).map((s) => s.rssMb)
		return window.reduce((sum, mb) => sum + mb, 0) / Math.max(1, window.length)
	}
	const minute = Math.min(60, half / 2)
	const halfStartMb = meanOf(half, half + minute)
	const endMb = meanOf(minutes * 60 - minute, Infinity)
	const growth = (endMb - halfStartMb) / halfStartMb
	const spread = (high - low) / low
	const withinBudget = high <= RSS_BUDGET_MB
	const flat = growth <= FLAT_SHARE
	const ok = result['2xx']
	const failed = result.non2xx + result.errors

	const statusCodes = Object.fromEntries(
		Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
	)
	console.log(
		`\nSoak: ${connections} connections, ${minutes} min, signed in as the cloud member, ` +
			`portal run with ${portalFlags.join(' ') || "V8's defaults"}\n`,
	)
	console.log(
		`requests: ${result.requests.total} (${result.requests.mean.toFixed(1)}/s), 2xx ${ok}, non-2xx ${result.non2xx}, ` +
			`errors ${result.errors}, status codes ${JSON.stringify(statusCodes)}; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
	)
	console.log(
		`portal RSS: ${samples[0]!.rssMb.toFixed(0)} MB at the start, peak ${peak.toFixed(0)} MB, ${final.toFixed(0)} MB ` +
			`at the end; over the last ${(half / 60).toFixed(1)} min ${low.toFixed(0)}–${high.toFixed(0)} MB ` +
			`(samples' spread ${(spread * 100).toFixed(1)} %), mean of its first minute ${halfStartMb.toFixed(0)} MB, ` +
			`of the last minute ${endMb.toFixed(0)} MB`,
	)
	console.log(
		`Budget: RSS at most ${RSS_BUDGET_MB} MB over the last half of the run: ${verdict(withinBudget)} ` +
			`(highest ${high.toFixed(0)} MB)`,
	)
	console.log(
		`Budget: RSS flat over the last half, its last minute within ${FLAT_SHARE * 100} % above its first: ` +
			`${verdict(flat)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %)`,
	)
	// Reported, not part of the verdict: the soak is the memory goal's; the mixed journeys hold the 0-error budget.
	console.log(`failed requests: ${failed}`)
	if (failed > 0) console.log(`the portal's last lines:\n${portalOutput.slice(-3_000)}`)

	const resultsDir = path.join(import.meta.dirname, 'results')
	mkdirSync(resultsDir, { recursive: true })
	writeFileSync(
		path.join(resultsDir, 'soak.json'),
		`${JSON.stringify(
			{
				date: new Date().toISOString(),
				node: process.version,
				cpus: os.cpus().length,
				connections,
				minutes,
				portalFlags,
				statusCodes,
				pages: SIGNED_IN_PAGES,
				requests: { total: result.requests.total, perSecond: result.requests.mean, non2xx: result.non2xx },
				errors: result.errors,
				latency: { p50Ms: result.latency.p50, p99Ms: result.latency.p99 },
				rss: {
					startMb: samples[0]!.rssMb,
					peakMb: peak,
					finalMb: final,
					lastHalfLowMb: low,
					lastHalfHighMb: high,
					lastHalfFirstMinuteMb: halfStartMb,
					lastMinuteMb: endMb,
				},
				budgets: {
					rss: { maximumMb: RSS_BUDGET_MB, highestMb: high, pass: withinBudget },
					flat: { maximumShare: FLAT_SHARE, share: growth, spread, pass: flat },
				},
				samples,
			},
			null,
			'\t',
		)}\n`,
	)
	console.log(`\nfigures written to ${path.relative(root, path.join(resultsDir, 'soak.json'))}`)
	return withinBudget && flat
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL')

try {
	if (!(await main())) process.exitCode = 1
} catch (error) {
	console.error(`\n✗ soak failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
} finally {
	await stopAllServers()
	rmSync(workDir, { recursive: true, force: true })
}
