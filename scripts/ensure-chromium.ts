/**
 * The end-to-end suite needs a Chromium. Debian's packages (the headless shell
 * it drives, and the full browser) when apt is there and we are root; else
 * Playwright's own download. It never skips the suite.
 */
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { chromiumPath } from '../tests/e2e-env.ts'
import { run } from './run.ts'

export function ensureChromium(): void {
	const isRoot = process.getuid?.() === 0
	const apt = existsSync('/usr/bin/apt-get') && isRoot
	// The headless shell is the suite's browser (ADR 0072); the full one is Lighthouse's and the fallback.
	const headlessShell = Boolean(process.env.CHROMIUM_PATH) || existsSync('/usr/bin/chromium-headless-shell')
	if (chromiumPath() && (headlessShell || !apt)) return
	if (apt) {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
		if (!chromiumPath()) {
			console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…")
			run('apt-get', ['update', '-qq'])
			run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })
		}
		// Best effort: where the package cannot be had, the suite runs on chromium, slower.
		const installed = (args: string[]) => spawnSync('apt-get', args, { env, stdio: 'inherit' }).status === 0
		if (
			!headlessShell &&
			!(installed(['update', '-qq']) && installed(['install', '-y', '-qq', 'chromium-headless-shell']))
		)
			console.log('chromium-headless-shell could not be installed: the suite runs on chromium, slower (ADR 0072)')
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
