import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PICTURE_HOSTS } from './domain/pictures.ts'
import type { ShopKey } from './session/shop-reply.server.ts'
import { EMULATOR_SHOP_PUBLIC_KEY, loggingSettings, parseEnv } from './env.server.ts'

const UPSTREAMS = Object.fromEntries(
	[
		'ACCOUNT_API_URL',
		'SSO_URL',
		'CLOUD_API_URL',
		'DEVICE_API_URL',
		'PUBLIC_API_URL',
		'LOG_API_URL',
		'VIDEO_API_URL',
	].map((k) => [k, 'https://up.example']),
)
const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64')

describe('parseEnv', () => {
	it('gives defaults that run the portal on the emulator', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.USE_EMULATOR).toBe(true)
		expect(env.THEME_BY_HOST).toEqual({})
		expect(env.SESSION_SECRETS).toHaveLength(1)
	})

	it('reads the host → theme map and the allowed origins', () => {
		const env = parseEnv({
			THEME_BY_HOST: 'owners.example=main, FX.example=effects',
			ALLOWED_REDIRECT_ORIGINS: 'https://help.example/path, https://shop.example',
		})
		expect(env.THEME_BY_HOST).toEqual({ 'owners.example': 'main', 'fx.example': 'effects' })
		expect(env.ALLOWED_REDIRECT_ORIGINS).toEqual(['https://help.example', 'https://shop.example'])
	})

	it('reads the brands whose service requests go to the RJM service centre (none by default)', () => {
		expect(parseEnv({}).SUPPORT_RJM_SERVICE_BRANDS).toEqual([])
		expect(parseEnv({ SUPPORT_RJM_SERVICE_BRANDS: 'dw, pdp' }).SUPPORT_RJM_SERVICE_BRANDS).toEqual(['dw', 'pdp'])
	})

	it('reads maintenance: off by default, on, or a window whose ends carry offsets (ADR 0026)', () => {
		expect(parseEnv({}).MAINTENANCE).toBe('off')
		expect(parseEnv({}).MAINTENANCE_WINDOW).toBeUndefined()
		expect(parseEnv({ MAINTENANCE: 'on' }).MAINTENANCE).toBe('on')
		expect(parseEnv({ MAINTENANCE_WINDOW: '2026-12-01T01:00Z/2026-12-01T12:00+09:00' }).MAINTENANCE_WINDOW).toEqual({
			start: new Date('2026-12-01T01:00:00Z'),
			end: new Date('2026-12-01T03:00:00Z'),
		})
		expect(() => parseEnv({ MAINTENANCE_WINDOW: '2026-12-01T01:00/2026-12-01T03:00' })).toThrow(/MAINTENANCE_WINDOW/)
		expect(() => parseEnv({ MAINTENANCE: 'yes' })).toThrow(/MAINTENANCE/)
	})

	it('refuses a public suffix as a shop preview host, saying why (ADR 0032)', () => {
		expect(() => parseEnv({ SHOP_PREVIEW_HOSTS: 'vercel.app' })).toThrow(
			/SHOP_PREVIEW_HOSTS.*"vercel.app" is a public suffix/,
		)
		expect(parseEnv({ SHOP_PREVIEW_HOSTS: 'shop-preview.vercel.app' }).SHOP_PREVIEW_HOSTS).toEqual([
			'shop-preview.vercel.app',
		])
	})

	it('reads the shops’ public keys, by origin or preview host (ADR 0032)', () => {
		const ed = generateKeyPairSync('ed25519').publicKey
		const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey
		const env = parseEnv({
			...UPSTREAMS,
			SHOP_ORIGINS: 'https://shop.example',
			SHOP_KEYS: `https://shop.example/=${spki(ed)}, shop-preview.vercel.app=${spki(ec)}`,
		})
		expect(env.SHOP_KEYS.map(({ shop, algorithms }) => ({ shop, algorithms }))).toEqual([
			{ shop: 'https://shop.example', algorithms: ['EdDSA', 'Ed25519'] },
			{ shop: 'shop-preview.vercel.app', algorithms: ['ES256'] },
		])
		expect(env.SHOP_KEYS[0]!.key.equals(ed)).toBe(true)
	})

	it('trusts the emulator’s shop key only on the emulator, after the configured ones', () => {
		const emulatorKey = (shop: ShopKey) => spki(shop.key) === EMULATOR_SHOP_PUBLIC_KEY
		const onEmulator = parseEnv({ SHOP_ORIGINS: 'https://shop.example', SHOP_PREVIEW_HOSTS: 'shop-preview.vercel.app' })
		expect(onEmulator.SHOP_KEYS.map((k) => [k.shop, emulatorKey(k)])).toEqual([
			['https://shop.example', true],
			['shop-preview.vercel.app', true],
		])
		expect(parseEnv({ ...UPSTREAMS, SHOP_ORIGINS: 'https://shop.example' }).SHOP_KEYS).toEqual([])
	})

	it.each([
		['no key', 'https://shop.example'],
		['a key that is not one', 'https://shop.example=bm90IGEga2V5'],
		['an http shop', `http://shop.example=${EMULATOR_SHOP_PUBLIC_KEY}`],
		['a public suffix', `vercel.app=${EMULATOR_SHOP_PUBLIC_KEY}`],
		[
			'a weak key (RSA 1024)',
			`https://shop.example=${spki(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey)}`,
		],
	])('refuses SHOP_KEYS with %s', (_, value) => {
		expect(() => parseEnv({ SHOP_KEYS: value })).toThrow(/SHOP_KEYS: .* is not shop=key/)
	})

	it('reads the metrics port: none (no metrics) by default or when empty, else a port (ADR 0050)', () => {
		expect(parseEnv({}).METRICS_PORT).toBeUndefined()
		expect(parseEnv({ METRICS_PORT: ' ' }).METRICS_PORT).toBeUndefined()
		expect(parseEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464)
		for (const bad of ['0', '65536', 'abc', '94.64', '-1']) {
			expect(() => parseEnv({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT: .* is not a port/)
		}
	})

	it('reads the emulator admin token; an empty one counts as absent', () => {
		expect(parseEnv({ EMULATOR_ADMIN_TOKEN: ' admin-token-of-enough-length ' }).EMULATOR_ADMIN_TOKEN).toBe(
			'admin-token-of-enough-length',
		)
		expect(parseEnv({ EMULATOR_ADMIN_TOKEN: '' }).EMULATOR_ADMIN_TOKEN).toBeUndefined()
	})

	it('reads the help centre’s home and origins; with the emulator, its help centre is the home', () => {
		expect(parseEnv({ PUBLIC_URL: 'https://owners.example/' }).HELP_CENTRE_HOME).toBe(
			'https://owners.example/_emulator/account/zendesk/hc',
		)
		const env = parseEnv({
			HELP_CENTRE_URL: 'https://help.example/hc/en-us',
			HELP_CENTRE_ORIGINS: 'https://support.fx.example/hc, http://localhost:8080',
		})
		expect(env.HELP_CENTRE_HOME).toBe('https://help.example/hc/en-us')
		expect(env.HELP_CENTRE_ORIGINS).toEqual(['https://support.fx.example', 'http://localhost:8080'])
		expect(() => parseEnv({ HELP_CENTRE_ORIGINS: 'javascript:alert(1)' })).toThrow(/HELP_CENTRE_ORIGINS/)
	})

	it('accepts a Redis URL, with or without TLS', () => {
		expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).REDIS_URL).toBe('redis://127.0.0.1:6379/0')
		expect(parseEnv({ REDIS_URL: 'rediss://user:pw@cache.example:6380' }).REDIS_URL).toBe(
			'rediss://user:pw@cache.example:6380',
		)
		expect(parseEnv({ REDIS_URL: '' }).REDIS_URL).toBeUndefined()
	})

	it.each([
		[{ PORT: 'abc' }, 'PORT'],
		[{ THEME_BY_HOST: 'owners.example=nope' }, 'THEME_BY_HOST'],
		[{ ALLOWED_REDIRECT_ORIGINS: 'not a url' }, 'ALLOWED_REDIRECT_ORIGINS'],
		[{ ACCOUNT_API_URL: 'ftp://x' }, 'ACCOUNT_API_URL'],
		[{ ACCOUNT_API_URL: 'https://api.example' }, 'SSO_URL'],
		[{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
		[{ REDIS_URL: 'http://cache.example' }, 'REDIS_URL'],
		[{ EMULATOR_ADMIN_TOKEN: 'short' }, 'EMULATOR_ADMIN_TOKEN'],
		[{ SHOP_PREVIEW_HOSTS: 'shop-preview.vercel.app, vercel.app' }, 'SHOP_PREVIEW_HOSTS'],
	])('refuses %o, naming %s', (source, name) => {
		expect(() => parseEnv(source)).toThrow(name)
	})

	it('requires the session and security-token secrets in production with real upstreams', () => {
		const upstreams = Object.fromEntries(
			[
				'ACCOUNT_API_URL',
				'SSO_URL',
				'CLOUD_API_URL',
				'DEVICE_API_URL',
				'PUBLIC_API_URL',
				'LOG_API_URL',
				'VIDEO_API_URL',
			].map((k) => [k, 'https://up.example']),
		)
		expect(() => parseEnv({ NODE_ENV: 'production', ...upstreams })).toThrow('SESSION_SECRET')
		expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a-secret-of-sixteen+', ...upstreams })).toThrow(
			'RCP_SECURITY_SECRET',
		)
		const env = parseEnv({
			NODE_ENV: 'production',
			SESSION_SECRET: 'a-secret-of-sixteen+',
			RCP_SECURITY_SECRET: 'another-secret-16+',
			...upstreams,
		})
		expect(env.USE_EMULATOR).toBe(false)
		expect(env.SECURITY_SECRET).toBe('another-secret-16+')
	})
})

describe('IMAGE_HOSTS', () => {
	it('is the video and social CDNs when unset, and replaced by a list when set', () => {
		expect(parseEnv({}).IMAGE_HOSTS).toEqual([...DEFAULT_PICTURE_HOSTS])
		expect(parseEnv({ IMAGE_HOSTS: 'i.ytimg.com, *.cdn.example.com' }).IMAGE_HOSTS).toEqual([
			'i.ytimg.com',
			'*.cdn.example.com',
		])
		expect(parseEnv({ IMAGE_HOSTS: '' }).IMAGE_HOSTS).toEqual([])
	})

	it.each(['https://i.ytimg.com', '*', '*.com', 'i.ytimg.com/path', 'a..b', 'evil.example:8080'])(
		'stops the portal with a bad entry: %s',
		(value) => expect(() => parseEnv({ IMAGE_HOSTS: value })).toThrow(/IMAGE_HOSTS/),
	)
})

describe('the settings the server reads before the rest', () => {
	it('reads the log settings and the build folder through the schema', () => {
		expect(loggingSettings({ LOG_LEVEL: 'debug', PORTAL_LOG_FILE: '/tmp/portal.log' })).toEqual({
			LOG_LEVEL: 'debug',
			PORTAL_LOG_FILE: '/tmp/portal.log',
		})
		expect(parseEnv({ PORTAL_BUILD_DIR: 'build-h10' }).PORTAL_BUILD_DIR).toBe('build-h10')
		expect(parseEnv({}).PORTAL_BUILD_DIR).toBe('build')
	})

	it('logs at info until the full read stops the start on a bad level', () => {
		expect(loggingSettings({ LOG_LEVEL: 'loud' })).toEqual({ LOG_LEVEL: 'info', PORTAL_LOG_FILE: undefined })
		expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
	})
})
