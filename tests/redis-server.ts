/**
 * A real redis-server for tests that need one, on a free loopback port.
 * Undefined when none is installed: callers skip with a printed reason
 * (CI installs it, so nothing is skipped there).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const redisServerPath: string | undefined =
	spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim() || undefined

export function reportRedisSkipped(what: string) {
	if (!redisServerPath)
		console.log(`${what} skipped: no redis-server is installed (apt-get install redis-server; CI installs it)`)
}

export async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

function answers(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)))
		socket.on('error', () => resolve(false))
	})
}

export interface RedisServer {
	url: string
	port: number
	/** Its working directory (the append-only file); removed by `stop`. */
	dir: string
	/** Ends it (SIGTERM) and removes its directory. */
	stop: () => void
	/** Ends it at once (SIGKILL), keeping its directory, so it can be started again on the same port and data. */
	kill: () => Promise<void>
}

/**
 * Starts a redis-server set up as the README asks for the outbox (an append-only file, noeviction),
 * in a fresh directory, unless `args` say otherwise (`['--appendonly', 'no']`…: later ones win).
 * `port` and `dir` start one again where a killed one was.
 */
export async function startRedisServer(
	options: { args?: string[]; port?: number; dir?: string } = {},
): Promise<RedisServer> {
	if (!redisServerPath) throw new Error('no redis-server is installed')
	const port = options.port ?? (await freePort())
	const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-redis-'))
	const child: ChildProcess = spawn(
		redisServerPath,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'yes',
			'--maxmemory-policy',
			'noeviction',
			...(options.args ?? []),
		],
		{ stdio: 'ignore' },
	)
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	for (let i = 0; i < 50; i++) {
		if (await answers(port))
			return {
				url: `redis://127.0.0.1:${port}`,
				port,
				dir,
				stop: () => {
					child.kill()
					void exited.then(() => rmSync(dir, { recursive: true, force: true }))
				},
				kill: async () => {
					child.kill('SIGKILL')
					await exited
				},
			}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	child.kill()
	throw new Error('redis-server did not start')
}
