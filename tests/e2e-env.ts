import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111)
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${E2E_PORT}`)
/** Every line the e2e portal logged; the suite's teardown checks that none holds personal data. */
export const E2E_LOG_FILE = path.join(E2E_DATA_DIR, 'portal.log')

/** Debian's Chromium, or whatever CHROMIUM_PATH names; undefined lets Playwright use its own. */
export function chromiumPath(): string | undefined {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
	return candidates.find((p): p is string => Boolean(p && existsSync(p)))
}
