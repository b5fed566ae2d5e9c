/**
 * A minimal React Router app: the baseline the benchmark compares the portal's
 * pages with. Built by `npm run bench` into `build/` (and, with as many routes
 * as the portal, into `build-routed/`): generated, not committed.
 */
import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	appDirectory: 'app',
	buildDirectory: process.env.BENCH_MINIMAL_BUILD ?? 'build',
} satisfies Config
