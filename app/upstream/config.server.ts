import { getEnv } from '#app/env.server.ts'

export const UPSTREAMS = ['account', 'sso', 'cloud', 'device', 'public', 'log', 'video'] as const
export type UpstreamName = (typeof UPSTREAMS)[number]

/** Each upstream's base-URL setting (unset: the built-in emulator's). */
export const UPSTREAM_URL_SETTINGS = {
	account: 'ACCOUNT_API_URL',
	sso: 'SSO_URL',
	cloud: 'CLOUD_API_URL',
	device: 'DEVICE_API_URL',
	public: 'PUBLIC_API_URL',
	log: 'LOG_API_URL',
	video: 'VIDEO_API_URL',
} as const satisfies Record<UpstreamName, string>

type UpstreamUrlSetting = (typeof UPSTREAM_URL_SETTINGS)[UpstreamName]

/**
 * The settings that point every upstream at an emulator served from `origin`, as a portal in another
 * process is configured by the benchmarks and the journeys that start one (as for real upstreams).
 */
export function emulatorUpstreamSettings(origin: string): Record<UpstreamUrlSetting, string> {
	return Object.fromEntries(
		UPSTREAMS.map((name) => [UPSTREAM_URL_SETTINGS[name], `${origin}/_emulator/${name}/`]),
	) as Record<UpstreamUrlSetting, string>
}

/**
 * An upstream's base URL, ending in `/`: the configured one, or the built-in
 * emulator's on the portal's own port.
 */
export function upstreamBaseUrl(name: UpstreamName): string {
	const env = getEnv()
	const configured = env[UPSTREAM_URL_SETTINGS[name]]
	const base = configured ?? `http://127.0.0.1:${env.PORT}/_emulator/${name}`
	return base.endsWith('/') ? base : `${base}/`
}
