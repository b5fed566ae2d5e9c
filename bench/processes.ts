/**
 * Child processes of the benchmark: the builds, and the servers under load,
 * each in its own process so the load generator never shares an event loop
 * (or a garbage collector) with the server it measures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import net from 'node:net'

/** What a server printed last: enough to say why it died, without keeping a whole run's log. */
const OUTPUT_TAIL_CHARS = 20_000
const STARTUP_TIMEOUT_MS = 30_000
const STOP_GRACE_MS = 5_000

export interface ServerProcess {
	name: string
	origin: string
	child: ChildProcess
	/** The end of the server's stdout and stderr. */
	output: () => string
}

const running = new Set<ServerProcess>()

/**
 * Runs a command to completion with its output captured, so a build's long
 * log stays out of the report unless the command fails.
 */
export function runQuietly(command: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
	const result = spawnSync(command, args, {
		cwd,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		env: { ...process.env, ...env },
	})
	if (result.error) throw result.error
	if (result.status !== 0) {
		throw new Error(
			`${[command, ...args].join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
		)
	}
}

/**
 * A port free on loopback now. Another process could take it before the server does; on a bench
 * machine that is unlikely.
 */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address()
			probe.close(() => {
				if (address && typeof address === 'object') resolve(address.port)
				else reject(new Error('could not find a free port'))
			})
		})
	})
}

/**
 * Starts `node <args>` and resolves once `GET <readyPath>` answers 200: `/healthz` by default, which the portal
 * and the bench targets serve; the emulator alone has no such path and names another.
 */
export async function startServer(
	name: string,
	args: string[],
	options: { cwd: string; port: number; env: NodeJS.ProcessEnv; readyPath?: string },
): Promise<ServerProcess> {
	const readyPath = options.readyPath ?? '/healthz'
	const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
	let tail = ''
	const keep = (chunk: Buffer) => {
		tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
	}
	child.stdout?.on('data', keep)
	child.stderr?.on('data', keep)
	const server: ServerProcess = { name, origin: `http://127.0.0.1:${options.port}`, child, output: () => tail }
	running.add(server)
	child.once('exit', () => running.delete(server))

	const deadline = Date.now() + STARTUP_TIMEOUT_MS
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`${name} server exited during start-up (${child.exitCode ?? child.signalCode}):\n${tail}`)
		}
		try {
			const response = await fetch(server.origin + readyPath, { signal: AbortSignal.timeout(1_000) })
			if (response.status === 200) return server
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${name} server did not answer ${readyPath} within ${STARTUP_TIMEOUT_MS / 1000} s:\n${tail}`)
}

function stopServer(server: ServerProcess): Promise<void> {
	const { child } = server
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
	return new Promise((resolve) => {
		// The portal finishes requests in flight on SIGTERM; after the grace period nothing we need is left.
		const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
		child.once('exit', () => {
			clearTimeout(force)
			resolve()
		})
		child.kill('SIGTERM')
	})
}

/** Stops every server still running. */
export async function stopAllServers(): Promise<void> {
	await Promise.all([...running].map(stopServer))
}

// Last resort when the benchmark exits without stopping its servers (an
// uncaught error, process.exit elsewhere): no server may outlive it.
process.on('exit', () => {
	for (const { child } of running) child.kill('SIGKILL')
})
