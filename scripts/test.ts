/**
 * `npm test`: lint (ESLint, Prettier), typecheck, unit and integration tests
 * (vitest), then the production build and the end-to-end suite (Playwright in
 * Chromium, with JavaScript on and off).
 */
import { ensureChromium } from './ensure-chromium.ts'
import { run } from './run.ts'

const step = (title: string) => console.log(`\n=== ${title} ===`)

step('lint')
run('npm', ['run', '--silent', 'lint'])
step('typecheck')
run('npm', ['run', '--silent', 'typecheck'])
step('unit and integration tests')
run('npx', ['vitest', 'run'])
step('end-to-end tests')
ensureChromium()
run('npx', ['react-router', 'build'])
run('npx', ['playwright', 'test'])
