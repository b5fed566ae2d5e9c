/**
 * `npm test`: lint (ESLint, Prettier), typecheck, unit and integration tests
 * (vitest), then the production build, the production install (`npm ci
 * --omit=dev` in a clean directory, started and asked for a page), the container
 * image where a Docker engine runs, the end-to-end suite (Playwright in
 * Chromium, with JavaScript on and off) and the scale-out check (two instances
 * behind HAProxy, scripts/scale-out.ts). Each step's time is printed at the
 * end, beside the ten slowest files both runners print, so a change that slows
 * the suite shows in the run that made it.
 */
import { ensureChromium } from './ensure-chromium.ts'
import { run } from './run.ts'

const times: [string, number][] = []
function step(title: string, work: () => void) {
	console.log(`\n=== ${title} ===`)
	const started = performance.now()
	work()
	times.push([title, performance.now() - started])
}

step('lint', () => run('npm', ['run', '--silent', 'lint']))
step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']))
step('unit and integration tests', () => run('npx', ['vitest', 'run']))
step('build', () => {
	ensureChromium()
	run('npx', ['react-router', 'build'])
})
step('production install', () => run('node', ['scripts/production-install.ts']))
step('container image', () => run('node', ['scripts/container-image.ts']))
step('end-to-end tests', () => run('npx', ['playwright', 'test']))
step('scale-out', () => run('node', ['scripts/scale-out.ts']))

console.log('\n=== time per step ===')
for (const [title, ms] of times) console.log(`${(ms / 1000).toFixed(0).padStart(6)} s  ${title}`)
console.log(`${(times.reduce((sum, [, ms]) => sum + ms, 0) / 1000).toFixed(0).padStart(6)} s  in all`)
