/** The suite's global set-up: the run's portals start from an empty run directory (tests/e2e/worker-portal.ts). */
import { rmSync } from 'node:fs'
import { E2E_RUN_DIR } from '../e2e-env.ts'

export default function emptyRunDirectory(): void {
	rmSync(E2E_RUN_DIR, { recursive: true, force: true })
}
