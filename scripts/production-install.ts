/**
 * The production install, tried as an operator does it: the files a release
 * ships (PRODUCTION_FILES, the same list the Dockerfile copies) in a clean
 * directory, `npm ci --omit=dev`, then `npm run serve` on the built portal.
 * It must answer `/healthz`, `/readyz` and a page, and no development tool may
 * have been installed. Run by `npm test` after the build (ADR 0056).
 */
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { portalServerFile } from '../server/node-flags.ts'
import { DEV_ONLY, PRODUCTION_FILES } from './release-files.ts'

const root = path.resolve(import.meta.dirname, '..')

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
		})
	})
}

async function waitFor(url: string, deadline: number): Promise<Response> {
	for (;;) {
		try {
			return await fetch(url, { signal: AbortSignal.timeout(2_000) })
		} catch (error) {
			if (Date.now() > deadline) throw error
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
	}
}

function fail(message: string): never {
	throw new Error(message)
}

async function main() {
	if (!existsSync(portalServerFile(path.join(root, 'build')))) fail('no build: run `npm run build` first')
	const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-production-'))
	try {
		for (const file of PRODUCTION_FILES) cpSync(path.join(root, file), path.join(dir, file), { recursive: true })
		const started = performance.now()
		const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
			cwd: dir,
			stdio: ['ignore', 'inherit', 'inherit'],
		})
		if (install.status !== 0) fail(`npm ci --omit=dev failed (${install.status ?? install.signal})`)
		console.log(`npm ci --omit=dev: ${((performance.now() - started) / 1000).toFixed(1)} s`)
		const present = DEV_ONLY.filter((name) => existsSync(path.join(dir, 'node_modules', name)))
		if (present.length > 0) fail(`development tools installed: ${present.join(', ')}`)

		const port = await freePort()
		const portal = spawn('npm', ['run', '--silent', 'serve'], {
			cwd: dir,
			// The operator's environment: nothing of the test runner's, no upstream URL (the emulator stands in).
			env: {
				PATH: process.env.PATH,
				HOME: dir,
				PORT: String(port),
				HOST: '127.0.0.1',
				DATA_DIR: path.join(dir, 'data'),
			},
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		})
		let log = ''
		portal.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
		portal.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
		try {
			const base = `http://127.0.0.1:${port}`
			const health = await waitFor(`${base}/healthz`, Date.now() + 30_000)
			if (health.status !== 200) fail(`/healthz answered ${health.status}`)
			const ready = await fetch(`${base}/readyz`)
			if (ready.status !== 200) fail(`/readyz answered ${ready.status}`)
			const page = await fetch(`${base}/login`)
			const html = await page.text()
			if (page.status !== 200 || !html.includes('<form')) fail(`/login answered ${page.status} without a form`)
			if (!/"portal listening on [^"]*\(production\)"/.test(log)) fail('the portal did not start in production mode')
			console.log(`✓ production install: /healthz 200, /readyz ${ready.status}, /login 200 with its form`)
		} catch (error) {
			console.error(log.slice(-4_000))
			throw error
		} finally {
			if (portal.pid) process.kill(-portal.pid, 'SIGTERM')
		}
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

try {
	await main()
} catch (error) {
	console.error(`✗ production install: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
