/**
 * A minimal React Router app: the baseline the benchmark compares the portal's
 * pages with. Built by `npm run bench` into `build/` (generated, not committed).
 */
import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	appDirectory: 'app',
	buildDirectory: 'build',
} satisfies Config
