/**
 * A second portal process for journeys that must configure, kill or restart a portal: its own port
 * and data directory, on the emulator of the worker's portal (as it would be on real upstreams).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { EMULATOR_SECURITY_SECRET } from '../../app/env.server.ts'
import { emulatorUpstreamSettings } from '../../app/upstream/config.server.ts'
import { freePort } from '../redis-server.ts'
import { portalServerFile } from '../../server/node-flags.ts'

export interface SecondPortal {
	url: string
	process: ChildProcess
	exited: Promise<unknown>
}

/** Starts it (on `port`, else a free one) and waits until its health check answers. */
export async function startSecondPortal(options: {
	/** The worker's portal, whose emulator it calls. */
	emulatorOf: string
	dataDir: string
	port?: number
	env?: Record<string, string>
}): Promise<SecondPortal> {
	const port = options.port ?? (await freePort())
	const url = `http://localhost:${port}`
	const upstreams = emulatorUpstreamSettings(options.emulatorOf)
	const child = spawn(process.execPath, [portalServerFile(path.resolve(process.env.PORTAL_BUILD_DIR ?? 'build'))], {
		env: {
			...process.env,
			...upstreams,
			NODE_ENV: 'production',
			PORT: String(port),
			PUBLIC_URL: url,
			DATA_DIR: options.dataDir,
			SESSION_SECRET: 'e2e-second-portal-session-secret',
			RCP_SECURITY_SECRET: EMULATOR_SECURITY_SECRET,
			...options.env,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	const exited = new Promise((resolve) => child.on('exit', resolve))
	for (let i = 0; i < 100; i++) {
		const up = await fetch(`${url}/healthz`).then(
			(response) => response.ok,
			() => false,
		)
		if (up) return { url, process: child, exited }
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	child.kill('SIGKILL')
	throw new Error(`the second portal on port ${port} did not start`)
}
