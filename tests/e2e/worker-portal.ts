/**
 * The portal each Playwright worker tests: the production build on its built-in emulator, started
 * once per worker on a free port with a fresh data directory, stopped when the worker ends.
 *
 * One per worker, not one for the run, so a worker's tests are the only visitors of its emulator:
 * journeys that move the emulator's clock, shorten its token lifetimes, inject faults or count
 * every call it answers run beside the others instead of alone at the end of the run (issue 25).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../redis-server.ts'
import { E2E_RUN_DIR } from '../e2e-env.ts'
import { portalServerFile } from '../../server/node-flags.ts'

export interface WorkerPortal {
	/** `http://localhost:PORT` */
	url: string
	port: number
	dataDir: string
	/** `http://localhost:METRICS_PORT/metrics`: the worker's portal serves its metrics (ADR 0050). */
	metricsUrl: string
}

/**
 * The suite's journeys send X-Forwarded-For from loopback (as visitors behind a proxy), and such a
 * request is no admin of the emulator by its address (ADR 0031): calls to its admin paths send this.
 */
export const E2E_EMULATOR_ADMIN_TOKEN = 'e2e-emulator-admin-token-of-enough-length'
export const EMULATOR_ADMIN_HEADERS: Readonly<Record<string, string>> = {
	'X-Emulator-Admin-Token': E2E_EMULATOR_ADMIN_TOKEN,
}

/** The settings the suite's portal runs with: those of a production install, pointed at this port. */
export function portalEnv(port: number, dataDir: string): Record<string, string> {
	return {
		NODE_ENV: 'production',
		PORT: String(port),
		DATA_DIR: dataDir,
		PORTAL_LOG_FILE: path.join(dataDir, 'portal.log'),
		// The stage's analytics script, from another origin (tests/e2e/analytics-script.spec.ts).
		ANALYTICS_SCRIPT_URL: `http://analytics.localhost:${port}/_emulator/log/analytics.js`,
		THEME_BY_HOST: 'main.localhost=main,effects.localhost=effects,cloud.localhost=cloud,proav.localhost=proav',
		SESSION_SECRET: 'e2e-session-secret-of-enough-length',
		// The embedded memberships' framing page (tests/e2e/cloud-memberships-embedded.spec.ts).
		CLOUD_EMBED_ORIGINS: `http://brand.localhost:${port}`,
		// The shops' service-worker handoff (tests/e2e/shop-handoff.spec.ts): a shop served by a route.
		SHOP_ORIGINS: 'https://shop.localhost',
		// The China rule is tested with a forwarded address from loopback.
		TRUST_PROXY: 'loopback',
		EMULATOR_ADMIN_TOKEN: E2E_EMULATOR_ADMIN_TOKEN,
		// The demo accounts and 127.0.0.1 are shared by every journey of a worker; the default limits on
		// support requests and wrong keys are shown by tests/e2e/submission-limits.spec.ts on a portal of its own.
		RATE_LIMITS: 'support-account=1000,support-client=1000,guess-account=1000,guess-client=1000',
	}
}

/**
 * Starts the worker's portal and waits until its health check answers. `runDir` holds its data
 * directory: the run's by default; `npm run screens` (scripts/screens.ts) gives its own. `env` adds
 * or overrides settings (the action fuzz's portal of its own, with other limits).
 */
export async function startWorkerPortal(
	workerIndex: number,
	runDir: string = E2E_RUN_DIR,
	env: Record<string, string> = {},
): Promise<WorkerPortal & { stop: () => Promise<void> }> {
	// A free port is free when asked, not always when the portal listens: another process of the run may
	// take it in between (a portal that then exits with EADDRINUSE). Such a start is tried again on new ports.
	for (let attempt = 1; ; attempt++) {
		try {
			return await startOnFreePorts(workerIndex, runDir, env)
		} catch (error) {
			if (attempt >= 3 || !(error instanceof PortalExited)) throw error
			console.warn(`${error.message}; starting it again on other ports`)
		}
	}
}

class PortalExited extends Error {}

async function startOnFreePorts(
	workerIndex: number,
	runDir: string,
	env: Record<string, string>,
): Promise<WorkerPortal & { stop: () => Promise<void> }> {
	const port = await freePort()
	const metricsPort = await freePort()
	const dataDir = path.join(runDir, `worker-${workerIndex}-port-${port}`)
	rmSync(dataDir, { recursive: true, force: true })
	mkdirSync(dataDir, { recursive: true })
	const child: ChildProcess = spawn(
		process.execPath,
		[portalServerFile(path.resolve(process.env.PORTAL_BUILD_DIR ?? 'build'))],
		{
			// With metrics on, as an operator would run it: every journey goes through the metrics' code too.
			env: { ...process.env, ...portalEnv(port, dataDir), METRICS_PORT: String(metricsPort), ...env },
			stdio: ['ignore', 'ignore', 'inherit'],
		},
	)
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	const url = `http://localhost:${port}`
	const metricsUrl = `http://localhost:${metricsPort}/metrics`
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return
		child.kill('SIGTERM')
		const killed = setTimeout(() => child.kill('SIGKILL'), 10_000)
		await exited
		clearTimeout(killed)
	}
	// A condition, not a time: the portal is up when its health check answers; a portal that exits
	// first failed to start. The bound only keeps a portal that hangs from hanging the run.
	let failed = false
	void exited.then(() => (failed = true))
	const giveUp = Date.now() + 180_000
	while (!failed && Date.now() < giveUp) {
		const up = await fetch(`${url}/healthz`).then(
			(response) => response.ok,
			() => false,
		)
		if (up) return { url, port, dataDir, metricsUrl, stop }
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	await stop()
	if (failed) throw new PortalExited(`the portal for worker ${workerIndex} (port ${port}) exited`)
	throw new Error(`the portal for worker ${workerIndex} (port ${port}) did not answer`)
}
