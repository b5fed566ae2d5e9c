/**
 * `npm run bench`: how fast the portal serves its login page, against a
 * minimal React Router page and a static file served through the same
 * Express stack; how fast it serves a signed-in page, /settings/profile,
 * against its own /login; and how much JavaScript each page loads. Prints the
 * budgets with PASS or FAIL and writes the figures to bench/results/latest.json.
 *
 * The portal runs against the upstream emulator started as its own process
 * (`npm run emulator`, fresh data), configured through the *_URL settings as
 * it would be against real upstreams, so the emulator's work is not counted as
 * the portal's (it still takes CPU from the same two cores while the portal
 * calls it). /login and /settings/profile are measured on that one portal
 * process in the same rounds, so their ratio compares like with like.
 * /settings/profile ÷ /login (budget ≥ 0.5) is what a signed-in page costs
 * over the sign-in page: the session read from the store, the account's
 * calls to the upstreams over HTTP with its tokens, and a larger page. The
 * benchmark signs in once, as the emulator's demo customer, and every
 * request sends that session's cookie.
 *
 * Exits 0 when the run completed, budgets met or not; non-zero when something
 * broke (a build, a server, the sign-in, mostly failing requests).
 *
 *   BENCH_SECONDS=3 npm run bench    # shorter measured runs (default 5 s)
 *   BENCH_ROUNDS=5 npm run bench     # more rounds to take the median of (default 3)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { DEMO_ACCOUNTS } from '../server/emulator/demo.ts'
import { freePort, runQuietly, startServer, stopAllServers, type ServerProcess } from './processes.ts'
import { measureRouteJavaScript, type RouteJavaScript } from './route-js.ts'
import { measureI18nMiddleware } from './i18n-middleware.ts'

const root = path.resolve(import.meta.dirname, '..')
const benchDir = import.meta.dirname

const WARMUP_SECONDS = 2
const MEASURED_SECONDS = parseSeconds(process.env.BENCH_SECONDS, 5)
const CONNECTIONS = 10
const ROUNDS = Math.max(1, Math.round(parseSeconds(process.env.BENCH_ROUNDS, 3)))

/** The run with the median throughput. */
function median(runs: LoadFigures[]): LoadFigures {
	return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!
}
const REQUEST_HEADERS = { 'Accept-Encoding': 'gzip, br', 'Accept-Language': 'en' }
/** /login must reach this share of the minimal page's throughput. */
const LOGIN_THROUGHPUT_BUDGET = 0.8
/** /settings/profile, signed in, must reach this share of /login's throughput in the same run. */
const PROFILE_THROUGHPUT_BUDGET = 0.5
/** No page may load more JavaScript than this, gzip bytes. */
const ROUTE_JS_BUDGET_BYTES = 120 * 1024

interface LoadFigures {
	target: string
	path: string
	requestsPerSecond: number
	p50LatencyMs: number
	p99LatencyMs: number
	responses: number
	non2xx: number
	/** Socket errors and timeouts: requests that got no response at all. */
	errors: number
	statusCodes: Record<string, number>
}

function parseSeconds(value: string | undefined, fallback: number): number {
	if (value === undefined || value === '') return fallback
	const seconds = Number(value)
	if (!Number.isInteger(seconds) || seconds < 1)
		throw new Error(`BENCH_SECONDS must be a whole number of seconds ≥ 1, not "${value}"`)
	return seconds
}

function build(): void {
	console.log('building the portal (react-router build)…')
	runQuietly('npx', ['react-router', 'build'], root)
	console.log('building the minimal page (react-router build bench/minimal)…')
	// bench/minimal/build and .react-router are generated: start from nothing so no stale chunk is served.
	rmSync(path.join(benchDir, 'minimal/build'), { recursive: true, force: true })
	rmSync(path.join(benchDir, 'minimal/.react-router'), { recursive: true, force: true })
	runQuietly('npx', ['react-router', 'build', 'bench/minimal'], root)
	const routes = portalRouteCount()
	console.log(`building the minimal page among ${routes} routes, as many as the portal has…`)
	rmSync(path.join(benchDir, 'minimal/build-routed'), { recursive: true, force: true })
	rmSync(path.join(benchDir, 'minimal/.react-router'), { recursive: true, force: true })
	runQuietly('npx', ['react-router', 'build', 'bench/minimal'], root, {
		BENCH_MINIMAL_BUILD: 'build-routed',
		BENCH_MINIMAL_ROUTES: String(routes - 1),
	})
}

/** The portal's routes, root excluded, from its build manifest. */
function portalRouteCount(): number {
	const assets = path.join(root, 'build/client/assets')
	const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))!
	const manifest = JSON.parse(
		readFileSync(path.join(assets, file), 'utf8')
			.replace(/^window\.__reactRouterManifest=/, '')
			.replace(/;\s*$/, ''),
	) as { routes: Record<string, unknown> }
	return Object.keys(manifest.routes).length - 1
}

/**
 * The portal's settings for each upstream's base URL (app/env.server.ts, app/upstream/config.server.ts), with the
 * emulator's path for it. The portal refuses to start with only some of them set, so a new upstream shows up here.
 */
const UPSTREAM_URL_SETTINGS = {
	ACCOUNT_API_URL: 'account',
	SSO_URL: 'sso',
	CLOUD_API_URL: 'cloud',
	DEVICE_API_URL: 'device',
	PUBLIC_API_URL: 'public',
	LOG_API_URL: 'log',
	VIDEO_API_URL: 'video',
} as const

/**
 * With upstreams configured, a production portal needs its own secrets; the emulator needs the same
 * X-RCP-Security-Token secret. Throwaway values: the data directories are new for every run.
 */
const BENCH_SESSION_SECRET = 'bench-session-secret-of-this-run-only'
const BENCH_SECURITY_SECRET = 'bench-rcp-security-secret-of-this-run-only'

async function startTargets(workDir: string) {
	const dataDir = path.join(workDir, 'data')
	const emulatorDataDir = path.join(workDir, 'emulator-data')
	const staticDir = path.join(workDir, 'static')
	mkdirSync(dataDir)
	mkdirSync(emulatorDataDir)
	mkdirSync(staticDir)

	console.log('starting the servers…')
	const [portalPort, emulatorPort] = await Promise.all([freePort(), freePort()])
	const portalOrigin = `http://127.0.0.1:${portalPort}`
	// Upstream settings passed through from the environment would point one of the two elsewhere: ours win.
	const withoutUpstreams = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !(key in UPSTREAM_URL_SETTINGS)),
	)
	const emulator = await startServer('emulator', ['server/emulator/main.ts'], {
		cwd: root,
		port: emulatorPort,
		// The emulator has no /healthz; its clock answers loopback callers once it has seeded its data.
		readyPath: '/_emulator/clock',
		// A fresh data directory: seeded anew, so every run signs in to the same demo data.
		env: {
			...withoutUpstreams,
			NODE_ENV: 'production',
			EMULATOR_PORT: String(emulatorPort),
			DATA_DIR: emulatorDataDir,
			PUBLIC_URL: portalOrigin,
			RCP_SECURITY_SECRET: BENCH_SECURITY_SECRET,
		},
	})
	const upstreamUrls = Object.fromEntries(
		Object.entries(UPSTREAM_URL_SETTINGS).map(([key, name]) => [key, `${emulator.origin}/_emulator/${name}`]),
	)

	const portal = await startServer('portal', ['server/index.ts'], {
		cwd: root,
		port: portalPort,
		// The rest of the environment passes through, so a given configuration (REDIS_URL…) can be measured;
		// a fresh data directory keeps sessions of earlier runs out of the figures. PUBLIC_URL is the address
		// the benchmark calls, so the Origin of its sign-in post is the portal's own.
		env: {
			...withoutUpstreams,
			...upstreamUrls,
			NODE_ENV: 'production',
			PORT: String(portalPort),
			HOST: '127.0.0.1',
			PUBLIC_URL: portalOrigin,
			DATA_DIR: dataDir,
			SESSION_SECRET: BENCH_SESSION_SECRET,
			RCP_SECURITY_SECRET: BENCH_SECURITY_SECRET,
		},
	})

	// The static target serves the very bytes the portal renders for /login.
	const login = await fetch(`${portal.origin}/login`, { headers: { 'Accept-Language': 'en' } })
	if (login.status !== 200) throw new Error(`GET /login answered ${login.status}, not 200:\n${portal.output()}`)
	writeFileSync(path.join(staticDir, 'login.html'), await login.text())

	const [minimalPort, routedPort, staticPort] = await Promise.all([freePort(), freePort(), freePort()])
	const targetServer = path.join(benchDir, 'target-server.ts')
	// NODE_ENV=production as for the portal: without it React renders with its development build, several times slower.
	const targetEnv = { ...process.env, NODE_ENV: 'production' }
	const [minimal, minimalRouted, staticFile] = await Promise.all([
		startServer('minimal', [targetServer], {
			cwd: root,
			port: minimalPort,
			env: { ...targetEnv, PORT: String(minimalPort) },
		}),
		startServer('minimal+routes', [targetServer], {
			cwd: root,
			port: routedPort,
			env: { ...targetEnv, PORT: String(routedPort), BENCH_MINIMAL_BUILD: 'build-routed' },
		}),
		startServer('static', [targetServer], {
			cwd: root,
			port: staticPort,
			env: { ...targetEnv, PORT: String(staticPort), STATIC_DIR: staticDir },
		}),
	])
	return { portal, emulator, minimal, minimalRouted, staticFile }
}

/** The name=value pairs of a response's Set-Cookie headers, added to `jar` (a deleted cookie set to ''). */
function keepCookies(response: Response, jar: Map<string, string>): void {
	for (const header of response.headers.getSetCookie()) {
		const pair = header.split(';', 1)[0]!
		const equals = pair.indexOf('=')
		if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim())
	}
}

/**
 * Signs in as the emulator's demo customer the way a browser without JavaScript does (the login page, then
 * its form posted with the cookies the page set) and answers the Cookie header that carries the session.
 * Throws unless /settings/profile then shows the profile form: a redirect to /login is cheap and would make
 * the profile's figure meaningless.
 */
async function signIn(portal: ServerProcess): Promise<string> {
	const { email, password } = DEMO_ACCOUNTS.customer
	const jar = new Map<string, string>()
	const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

	const page = await fetch(`${portal.origin}/login`, { headers: { 'Accept-Language': 'en' } })
	if (page.status !== 200) throw new Error(`sign-in: GET /login answered ${page.status}, not 200`)
	keepCookies(page, jar)

	const posted = await fetch(`${portal.origin}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Accept-Language': 'en',
			// The portal refuses form posts from other origins; a browser sends its own.
			Origin: portal.origin,
			Cookie: cookieHeader(),
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: new URLSearchParams({ email, password, redirectTo: '' }),
	})
	keepCookies(posted, jar)
	if (posted.status < 300 || posted.status > 399) {
		throw new Error(
			`sign-in as ${email}: POST /login answered ${posted.status}, not a redirect:\n` +
				`${(await posted.text()).slice(0, 2_000)}\nserver output:\n${portal.output()}`,
		)
	}
	const session = jar.get('__session')
	if (!session) throw new Error(`sign-in as ${email}: POST /login set no __session cookie`)
	// Only the session, as /login's load sends no cookies at all: both then do the same per-visitor work
	// (preferences by default, the country from the portal's per-address cache), so the ratio is what being
	// signed in and the page cost.
	const cookie = `__session=${session}`

	const profile = await fetch(`${portal.origin}/settings/profile`, {
		redirect: 'manual',
		headers: { ...REQUEST_HEADERS, Cookie: cookie },
	})
	const html = await profile.text()
	if (profile.status !== 200 || !html.includes('action="/settings/profile"') || !html.includes('name="firstName"')) {
		throw new Error(
			`signed in as ${email}, GET /settings/profile answered ${profile.status} ` +
				`${profile.headers.get('Location') ? `to ${profile.headers.get('Location')} ` : ''}` +
				`without the profile form:\n${html.slice(0, 2_000)}\nserver output:\n${portal.output()}`,
		)
	}
	return cookie
}

/** The measurements, each with the path it loaded. */
interface Figures {
	portal: LoadFigures
	/** /settings/profile on the same portal, signed in. */
	profile: LoadFigures
	minimal: LoadFigures
	/** The same minimal page among as many routes as the portal has. */
	minimalRouted: LoadFigures
	staticFile: LoadFigures
}

/** `as` names the target in the report when the server's name alone does not tell (a signed-in visitor). */
async function load(
	server: ServerProcess,
	urlPath: string,
	extra: { as?: string; cookie?: string } = {},
): Promise<LoadFigures> {
	const target = extra.as ?? server.name
	const headers = extra.cookie ? { ...REQUEST_HEADERS, Cookie: extra.cookie } : REQUEST_HEADERS
	const options = { url: server.origin + urlPath, connections: CONNECTIONS, headers }
	console.log(`loading ${target} ${urlPath}: ${WARMUP_SECONDS} s warm-up, ${MEASURED_SECONDS} s measured…`)
	// Warm-up: JIT, caches and connection pools settle before anything is counted.
	await autocannon({ ...options, duration: WARMUP_SECONDS })
	const result = await autocannon({ ...options, duration: MEASURED_SECONDS })

	const statusCodes = Object.fromEntries(
		Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
	)
	const ok = result['2xx']
	const failed = result.non2xx + result.errors
	// Error pages are cheap: throughput measured on them would flatter the target.
	if (ok === 0 || failed > ok) {
		throw new Error(
			`${target} ${urlPath}: ${failed} of ${ok + failed} requests failed ` +
				`(status codes ${JSON.stringify(statusCodes)}, ${result.errors} socket errors); server output:\n${server.output()}`,
		)
	}
	return {
		target,
		path: urlPath,
		requestsPerSecond: result.requests.mean,
		p50LatencyMs: result.latency.p50,
		p99LatencyMs: result.latency.p99,
		responses: result.requests.total,
		non2xx: result.non2xx,
		errors: result.errors,
		statusCodes,
	}
}

/** A plain-text table: the first `textColumns` columns left-aligned, the figures after them right-aligned. */
function formatTable(header: string[], rows: string[][], textColumns: number): string {
	const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)))
	const line = (cells: string[]) =>
		cells
			.map((cell, i) => (i < textColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
			.join('  ')
			.trimEnd()
	return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL')

function report(figures: Figures, routes: RouteJavaScript[]) {
	const { portal, profile, minimal, minimalRouted, staticFile } = figures
	const vsMinimal = portal.requestsPerSecond / minimal.requestsPerSecond
	const profileVsLogin = profile.requestsPerSecond / portal.requestsPerSecond
	const profilePass = profileVsLogin >= PROFILE_THROUGHPUT_BUDGET
	const vsMinimalRouted = portal.requestsPerSecond / minimalRouted.requestsPerSecond
	const routeTableCost = minimalRouted.requestsPerSecond / minimal.requestsPerSecond
	const vsStatic = portal.requestsPerSecond / staticFile.requestsPerSecond
	const throughputPass = vsMinimal >= LOGIN_THROUGHPUT_BUDGET
	const largest = routes[0]
	const jsPass = routes.every((route) => route.gzipBytes <= ROUTE_JS_BUDGET_BYTES)

	console.log(
		`\nThroughput (${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${MEASURED_SECONDS} s measured, ` +
			`each server in its own process, the portal's upstreams the emulator in another, ` +
			`Accept-Encoding: ${REQUEST_HEADERS['Accept-Encoding']})\n`,
	)
	console.log(
		formatTable(
			['target', 'path', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
			[portal, profile, minimal, minimalRouted, staticFile].map((f) => [
				f.target,
				f.path,
				f.requestsPerSecond.toFixed(1),
				String(f.p50LatencyMs),
				String(f.p99LatencyMs),
				String(f.non2xx),
				String(f.errors),
			]),
			2,
		),
	)
	console.log(`\nportal /login ÷ minimal page: ${vsMinimal.toFixed(2)}`)
	console.log(`portal /login ÷ static file:  ${vsStatic.toFixed(2)}`)
	console.log(`portal /login ÷ minimal page among as many routes as the portal: ${vsMinimalRouted.toFixed(2)}`)
	console.log(
		`(the route table alone: minimal page among the portal's routes ÷ minimal page = ${routeTableCost.toFixed(2)})`,
	)
	console.log(
		`Budget: /login reaches at least ${LOGIN_THROUGHPUT_BUDGET} of the minimal page's throughput: ` +
			`${verdict(throughputPass)} (${vsMinimal.toFixed(2)})`,
	)
	console.log(`\nportal /settings/profile (signed in) ÷ portal /login: ${profileVsLogin.toFixed(2)}`)
	console.log(
		`Budget: /settings/profile signed in reaches at least ${PROFILE_THROUGHPUT_BUDGET} of /login's throughput ` +
			`(upstreams in their own process): ${verdict(profilePass)} (${profileVsLogin.toFixed(2)})`,
	)

	console.log(
		'\nJavaScript each page loads (entry + route modules root to leaf + their static imports, from build/client)\n',
	)
	console.log(
		formatTable(
			['route', 'path', 'files', 'raw KB', 'gzip KB'],
			routes.map((r) => [r.routeId, r.path, String(r.files.length), kb(r.rawBytes), kb(r.gzipBytes)]),
			2,
		),
	)
	console.log(
		`\nBudget: at most ${ROUTE_JS_BUDGET_BYTES / 1024} KB gzip of JavaScript on any route: ${verdict(jsPass)}` +
			(largest ? ` (largest: ${largest.routeId}, ${kb(largest.gzipBytes)} KB)` : ''),
	)

	return {
		ratios: {
			loginOverMinimal: vsMinimal,
			loginOverStatic: vsStatic,
			loginOverMinimalRouted: vsMinimalRouted,
			routeTableCost,
			profileOverLogin: profileVsLogin,
		},
		budgets: {
			loginThroughput: { minimumRatio: LOGIN_THROUGHPUT_BUDGET, ratio: vsMinimal, pass: throughputPass },
			profileThroughput: { minimumRatio: PROFILE_THROUGHPUT_BUDGET, ratio: profileVsLogin, pass: profilePass },
			routeJavaScript: {
				maximumGzipBytes: ROUTE_JS_BUDGET_BYTES,
				largestGzipBytes: largest?.gzipBytes ?? 0,
				pass: jsPass,
			},
		},
	}
}

/** Per-run scratch space: the portal's and the emulator's data directories and the static copy of /login. */
const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))

async function cleanUp() {
	await stopAllServers()
	rmSync(workDir, { recursive: true, force: true })
}

async function main() {
	build()
	const servers = await startTargets(workDir)
	// Once for the whole run: sign-ins are rate-limited per address and per account.
	const sessionCookie = await signIn(servers.portal)
	// One target at a time: the others idle, so they take no CPU from the one measured (the emulator works
	// only while the portal calls it). On two cores shared with the load generator one run varies by a
	// third: the targets take turns for BENCH_ROUNDS rounds, and each keeps its median run.
	const runs: Record<keyof Figures, LoadFigures[]> = {
		portal: [],
		profile: [],
		minimal: [],
		minimalRouted: [],
		staticFile: [],
	}
	for (let round = 1; round <= ROUNDS; round++) {
		if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`)
		runs.portal.push(await load(servers.portal, '/login'))
		runs.profile.push(
			await load(servers.portal, '/settings/profile', { as: 'portal, signed in', cookie: sessionCookie }),
		)
		runs.minimal.push(await load(servers.minimal, '/'))
		runs.minimalRouted.push(await load(servers.minimalRouted, '/'))
		runs.staticFile.push(await load(servers.staticFile, '/login.html'))
	}
	const figures: Figures = {
		portal: median(runs.portal),
		profile: median(runs.profile),
		minimal: median(runs.minimal),
		minimalRouted: median(runs.minimalRouted),
		staticFile: median(runs.staticFile),
	}
	await stopAllServers()

	// The portal discovers routes 'initial'ly: its pages import the manifest file (ADR 0008).
	const routes = measureRouteJavaScript(path.join(root, 'build/client'), { manifestFile: true })
	const summary = report(figures, routes)

	const i18n = await measureI18nMiddleware()
	console.log('\nChoosing the language, per request (in process, ' + i18n.iterations + ' requests)\n')
	console.log(`remix-i18next as documented (detection, async init): ${i18n.stockMicroseconds.toFixed(1)} µs`)
	console.log(`remix-i18next as the portal uses it (sync init):     ${i18n.portalMicroseconds.toFixed(1)} µs`)

	const resultsDir = path.join(benchDir, 'results')
	mkdirSync(resultsDir, { recursive: true })
	const results = {
		date: new Date().toISOString(),
		node: process.version,
		cpus: os.cpus().length,
		settings: {
			connections: CONNECTIONS,
			warmupSeconds: WARMUP_SECONDS,
			measuredSeconds: MEASURED_SECONDS,
			headers: REQUEST_HEADERS,
		},
		throughput: [figures.portal, figures.profile, figures.minimal, figures.minimalRouted, figures.staticFile],
		...summary,
		routes,
		i18nMiddleware: i18n,
	}
	writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, '\t')}\n`)
	console.log(`\nfigures written to ${path.relative(root, path.join(resultsDir, 'latest.json'))}`)
}

let interrupted = false
process.once('SIGINT', () => {
	interrupted = true
	console.error('\ninterrupted: stopping the servers')
	void cleanUp().finally(() => process.exit(130))
})

try {
	await main()
} catch (error) {
	// Stopping the servers mid-run makes the load fail: after an interruption that is no news.
	if (!interrupted) console.error(`\n✗ benchmark failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
} finally {
	await cleanUp()
}
