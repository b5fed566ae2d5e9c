import type { Config } from '@react-router/dev/config'
import { buildPortalServer } from './scripts/build-server.ts'

export default {
	ssr: true,
	appDirectory: 'app',
	// PORTAL_BUILD_DIR lets two checkouts' worth of work build and test side by side (the e2e server reads it too).
	buildDirectory: process.env.PORTAL_BUILD_DIR ?? 'build',
	// The whole route manifest as one cached file, not a partial one in every page: smaller pages,
	// no manifest request before a client navigation, and no route matching per page for it (ADR 0008).
	routeDiscovery: { mode: 'initial' },
	// The portal's own server, built into the same build as JavaScript: what production starts (ADR 0064).
	buildEnd: ({ reactRouterConfig }) => buildPortalServer(reactRouterConfig.buildDirectory),
} satisfies Config
