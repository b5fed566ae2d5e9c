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
	const missing = [
		chromiumPath() ? [] : ['chromium'],
		process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium-headless-shell') ? [] : ['chromium-headless-shell'],
	].flat()
	if (missing.length === 0 || (chromiumPath() && !apt)) return
	if (apt) {
		console.log(`Installing Debian's ${missing.join(' and ')} (apt-get install -y ${missing.join(' ')})…`)
		run('apt-get', ['update', '-qq'])
		run('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
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
