/**
 * `npm run bench` (its last part; alone: `npm run bench:logging`): a slow log service changes no page's
 * latency (issue 14). A visitor who allowed analytics loads /login, whose every view is a usage event for
 * the log service, at 10 connections: once with the log service answering, once with it answering 2 s late
 * (the emulator's `delay` fault on its path), after the same page for a visitor who declined (no event at
 * all). The events go after the response through a bounded queue (ADR 0027), so with the log service late the
 * page's p50 and p99 must stay within 20% (or 5 ms) of the declined visitor's.
 *
 *   BENCH_SECONDS=3 npm run bench:logging    # shorter measured runs (default 5 s)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startPortalOnEmulator } from './portal.ts'
import { runQuietly, stopAllServers, type ServerProcess } from './processes.ts'
import { portalServerFile } from '../server/node-flags.ts'

const root = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = 10
const WARMUP_SECONDS = 2
const MEASURED_SECONDS = Number(process.env.BENCH_SECONDS || 5)
const LOG_DELAY_MS = 2_000
/** The delayed run's p50 and p99 may exceed the answering run's by this share, or by `SLACK_MS`, whichever is more. */
const SHARE = 0.2
const SLACK_MS = 5

interface Run {
	what: string
	requestsPerSecond: number
	p50LatencyMs: number
	p99LatencyMs: number
	non2xx: number
	errors: number
	/** Usage events the log service stored during the run (at most 500 are counted). */
	eventsStored: number
}

/** The analytics cookie a visitor gets by allowing analytics (the consent banner's post, without JavaScript). */
async function allowAnalytics(portal: ServerProcess): Promise<string> {
	const response = await fetch(`${portal.origin}/preferences`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: portal.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ intent: 'analytics', analytics: 'granted', redirectTo: '/login' }),
	})
	const cookie = response.headers
		.getSetCookie()
		.map((header) => header.split(';', 1)[0]!)
		.find((pair) => pair.startsWith('analytics='))
	if (!cookie) throw new Error(`POST /preferences set no analytics cookie (${response.status})`)
	return cookie
}

/** The newest usage events the log service stored (it lists at most 500), for counting what a run added. */
async function newestEvents(emulator: ServerProcess): Promise<string[]> {
	const response = await fetch(`${emulator.origin}/_emulator/log/log/_events?userId=anonymous`)
	return ((await response.json()) as { events: Array<{ id: string }> }).events.map((event) => event.id)
}

async function load(portal: ServerProcess, emulator: ServerProcess, cookie: string, what: string): Promise<Run> {
	const options = {
		url: `${portal.origin}/login`,
		connections: CONNECTIONS,
		headers: { 'Accept-Language': 'en', 'Accept-Encoding': 'gzip, br', Cookie: cookie },
	}
	console.log(
		`loading /login (${what}): ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${MEASURED_SECONDS} s…`,
	)
	await autocannon({ ...options, duration: WARMUP_SECONDS })
	const before = new Set(await newestEvents(emulator))
	const result = await autocannon({ ...options, duration: MEASURED_SECONDS })
	return {
		what,
		requestsPerSecond: result.requests.mean,
		p50LatencyMs: result.latency.p50,
		p99LatencyMs: result.latency.p99,
		non2xx: result.non2xx,
		errors: result.errors,
		// Of the newest 500: "500" means at least that many.
		eventsStored: (await newestEvents(emulator)).filter((id) => !before.has(id)).length,
	}
}

async function fault(emulator: ServerProcess, method: 'POST' | 'DELETE', body?: unknown) {
	const response = await fetch(`${emulator.origin}/_emulator/faults`, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	})
	if (!response.ok) throw new Error(`${method} /_emulator/faults answered ${response.status}`)
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-logging-'))

async function main() {
	if (!existsSync(portalServerFile(path.join(root, process.env.PORTAL_BUILD_DIR ?? 'build')))) {
		console.log('building the portal (react-router build)…')
		runQuietly('npx', ['react-router', 'build'], root)
	}
	console.log('starting the emulator and the portal…')
	const { portal, emulator } = await startPortalOnEmulator(root, workDir)
	const cookie = await allowAnalytics(portal)

	// A fresh process is slower for its first seconds (JIT, caches): none of that in the runs compared.
	await autocannon({ url: `${portal.origin}/login`, connections: CONNECTIONS, duration: 5 })
	// First the same page for a visitor who declined: no usage event at all, the baseline.
	const declined = await load(portal, emulator, 'analytics=', 'analytics declined, no events')
	const answering = await load(portal, emulator, cookie, 'log service answering')
	await fault(emulator, 'POST', { path: '/log/log/', mode: 'delay', delayMs: LOG_DELAY_MS })
	const delayed = await load(portal, emulator, cookie, `log service ${LOG_DELAY_MS} ms late`)
	await fault(emulator, 'DELETE')
	await stopAllServers()

	const within = (slow: number, fast: number) => slow <= Math.max(fast * (1 + SHARE), fast + SLACK_MS)
	const pass =
		answering.eventsStored > 0 &&
		delayed.errors + delayed.non2xx === 0 &&
		within(delayed.p50LatencyMs, declined.p50LatencyMs) &&
		within(delayed.p99LatencyMs, declined.p99LatencyMs)

	console.log('\n/login for a visitor who allowed analytics (each view a usage event)\n')
	for (const run of [declined, answering, delayed]) {
		console.log(
			`${run.what}: ${run.requestsPerSecond.toFixed(1)} requests/s, p50 ${run.p50LatencyMs} ms, ` +
				`p99 ${run.p99LatencyMs} ms, non-2xx ${run.non2xx}, errors ${run.errors}, ` +
				`events stored during the run ${run.eventsStored}`,
		)
	}
	console.log(
		`Budget: with the log service ${LOG_DELAY_MS} ms late, the page's p50 and p99 stay within ` +
			`${SHARE * 100}% (or ${SLACK_MS} ms) of the page's without any event, with no errors: ${pass ? 'PASS' : 'FAIL'}`,
	)

	const resultsDir = path.join(import.meta.dirname, 'results')
	mkdirSync(resultsDir, { recursive: true })
	const results = {
		date: new Date().toISOString(),
		connections: CONNECTIONS,
		runs: [declined, answering, delayed],
		pass,
	}
	writeFileSync(path.join(resultsDir, 'logging.json'), `${JSON.stringify(results, null, '\t')}\n`)
}

try {
	await main()
} catch (error) {
	console.error(`\n✗ logging benchmark failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
} finally {
	await stopAllServers()
	rmSync(workDir, { recursive: true, force: true })
}
