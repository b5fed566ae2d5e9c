/**
 * The end-to-end suite needs a Chromium. Debian's package when apt is there
 * and we are root; else Playwright's own download. It never skips the suite.
 */
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { chromiumPath } from '../tests/e2e-env.ts'
import { run } from './run.ts'

export function ensureChromium(): void {
	if (chromiumPath()) return
	const isRoot = process.getuid?.() === 0
	if (existsSync('/usr/bin/apt-get') && isRoot) {
		console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…")
		run('apt-get', ['update', '-qq'])
		run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
	} else {
		console.log(
			"No Chromium found and apt is not usable here: installing Playwright's own Chromium (npx playwright install chromium)…",
		)
		run('npx', ['playwright', 'install', 'chromium'])
	}
	if (!chromiumPath() && spawnSync('npx', ['playwright', '--version']).status !== 0) {
		console.error('✗ Chromium could not be installed: the end-to-end suite cannot run.')
		process.exit(1)
	}
}
