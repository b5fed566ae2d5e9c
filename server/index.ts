/**
 * Starts the portal. Built into the production build as `server/portal.js` (scripts/build-server.ts), it
 * serves that build: production runs `node build/server/portal.js` (ADR 0064). From its sources,
 * `node server/index.ts` serves the build in PORTAL_BUILD_DIR, and `--dev` serves the app through Vite.
 * SIGTERM lets requests in flight finish, then stops the support outbox's delivery (what is not delivered
 * stays kept).
 */
import http from 'node:http'
import path from 'node:path'
import type { RouterContextProvider, ServerBuild } from 'react-router'
import { shopConnectSources } from '../app/domain/shop-handoff.ts'
import { initEnv, loggingSettings } from '../app/env.server.ts'
import type { PictureResponse } from '../app/upstream/pictures.server.ts'
import { createPortalApp } from './app.ts'
import { enableMetrics } from '../app/observability/metrics.server.ts'
import { createLogger, routeConsoleThrough } from './logger.ts'
import { createMetricsServer } from './observability.ts'
import { closeGracefully } from './shutdown.ts'

const SHUTDOWN_GRACE_MS = 10_000

// Before anything logs: every line of the process goes through the scrubbing logger.
const logging = loggingSettings()
routeConsoleThrough(createLogger({ level: logging.LOG_LEVEL, file: logging.PORTAL_LOG_FILE }))
const env = initEnv()
const dev = process.argv.includes('--dev')
// Before the app is made: the request timing is set up only where metrics are on.
if (env.METRICS_PORT !== undefined) enableMetrics()
const root = path.resolve(import.meta.dirname, '..')
/** Run as built (JavaScript), this file lives in the build it serves; run from its sources, it is in server/. */
const builtInto = import.meta.filename.endsWith('.js') ? root : undefined
if (dev && builtInto) throw new Error('--dev serves the sources: run `npm run dev`')

/** What entry.server exports for the server besides rendering. */
interface PortalEntry {
	createLoadContext: (args: { nonce: string; clientIp?: string; country?: string | null }) => RouterContextProvider
	/** /readyz: the store and the outbox answer (ADR 0049). */
	checkReadiness: () => Promise<void>
	closeStore: () => Promise<void>
	/** The support outbox's background delivery (ADR 0020). */
	startSupportOutbox: () => void
	stopSupportOutbox: () => Promise<void>
	/** Usage events still batched or queued get a moment to go at shutdown. */
	flushUsageLog: () => Promise<void>
	/** The analytics script's origin when this visitor allowed analytics and one is configured (ADR 0027). */
	analyticsScriptOrigins: (cookieHeader: string | null) => Promise<string[]>
	/** The rendered-HTML cache's decision for a request (ADR 0048). */
	anonymousPage: (
		request: { method: string; url: string; headers: Headers; clientIp: string },
		build: string,
	) => Promise<{ key: string; country: string; setCookies: string[] } | null>
	/** The picture route (ADR 0033). */
	answerPicture: (query: URLSearchParams) => Promise<PictureResponse>
}
const entryOf = (build: ServerBuild) => build.entry.module as unknown as PortalEntry

// With no upstream configured, the emulator stands in for all of them, on this port. Imported only then: its
// hundred modules and seed data are nothing a portal pointed at real upstreams uses.
const emulator = env.USE_EMULATOR
	? await (
			await import('./emulator/index.ts')
		).createEmulator({
			dataDir: path.resolve(env.DATA_DIR),
			portalUrl: env.PORTAL_URL,
			emulatorUrl: `${env.PORTAL_URL}/_emulator`,
			securitySecret: env.SECURITY_SECRET,
			adminToken: env.EMULATOR_ADMIN_TOKEN,
		})
	: undefined
if (emulator)
	console.log(
		`no upstream URL configured: serving the built-in emulator at /_emulator (mail outbox: ${env.PORTAL_URL}/_emulator/mail)`,
	)

let app: ReturnType<typeof createPortalApp>
let stop: () => Promise<void>
/** Kept support requests start moving once the server listens. */
let startOutbox: () => Promise<void>

if (dev) {
	const vite = await import('vite')
	const viteServer = await vite.createServer({ server: { middlewareMode: true }, root })
	const loadBuild = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
	app = createPortalApp({
		build: loadBuild,
		createLoadContext: async (args) => entryOf(await loadBuild()).createLoadContext(args),
		production: false,
		trustProxy: env.TRUST_PROXY,
		publicUrl: env.PORTAL_URL,
		allowedRedirectOrigins: env.ALLOWED_REDIRECT_ORIGINS,
		embedOrigins: env.CLOUD_EMBED_ORIGINS,
		workerConnectSources: shopConnectSources({ shops: env.SHOP_ORIGINS, previewHosts: env.SHOP_PREVIEW_HOSTS }),
		before: [viteServer.middlewares],
		emulator: emulator?.router,
		readinessCheck: async () => entryOf(await loadBuild()).checkReadiness(),
		scriptOrigins: async (cookies) => entryOf(await loadBuild()).analyticsScriptOrigins(cookies),
		pictures: async (query) => entryOf(await loadBuild()).answerPicture(query),
	})
	startOutbox = async () => entryOf(await loadBuild()).startSupportOutbox()
	stop = async () => {
		const entry = entryOf(await loadBuild())
		await Promise.all([entry.stopSupportOutbox(), entry.flushUsageLog()])
		await entry.closeStore()
		await viteServer.close()
	}
} else {
	const buildDir = builtInto ?? path.resolve(root, env.PORTAL_BUILD_DIR)
	const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
	const entry = entryOf(build)
	app = createPortalApp({
		build,
		createLoadContext: entry.createLoadContext,
		production: env.NODE_ENV === 'production',
		trustProxy: env.TRUST_PROXY,
		publicUrl: env.PORTAL_URL,
		allowedRedirectOrigins: env.ALLOWED_REDIRECT_ORIGINS,
		embedOrigins: env.CLOUD_EMBED_ORIGINS,
		workerConnectSources: shopConnectSources({ shops: env.SHOP_ORIGINS, previewHosts: env.SHOP_PREVIEW_HOSTS }),
		clientDir: path.join(buildDir, 'client'),
		emulator: emulator?.router,
		readinessCheck: entry.checkReadiness,
		scriptOrigins: entry.analyticsScriptOrigins,
		pictures: entry.answerPicture,
		// Production only: in development every page is rendered, so a change shows at once.
		htmlCache: env.HTML_CACHE ? { decide: (request) => entry.anonymousPage(request, build.assets.version) } : undefined,
	})
	startOutbox = async () => entry.startSupportOutbox()
	stop = async () => {
		await Promise.all([entry.stopSupportOutbox(), entry.flushUsageLog()])
		await entry.closeStore()
	}
}

const server = http.createServer(app)
server.listen(env.PORT, env.HOST, () => {
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	console.log(`portal listening on http://localhost:${port} (${dev ? 'development' : env.NODE_ENV})`)
	startOutbox().catch((error: unknown) =>
		console.error(`support outbox: could not start: ${(error as Error)?.message ?? String(error)}`),
	)
})

// Metrics on a port of their own (ADR 0050): a proxy that publishes the portal's port does not publish them.
const metricsServer = env.METRICS_PORT === undefined ? undefined : createMetricsServer()
metricsServer?.listen(env.METRICS_PORT, env.HOST, () => {
	const address = metricsServer.address()
	const port = typeof address === 'object' && address ? address.port : env.METRICS_PORT
	console.log(`metrics at http://localhost:${port}/metrics`)
})

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	console.log(`${signal}: finishing requests in flight, then stopping`)
	metricsServer?.close()
	await closeGracefully(server, SHUTDOWN_GRACE_MS)
	await stop()
	emulator?.close()
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
