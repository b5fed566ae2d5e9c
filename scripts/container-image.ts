/**
 * The container image, built and started where a Docker engine runs: it must
 * become healthy with a read-only root filesystem and answer a page. Machines
 * with only the Docker client (or none) skip it and say so; the production
 * install check covers the same files there (ADR 0056).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const tag = 'owners-portal:ci'
const name = `owners-portal-ci-${process.pid}`

function docker(args: string[], quiet = false) {
	return spawnSync('docker', args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' })
}

const info = docker(['info', '--format', '{{.ServerVersion}}'], true)
if (info.error || info.status !== 0) {
	console.log('container image: skipped, no Docker engine on this machine (`docker build` needs one)')
	process.exit(0)
}

function fail(message: string): never {
	docker(['logs', name])
	docker(['rm', '-f', name], true)
	console.error(`✗ container image: ${message}`)
	process.exit(1)
}

if (docker(['build', '--tag', tag, '.']).status !== 0) fail('docker build failed')
const started = docker(
	['run', '--detach', '--name', name, '--read-only', '--tmpfs', '/tmp', '--publish', '127.0.0.1::3000', tag],
	true,
)
if (started.status !== 0) fail(`docker run failed: ${started.stderr}`)
const port = docker(['port', name, '3000/tcp'], true).stdout.trim().split(':').pop()

const deadline = Date.now() + 90_000
let health = ''
while (Date.now() < deadline) {
	health = docker(['inspect', '--format', '{{.State.Health.Status}}', name], true).stdout.trim()
	if (health === 'healthy' || health === 'unhealthy') break
	await new Promise((resolve) => setTimeout(resolve, 1_000))
}
if (health !== 'healthy') fail(`the container's health check says ${health || 'nothing'}`)
const user = docker(['exec', name, 'id', '-u'], true).stdout.trim()
if (user === '0') fail('the portal runs as root')
const page = await fetch(`http://127.0.0.1:${port}/login`)
if (page.status !== 200 || !(await page.text()).includes('<form')) fail(`/login answered ${page.status}`)
docker(['rm', '-f', name], true)
console.log(`✓ container image: healthy with a read-only root filesystem, user ${user}, /login 200`)
