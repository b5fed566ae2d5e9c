import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	appDirectory: 'app',
	buildDirectory: 'build',
	// The whole route manifest as one cached file, not a partial one in every page: smaller pages,
	// no manifest request before a client navigation, and no route matching per page for it (ADR 0008).
	routeDiscovery: { mode: 'initial' },
} satisfies Config
