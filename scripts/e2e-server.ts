/** The portal for the end-to-end suite: a fresh data directory each run. */
import { rmSync } from 'node:fs'
import { E2E_DATA_DIR } from '../tests/e2e-env.ts'

rmSync(E2E_DATA_DIR, { recursive: true, force: true })
await import('../server/index.ts')
