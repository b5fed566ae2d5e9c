/**
 * The portal as the benchmarks run it: against the upstream emulator started as its own process (fresh data),
 * configured through the *_URL settings as it would be against real upstreams, so the emulator's work is not
 * counted as the portal's; and a sign-in as a browser without JavaScript makes it.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { emulatorUpstreamSettings, UPSTREAM_URL_SETTINGS } from '../app/upstream/config.server.ts'
import { PORTAL_NODE_FLAGS, portalProcessEnvironment, portalServerFile } from '../server/node-flags.ts'
import { freePort, startServer, type ServerProcess } from './processes.ts'

/**
 * With upstreams configured, a production portal needs its own secrets; the emulator needs the same
 * X-RCP-Security-Token secret. Throwaway values: the data directories are new for every run.
 */
export const BENCH_SESSION_SECRET = 'bench-session-secret-of-this-run-only'
export const BENCH_SECURITY_SECRET = 'bench-rcp-security-secret-of-this-run-only'

/**
 * The emulator, then the portal pointed at it, each with a new data directory under `workDir`. `portalEnv` adds
 * to the portal's settings (the rest of the environment passes through, so a given configuration, REDIS_URL…,
 * can be measured); `nodeArgs` are the portal's node options, by default those it is run with in production.
 */
export async function startPortalOnEmulator(
	root: string,
	workDir: string,
	portalEnv: Record<string, string> = {},
	nodeArgs: readonly string[] = PORTAL_NODE_FLAGS,
): Promise<{ portal: ServerProcess; emulator: ServerProcess }> {
	const dataDir = path.join(workDir, 'data')
	const emulatorDataDir = path.join(workDir, 'emulator-data')
	mkdirSync(dataDir)
	mkdirSync(emulatorDataDir)

	const [portalPort, emulatorPort] = await Promise.all([freePort(), freePort()])
	const portalOrigin = `http://127.0.0.1:${portalPort}`
	// Upstream settings passed through from the environment would point one of the two elsewhere: ours win.
	const upstreamSettings = new Set<string>(Object.values(UPSTREAM_URL_SETTINGS))
	const withoutUpstreams = Object.fromEntries(Object.entries(process.env).filter(([key]) => !upstreamSettings.has(key)))
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
	// The emulator names its own pictures (product images, feed thumbnails) by `localhost` (server/emulator/main.ts),
	// and the portal shows only pictures under its upstreams' base URLs (ADR 0033): given 127.0.0.1 here, every
	// product page lost its picture and `npm run bench` its product-page check. Same port, same emulator.
	const upstreamUrls = emulatorUpstreamSettings(`http://localhost:${emulatorPort}`)
	// The server as production starts it: built into the build (ADR 0064).
	const builtServer = portalServerFile(path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build'))
	const portal = await startServer('portal', [...nodeArgs, builtServer], {
		cwd: root,
		port: portalPort,
		// PUBLIC_URL is the address the benchmark calls, so the Origin of its posts is the portal's own.
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
			// As in production (`GLIBC_TUNABLES=` in the environment measures glibc's defaults).
			...portalProcessEnvironment(process.env),
			...portalEnv,
		},
	})
	return { portal, emulator }
}

/** The name=value pairs of a response's Set-Cookie headers, added to `jar` (a deleted cookie set to ''). */
function keepCookies(response: Response, jar: Map<string, string>): void {
	for (const header of response.headers.getSetCookie()) {
		const pair = header.split(';', 1)[0]!
		const equals = pair.indexOf('=')
		if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim())
	}
}

/** A signed-in page to check before it is measured: its path and what its HTML must hold. */
export interface SignedInCheck {
	path: string
	holds: (html: string) => boolean
	what: string
}

/**
 * Signs in as one of the emulator's demo accounts the way a browser without JavaScript does (the login page,
 * then its form posted with the cookies the page set) and answers the Cookie header that carries the session.
 * Throws unless the page to measure then shows what it should: a redirect to /login is cheap and would make
 * its figure meaningless.
 */
export async function signIn(
	portal: ServerProcess,
	{ email, password }: { email: string; password: string },
	check: SignedInCheck,
	headers: Record<string, string> = { 'Accept-Language': 'en' },
): Promise<string> {
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

	const shown = await fetch(`${portal.origin}${check.path}`, {
		redirect: 'manual',
		headers: { ...headers, Cookie: cookie },
	})
	const html = await shown.text()
	if (shown.status !== 200 || !check.holds(html)) {
		throw new Error(
			`signed in as ${email}, GET ${check.path} answered ${shown.status} ` +
				`${shown.headers.get('Location') ? `to ${shown.headers.get('Location')} ` : ''}` +
				`without ${check.what}:\n${html.slice(0, 2_000)}\nserver output:\n${portal.output()}`,
		)
	}
	return cookie
}
