/**
 * A real redis-server for tests that need one, on a free loopback port.
 * Undefined when none is installed: callers skip with a printed reason
 * (CI installs it, so nothing is skipped there).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import net from 'node:net'

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

export async function startRedisServer(): Promise<{ url: string; stop: () => void }> {
	if (!redisServerPath) throw new Error('no redis-server is installed')
	const port = await freePort()
	const child: ChildProcess = spawn(
		redisServerPath,
		['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
		{ stdio: 'ignore' },
	)
	for (let i = 0; i < 50; i++) {
		if (await answers(port)) return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() }
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	child.kill()
	throw new Error('redis-server did not start')
}
