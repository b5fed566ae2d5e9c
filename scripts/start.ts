/**
 * `npm start`: builds the app if the build is missing or older than the
 * sources, then serves it on http://localhost:3000 (the built-in emulator
 * stands in for every upstream unless their URLs are configured).
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { PORTAL_NODE_FLAGS, portalProcessEnvironment, portalServerFile } from '../server/node-flags.ts'
import { run } from './run.ts'

const root = path.resolve(import.meta.dirname, '..')
const built = portalServerFile(path.join(root, 'build'))

function newestMtime(dir: string): number {
	let newest = 0
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
	}
	return newest
}

const sources = Math.max(
	newestMtime(path.join(root, 'app')),
	newestMtime(path.join(root, 'server')),
	newestMtime(path.join(root, 'public')),
	statSync(path.join(root, 'package-lock.json')).mtimeMs,
)
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
	console.log('building the portal…')
	run('npx', ['react-router', 'build'], { cwd: root })
}
run('node', [...PORTAL_NODE_FLAGS, built], {
	cwd: root,
	env: { NODE_ENV: 'production', ...process.env, ...portalProcessEnvironment(process.env) },
})
