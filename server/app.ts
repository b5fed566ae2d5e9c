/**
 * The portal's Express application: security headers with a per-request CSP
 * nonce, compression, static files, the origin check, health, and the React
 * Router handler. `index.ts` runs it; the benchmark serves a minimal build
 * through the same stack.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type RequestHandler, type Router } from 'express'
import helmet from 'helmet'
import type { RouterContextProvider, ServerBuild } from 'react-router'
import type { PictureResponse } from '../app/upstream/pictures.server.ts'
import { bufferViews } from './buffer-views.ts'
import { requestScopeMiddleware } from './observability.ts'
import { htmlCache, type HtmlCacheOptions } from './html-cache.ts'
import { untrustedForwardingWarning, type TrustFunction } from './forwarded-warning.ts'

export interface PortalAppOptions {
	/** The server build, or a loader of it (development). */
	build: ServerBuild | (() => Promise<ServerBuild>)
	/** Makes the router context for a request from its nonce (entry.server's `createLoadContext`). */
	createLoadContext: (args: {
		nonce: string
		clientIp?: string
		/** The region rule's country when the rendered-HTML cache decided it (ADR 0048). */
		country?: string | null
	}) => RouterContextProvider | Promise<RouterContextProvider>
	production: boolean
	trustProxy: boolean | number | string
	/** The portal's public address (PUBLIC_URL, default http://localhost:PORT): form posts from its origin are ours. */
	publicUrl: string
	/** Origins redirects and form posts may go to besides our own. */
	allowedRedirectOrigins: readonly string[]
	/** Origins that may frame the embedded memberships (CLOUD_EMBED_ORIGINS, ADR 0023); no other page may be framed. */
	embedOrigins?: readonly string[]
	/** Where the service worker `/sw.js` may send requests besides our origin: the shops (ADR 0028). */
	workerConnectSources?: readonly string[]
	/** Hashed client assets and public files; absent in development, where Vite serves them. */
	clientDir?: string
	/** Middleware that goes before the React Router handler (Vite in development). */
	before?: RequestHandler[]
	/** The built-in upstream emulator, mounted at /_emulator when no upstream is configured. */
	emulator?: Router
	/** The check of /readyz: the store answers (node:sqlite, or Redis). /healthz only says the process is alive. */
	readinessCheck?: () => Promise<void>
	/** The picture route's answer to `/img?…` (entry.server's `answerPicture`, ADR 0033); none: no route. */
	pictures?: (query: URLSearchParams) => Promise<PictureResponse>
	/** Script origins a request's page may load besides its own (the analytics script, when the visitor allowed it). */
	scriptOrigins?: (cookieHeader: string | null) => Promise<string[]>
	/** The rendered-HTML cache of anonymous pages (ADR 0048); none: every page is rendered. */
	htmlCache?: HtmlCacheOptions
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** /readyz answers within this, ready or not. */
const READY_TIMEOUT_MS = 1000
/** The embedded memberships (MembershipsRCM, MembershipsByReact), with or without a tab: the pages others may frame. */
const EMBEDDABLE_PATH = /^\/cloud\/(?:app\/memberships|memberships-embedded)(?:\/[^/]+)?\/?$/
/** Features no screen uses, off for the page and every frame in it. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()'
/**
 * A picture's own policy: an SVG opened as a document runs nothing, loads nothing and is sandboxed,
 * so a picture served from our origin can never act as one of our pages.
 */
const PICTURE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export function createPortalApp(options: PortalAppOptions) {
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', options.trustProxy)

	// Alive: the process answers. Redis away is no reason to restart it (it recovers by itself, ADR 0049).
	app.get('/healthz', (_req, res) => {
		res.set('Cache-Control', 'no-store').json({ status: 'ok' })
	})
	// Ready: what it keeps can be read now, so a proxy sends it visitors; 503 while not.
	app.get('/readyz', async (_req, res) => {
		try {
			await Promise.race([
				options.readinessCheck?.(),
				new Promise((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS).unref()),
			])
			res.set('Cache-Control', 'no-store').json({ status: 'ready' })
		} catch {
			res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' })
		}
	})

	// The emulator stands in for other hosts: none of the portal's page middleware applies to it.
	if (options.emulator) app.use('/_emulator', options.emulator)
	// Every request of the portal's own has its id (and, when metrics are on, its timing) from here on.
	app.use(requestScopeMiddleware(app))
	// A proxy that TRUST_PROXY leaves out makes every visitor one address to the limits: said once in the log.
	app.use(untrustedForwardingWarning(app.get('trust proxy fn') as TrustFunction, String(options.trustProxy)))

	const embedOrigins = options.embedOrigins ?? []
	const framable = (req: express.Request) => embedOrigins.length > 0 && EMBEDDABLE_PATH.test(req.path)
	app.use((req, res, next) => {
		res.locals.cspNonce = randomBytes(16).toString('base64')
		res.set('Permissions-Policy', PERMISSIONS_POLICY)
		if (!options.scriptOrigins) return next()
		options
			.scriptOrigins(req.headers.cookie ?? null)
			.then((origins) => {
				res.locals.scriptOrigins = origins
				next()
			})
			.catch(next)
	})
	app.use(
		helmet({
			contentSecurityPolicy: {
				useDefaults: false,
				directives: {
					'default-src': ["'self'"],
					'script-src': [
						"'self'",
						(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
						(_req, res) => ((res as express.Response).locals.scriptOrigins as string[] | undefined)?.join(' ') ?? '',
					],
					'script-src-attr': ["'none'"],
					// React renders `style` props as attributes: the theme's colours live there.
					'style-src': ["'self'", "'unsafe-inline'"],
					// Upstream pictures come through the picture route (ADR 0033): no page loads one from another origin.
					'img-src': ["'self'", 'data:'],
					'font-src': ["'self'"],
					'connect-src': [
						...(options.production ? ["'self'"] : ["'self'", 'ws:']),
						// A worker's CSP is its script's: only the worker reaches the shops, and only them.
						(req) => ((req as express.Request).path === '/sw.js' ? (options.workerConnectSources ?? []).join(' ') : ''),
					],
					'form-action': ["'self'", ...options.allowedRedirectOrigins],
					'frame-ancestors': [
						(req) => (framable(req as express.Request) ? ["'self'", ...embedOrigins].join(' ') : "'self'"),
					],
					'base-uri': ["'self'"],
					'object-src': ["'none'"],
				},
			},
			strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
			crossOriginEmbedderPolicy: false,
			referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		}),
	)
	// X-Frame-Options cannot name origins: where frame-ancestors lets others frame, it goes.
	app.use((req, res, next) => {
		if (framable(req)) res.removeHeader('X-Frame-Options')
		next()
	})
	// Brotli's defaults (quality 11, a 4 MB window) suit files compressed once, not pages made per
	// request: quality 4 and a 64 KB window compress our pages nearly as small at a fraction of the CPU.
	app.use(
		compression({
			brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 } },
		}),
	)
	app.use(bufferViews)

	// A response made before the request's body has all arrived (a body past its limit, a post refused before
	// its body was wanted) leaves the rest of the body unread. Closing at once would often reset the connection
	// before the client had read the answer (it is still sending), so the rest is read into nothing, up to a
	// bound, as web servers' "lingering close" does; a client that sends on past it is cut off.
	app.use((req, res, next) => {
		if (MUTATING.has(req.method)) res.once('finish', () => req.complete || discardRest(req))
		next()
	})
	const pictures = options.pictures
	if (pictures) {
		// Before React Router: a picture needs no session, preference, geo lookup or page middleware, and sets no cookie.
		app.get('/img', (req, res, next) => {
			const query = new URL(req.originalUrl, 'http://portal.invalid').searchParams
			pictures(query)
				.then((answer) => {
					res.status(answer.status).set(answer.headers).set('Content-Security-Policy', PICTURE_CSP).send(answer.body)
				})
				.catch(next)
		})
	}

	// Spec: "origin check on actions". A cross-site form post is refused before it reaches an action.
	// PUBLIC_URL's origin is ours whatever Host and scheme a TLS proxy in front hands on.
	const allowedOrigins = new Set([new URL(options.publicUrl).origin, ...options.allowedRedirectOrigins])
	const publicOverHttps = new URL(options.publicUrl).protocol === 'https:'
	// Before any body is read: a refused post's body is never taken in (ADR 0054).
	const refuse = (res: express.Response) => res.status(403).type('text/plain').send('Cross-origin request refused')
	app.use((req, res, next) => {
		if (!MUTATING.has(req.method)) return next()
		const origin = req.get('Origin')
		if (!origin) {
			// No Origin: not a browser's form post, or a browser too old to send one. One that says the request
			// comes from another site (Fetch Metadata) is refused all the same; without either, SameSite=Lax keeps
			// the session cookie off a cross-site post.
			if (req.get('Sec-Fetch-Site') === 'cross-site') return refuse(res)
			return next()
		}
		if (allowedOrigins.has(origin)) return next()
		// The request's own host is accepted too: the brands' hosts (THEME_BY_HOST) all serve the portal. That is
		// safe because a browser sets Origin and Host itself, so a page of another site cannot make them match; a
		// client that forges both is no victim's browser and brings no victim's cookies (a rebound DNS name brings
		// none either: the cookies belong to our host). Only the scheme needs care: https proves the page came
		// from whoever holds the host's certificate, plain http does not, so it counts only where the portal
		// itself is plain http. Behind a trusted proxy req.host and req.protocol are the forwarded ones.
		const host = req.host
		if (origin === `https://${host}`) return next()
		if (origin === `http://${host}` && req.protocol === 'http' && !publicOverHttps) return next()
		refuse(res)
	})

	if (options.clientDir) {
		app.use(
			'/assets',
			express.static(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
		)
		app.use(publicFiles(options.clientDir))
	}
	app.get('/favicon.ico', (_req, res) => {
		res.redirect(301, '/icons/dw.svg')
	})
	for (const middleware of options.before ?? []) app.use(middleware)
	if (options.htmlCache) app.use(htmlCache(options.htmlCache))

	app.all(
		'/{*path}',
		createRequestHandler({
			build: options.build,
			getLoadContext: (req, res) =>
				options.createLoadContext({
					nonce: res.locals.cspNonce as string,
					clientIp: req.ip ?? '',
					country: (res.locals.regionCountry as string | undefined) ?? null,
				}),
			mode: options.production ? 'production' : 'development',
		}),
	)
	return app
}

/**
 * The public files of the build (icons…), served for an hour. The build's top-level names are
 * read once at start, so a page request goes straight on to React Router instead of costing a
 * file-system lookup and a "not found" first: the build does not change while the server runs.
 */
export function publicFiles(clientDir: string): RequestHandler {
	const names = new Set(readdirSync(clientDir).filter((name) => name !== 'assets'))
	const serve = express.static(clientDir, { maxAge: '1h', index: false })
	return (req, res, next) => (names.has(req.path.split('/', 2)[1] ?? '') ? serve(req, res, next) : next())
}

/** How much of an unwanted body is read into nothing after the answer, and for how long, before the cut. */
const LINGER_BYTES = 8 * 1024 * 1024
const LINGER_MS = 5_000

/**
 * Reads the rest of a request's body into nothing. React Router's request stream (which would queue what
 * arrives for a reader that no longer comes) is detached first, so nothing is kept.
 */
function discardRest(req: express.Request): void {
	req.removeAllListeners('data')
	let left = LINGER_BYTES
	const cut = () => req.socket.destroy()
	const timer = setTimeout(cut, LINGER_MS)
	timer.unref()
	req.on('data', (chunk: Buffer) => {
		left -= chunk.length
		if (left < 0) {
			clearTimeout(timer)
			cut()
		}
	})
	req.once('end', () => clearTimeout(timer))
	req.once('close', () => clearTimeout(timer))
	req.resume()
}
