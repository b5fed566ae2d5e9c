/**
 * Every setting of the portal, validated once at start. A bad value stops the
 * process with a message that names the variable.
 */
import { createPublicKey } from 'node:crypto'
import { z } from 'zod'
import { parseMaintenanceWindow, type MaintenanceWindow } from './domain/maintenance.ts'
import { previewHostProblem } from './settings/preview-hosts.server.ts'
import type { ShopKey } from './session/shop-reply.server.ts'
import { DEFAULT_PICTURE_HOSTS, PICTURE_HOST_PATTERN } from './domain/pictures.ts'
import { isThemeName, type ThemeName } from './domain/theme.ts'
import { EMULATOR_SECURITY_SECRET } from './upstream/contract/security-token.ts'

/** An optional URL of the given schemes; an empty value counts as absent. */
const optionalUrlOf = (protocol: RegExp) =>
	z
		.string()
		.trim()
		.transform((v) => (v === '' ? undefined : v))
		.pipe(z.url({ protocol }).optional())
		.optional()
const optionalUrl = optionalUrlOf(/^https?$/)

const list = z
	.string()
	.optional()
	.transform((v) =>
		(v ?? '')
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean),
	)

/** The JWS algorithms a shop's public key signs with, by its type; null for a type not taken. */
function algorithmsOf(key: ReturnType<typeof createPublicKey>): string[] | null {
	const { asymmetricKeyType: type, asymmetricKeyDetails: details } = key
	if (type === 'ed25519') return ['EdDSA', 'Ed25519']
	if (type === 'ec' && details?.namedCurve === 'prime256v1') return ['ES256']
	if (type === 'ec' && details?.namedCurve === 'secp384r1') return ['ES384']
	if (type === 'rsa' && (details?.modulusLength ?? 0) >= 2048) return ['RS256', 'PS256']
	return null
}

/**
 * `shop=key` pairs, comma-separated: a shop origin (or a preview host suffix) and its public key,
 * the base64 of its SPKI DER form (`openssl pkey -pubin -outform DER | base64 -w0`).
 */
const shopKeys = list.transform((pairs, ctx): ShopKey[] => {
	const keys: ShopKey[] = []
	for (const pair of pairs) {
		const at = pair.indexOf('=')
		const name = pair.slice(0, at).trim()
		let shop: string | null = null
		if (/^https:\/\//.test(name) && URL.canParse(name)) shop = new URL(name).origin
		else if (/^[A-Za-z0-9.-]+$/.test(name) && !previewHostProblem(name)) shop = name.toLowerCase().replace(/^\.+/, '')
		let key: ReturnType<typeof createPublicKey> | null = null
		try {
			key = createPublicKey({ key: Buffer.from(pair.slice(at + 1).trim(), 'base64'), format: 'der', type: 'spki' })
		} catch {
			// Said below.
		}
		const algorithms = key && algorithmsOf(key)
		if (at < 0 || !shop || !key || !algorithms) {
			ctx.addIssue({
				code: 'custom',
				message: `"${pair.slice(0, 60)}" is not shop=key with an https shop origin (or a preview host) and an Ed25519, P-256, P-384 or RSA (2048+) public key in base64 SPKI DER`,
			})
			return z.NEVER
		}
		keys.push({ shop, key, algorithms })
	}
	return keys
})

const EnvSchema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	/** Signs the session cookie. Several, comma-separated, to rotate: the first signs. */
	SESSION_SECRET: z.string().optional(),
	/** A signed-in session ends after this long without a request (ADR 0054; ASVS level 2: 30 minutes). */
	SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(1800),
	/** …and this long after sign-in however busy it is (ASVS level 2: 12 hours). */
	SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().min(1).default(43_200),
	/** Where node:sqlite keeps sessions (and the emulator its data). */
	DATA_DIR: z.string().default('./data'),
	/**
	 * Spec 1 §9: an upstream call gives up after this (60 s); calls with a shorter limit of their own keep
	 * it. Configurable so a test injects a delay past it without waiting a minute a case (ADR 0052).
	 */
	UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(300_000).default(60_000),
	/** Sessions and the master-data cache in Redis instead of node:sqlite and memory. */
	REDIS_URL: optionalUrlOf(/^rediss?$/),
	/**
	 * How long one Redis command may take before the portal treats Redis as away (ADR 0049): a page
	 * then answers 503 at once instead of waiting on a Redis that hangs.
	 */
	REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
	/**
	 * `true` runs the support outbox on a Redis that may forget (no append-only file, an eviction policy
	 * other than noeviction, or settings it cannot read): accepted requests may then be lost. Logged at error.
	 */
	REDIS_ALLOW_VOLATILE: z.enum(['true', 'false']).default('false'),
	/**
	 * How long a support form waits for the help centre before saying the request
	 * is kept and will be delivered (the outbox, ADR 0020).
	 */
	SUPPORT_DELIVERY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
	/** The outbox's first retry after a failed delivery; each later one waits twice as long… */
	SUPPORT_RETRY_BASE_MS: z.coerce.number().int().min(10).default(2000),
	/** …up to this. */
	SUPPORT_RETRY_MAX_MS: z.coerce.number().int().min(10).default(300_000),
	/** One delivery attempt (files and ticket) gives up after this. */
	SUPPORT_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
	/**
	 * `limit=points` pairs, comma-separated: a rate limit's count per window other than its default
	 * (ADR 0009's table names them: `support-account=10`…), for a site whose people share addresses.
	 */
	RATE_LIMITS: z
		.string()
		.optional()
		.transform((v, ctx) => {
			const points: Record<string, number> = {}
			for (const pair of (v ?? '')
				.split(',')
				.map((s) => s.trim())
				.filter(Boolean)) {
				const [name, value] = pair.split('=').map((s) => s.trim())
				if (!name || !value || !/^\d+$/.test(value) || Number(value) < 1) {
					ctx.addIssue({ code: 'custom', message: `RATE_LIMITS: "${pair}" is not limit=points` })
					return z.NEVER
				}
				points[name] = Number(value)
			}
			return points
		}),
	/** Express `trust proxy`: false, true, a hop count or a list of addresses. */
	TRUST_PROXY: z
		.string()
		.default('false')
		.transform((v): boolean | number | string => {
			if (v === 'true') return true
			if (v === 'false' || v === '') return false
			return /^\d+$/.test(v) ? Number(v) : v
		}),
	/** `host=theme` pairs, comma-separated: which brand a host serves. */
	THEME_BY_HOST: z
		.string()
		.optional()
		.transform((v, ctx): Record<string, ThemeName> => {
			const map: Record<string, ThemeName> = {}
			for (const pair of (v ?? '')
				.split(',')
				.map((s) => s.trim())
				.filter(Boolean)) {
				const [host, theme] = pair.split('=').map((s) => s.trim().toLowerCase())
				if (!host || !isThemeName(theme)) {
					ctx.addIssue({ code: 'custom', message: `"${pair}" is not host=theme with a known theme` })
					return z.NEVER
				}
				map[host] = theme
			}
			return map
		}),
	/** The portal's own log's level (pino's names); `debug` shows the log service's failures (spec 2 §8). */
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
	/** Also writes the portal's log to this file (the end-to-end suite checks it for personal data). */
	PORTAL_LOG_FILE: z
		.string()
		.trim()
		.transform((v) => (v === '' ? undefined : v))
		.optional(),
	/**
	 * Serves Prometheus metrics at `/metrics` on this port (on HOST, never on PORT: ADR 0050); unset, the
	 * portal collects none.
	 */
	METRICS_PORT: z
		.string()
		.trim()
		.optional()
		.transform((v, ctx): number | undefined => {
			if (!v) return undefined
			if (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535) return Number(v)
			ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 20)}" is not a port (1–65535)` })
			return z.NEVER
		}),
	/** Where the server reads the production build (react-router.config.ts writes it there). */
	PORTAL_BUILD_DIR: z.string().trim().min(1).default('build'),
	/** The rendered-HTML cache of anonymous pages (ADR 0048), in production: `off` renders every page. */
	HTML_CACHE: z
		.enum(['on', 'off'])
		.default('on')
		.transform((v) => v === 'on'),
	/** The log service's backstage service the portal's usage events go to (`POST log/{service}`, spec 2 §7). */
	LOG_SERVICE: z
		.string()
		.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/)
		.default('owners-portal'),
	/**
	 * The stage's analytics script (spec 2 §4): added 5 s after load for visitors who allowed analytics,
	 * its origin allowed in their pages' CSP only; none when unset.
	 */
	ANALYTICS_SCRIPT_URL: optionalUrl,
	/** Where visitors from China are offered to go (spec 1 §1). */
	CHINA_PORTAL_URL: z.url().default('https://www.example.cn/'),
	/** Origins a redirect may go to besides our own. */
	ALLOWED_REDIRECT_ORIGINS: list.pipe(z.array(z.url().transform((u) => new URL(u).origin))),
	/** The shop sites whose origins take part in the service-worker handoff (https only, ADR 0028); empty: none. */
	SHOP_ORIGINS: list.pipe(z.array(z.url({ protocol: /^https$/ }).transform((u) => new URL(u).origin))),
	/** Host suffixes of the shops' preview deployments admitted to the handoff (ADR 0027, 0028); empty: none. */
	SHOP_PREVIEW_HOSTS: list.pipe(
		z.array(
			z
				.string()
				.regex(/^[A-Za-z0-9.-]+$/)
				.superRefine((host, ctx) => {
					const problem = previewHostProblem(host)
					if (problem) ctx.addIssue({ code: 'custom', message: problem })
				}),
		),
	),
	/**
	 * The shops' public keys: a shop account id is saved only from a reply the shop signed with its
	 * key (ADR 0032). On the built-in emulator every shop without one gets the emulator's shop's.
	 */
	SHOP_KEYS: shopKeys,
	/**
	 * The https hosts upstream pictures may be fetched from by the picture route (`*.` for any host under
	 * one; ADR 0033); the upstreams' own base URLs always may. Unset: the video and social CDNs.
	 */
	IMAGE_HOSTS: z
		.string()
		.optional()
		.transform((v) => (v === undefined ? [...DEFAULT_PICTURE_HOSTS] : list.parse(v)))
		.pipe(z.array(z.string().regex(PICTURE_HOST_PATTERN, 'not a host name or *.host name'))),
	/** Origins that may frame the embedded memberships (CSP frame-ancestors, ADR 0023); empty: none. */
	CLOUD_EMBED_ORIGINS: list.pipe(z.array(z.url().transform((u) => new URL(u).origin))),
	/** The portal's public address, for links in mail and the single sign-on redirect URI. Default http://localhost:PORT. */
	PUBLIC_URL: optionalUrl,
	/**
	 * The help centre's home: where its single sign-on (/hc/login) sends a user whose `return_to` is
	 * not on one of its origins. Default with the built-in emulator: the emulated help centre's.
	 */
	HELP_CENTRE_URL: optionalUrl,
	/** The help centre's other origins (its brands' sites) a `return_to` may be on, besides the home's. */
	HELP_CENTRE_ORIGINS: list.pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin))),
	/** Lets addresses other than loopback use the built-in emulator's admin calls, sent as X-Emulator-Admin-Token. */
	EMULATOR_ADMIN_TOKEN: z
		.string()
		.trim()
		.transform((v) => (v === '' ? undefined : v))
		.pipe(z.string().min(16).optional())
		.optional(),
	/** Signs the X-RCP-Security-Token header; shared with the account API. */
	RCP_SECURITY_SECRET: z.string().min(16).optional(),
	/** The account API's app client (client/{clientId}/signin) and the single sign-on client. */
	ACCOUNT_CLIENT_ID: z.string().min(1).default('owners-portal'),
	SSO_CLIENT_ID: z.string().min(1).default('owners-portal'),
	/**
	 * Brand values whose service requests the RJM service centre handles: their
	 * tickets are tagged `rjm_service` (ADR 0021).
	 */
	SUPPORT_RJM_SERVICE_BRANDS: list,
	/** `on`: every page answers 503 and the maintenance page until it is switched off (ADR 0026). */
	MAINTENANCE: z.enum(['on', 'off']).default('off'),
	/** A planned maintenance window, `start/end` in ISO 8601 with offsets: 503 while it lasts, told before. */
	MAINTENANCE_WINDOW: z
		.string()
		.trim()
		.optional()
		.transform((v, ctx): MaintenanceWindow | undefined => {
			if (!v) return undefined
			const window = parseMaintenanceWindow(v)
			if (typeof window !== 'string') return window
			ctx.addIssue({ code: 'custom', message: `"${v}": ${window}` })
			return z.NEVER
		}),
	ACCOUNT_API_URL: optionalUrl,
	SSO_URL: optionalUrl,
	CLOUD_API_URL: optionalUrl,
	DEVICE_API_URL: optionalUrl,
	PUBLIC_API_URL: optionalUrl,
	LOG_API_URL: optionalUrl,
	VIDEO_API_URL: optionalUrl,
})

/** The names of every setting: the README's settings table lists each (app/env-readme.test.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape)

export type Env = z.infer<typeof EnvSchema> & {
	SESSION_SECRETS: string[]
	USE_EMULATOR: boolean
	PORTAL_URL: string
	SECURITY_SECRET: string
	/** HELP_CENTRE_URL, or the built-in emulator's help centre; undefined with real upstreams and none set. */
	HELP_CENTRE_HOME: string | undefined
}

const UPSTREAM_KEYS = [
	'ACCOUNT_API_URL',
	'SSO_URL',
	'CLOUD_API_URL',
	'DEVICE_API_URL',
	'PUBLIC_API_URL',
	'LOG_API_URL',
	'VIDEO_API_URL',
] as const

const DEV_SESSION_SECRET = 'development-only-session-secret'
/**
 * The public key of the shop the built-in emulator plays (its private key is in server/emulator/shop):
 * only ever trusted when the emulator stands in for the upstreams, never with real ones.
 */
export const EMULATOR_SHOP_PUBLIC_KEY = 'MCowBQYDK2VwAyEAvNO2NlVINBD9sArmasZ11C93C4aBIYDCrLbYiCFcgMk='

/** The built-in emulator's default (the contract's); real upstreams need their own (checked below). */
export { EMULATOR_SECURITY_SECRET }

export function parseEnv(source: Record<string, string | undefined>): Env {
	const result = EnvSchema.safeParse(source)
	if (!result.success) {
		const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
		throw new Error(`Invalid environment:\n${lines.join('\n')}`)
	}
	const env = result.data
	const configured = UPSTREAM_KEYS.filter((k) => env[k])
	if (configured.length > 0 && configured.length < UPSTREAM_KEYS.length) {
		const missing = UPSTREAM_KEYS.filter((k) => !env[k])
		throw new Error(
			`Invalid environment:\n  ${missing.join(', ')}: set every upstream URL, or none to use the built-in emulator`,
		)
	}
	const secrets = (env.SESSION_SECRET ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
	// The demo on the built-in emulator holds no real accounts; a real deployment must sign with its own secret.
	if (env.NODE_ENV === 'production' && configured.length > 0 && secrets.length === 0) {
		throw new Error('Invalid environment:\n  SESSION_SECRET: required in production with real upstreams')
	}
	if (env.NODE_ENV === 'production' && configured.length > 0 && !env.RCP_SECURITY_SECRET) {
		throw new Error('Invalid environment:\n  RCP_SECURITY_SECRET: required with real upstreams')
	}
	if (secrets.some((s) => s.length < 16)) {
		throw new Error('Invalid environment:\n  SESSION_SECRET: each secret needs at least 16 characters')
	}
	const portalUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
	const useEmulator = configured.length === 0
	const emulatorShop = createPublicKey({
		key: Buffer.from(EMULATOR_SHOP_PUBLIC_KEY, 'base64'),
		format: 'der',
		type: 'spki',
	})
	return {
		...env,
		// Configured keys come first, so they win over the emulator's shop.
		SHOP_KEYS: useEmulator
			? [
					...env.SHOP_KEYS,
					...[...env.SHOP_ORIGINS, ...env.SHOP_PREVIEW_HOSTS].map((shop) => ({
						shop,
						key: emulatorShop,
						algorithms: ['EdDSA', 'Ed25519'],
					})),
				]
			: env.SHOP_KEYS,
		SESSION_SECRETS: secrets.length > 0 ? secrets : [DEV_SESSION_SECRET],
		USE_EMULATOR: useEmulator,
		PORTAL_URL: portalUrl,
		SECURITY_SECRET: env.RCP_SECURITY_SECRET ?? EMULATOR_SECURITY_SECRET,
		HELP_CENTRE_HOME: env.HELP_CENTRE_URL ?? (useEmulator ? `${portalUrl}/_emulator/account/zendesk/hc` : undefined),
	}
}

let cached: Env | undefined

const LoggingSchema = EnvSchema.pick({ LOG_LEVEL: true, PORTAL_LOG_FILE: true })

/**
 * The log's settings, which the server needs before it reads the rest: the logger must take every line,
 * the settings' own errors too. Read by the same schema; a bad value gives the defaults here, and the
 * full read that follows stops the start with its message (through the logger).
 */
export function loggingSettings(source: Record<string, string | undefined> = process.env) {
	const result = LoggingSchema.safeParse(source)
	return result.success ? result.data : LoggingSchema.parse({})
}

/** The validated settings; parsed on first use. */
export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}

/** Validates the environment at start: prints what is wrong and exits. */
export function initEnv(): Env {
	try {
		return getEnv()
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
}
