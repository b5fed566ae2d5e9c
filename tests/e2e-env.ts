import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Names this end-to-end run on the machine (its traces and its portals' data), so two suites on one
 * machine keep theirs apart. Each Playwright worker starts its own portal on a free port
 * (tests/e2e/worker-portal.ts).
 */
export const E2E_RUN_ID = process.env.E2E_PORT ?? '3111'
/** Where the workers' portals keep their data and logs; emptied when a run starts. */
export const E2E_RUN_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${E2E_RUN_ID}`)

const firstThere = (candidates: readonly (string | undefined)[]) =>
	candidates.find((p): p is string => Boolean(p && existsSync(p)))

/** Debian's Chromium, or whatever CHROMIUM_PATH names; undefined lets Playwright use its own. */
export function chromiumPath(): string | undefined {
	return firstThere([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
}

/**
 * The browser the end-to-end suite drives: Debian's headless shell when it is installed, as Playwright
 * itself runs headless Chromium. The same engine as `chromium`, without the full browser's display
 * compositor, which cost the suite a third of its processor time (ADR 0072).
 */
export function e2eChromiumPath(): string | undefined {
	return firstThere([process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell']) ?? chromiumPath()
}
