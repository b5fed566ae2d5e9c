import { getEnv } from '#app/env.server.ts'

export const UPSTREAMS = ['account', 'sso', 'cloud', 'device', 'public', 'log', 'video'] as const
export type UpstreamName = (typeof UPSTREAMS)[number]

const ENV_KEY = {
	account: 'ACCOUNT_API_URL',
	sso: 'SSO_URL',
	cloud: 'CLOUD_API_URL',
	device: 'DEVICE_API_URL',
	public: 'PUBLIC_API_URL',
	log: 'LOG_API_URL',
	video: 'VIDEO_API_URL',
} as const satisfies Record<UpstreamName, string>

/**
 * An upstream's base URL, ending in `/`: the configured one, or the built-in
 * emulator's on the portal's own port.
 */
export function upstreamBaseUrl(name: UpstreamName): string {
	const env = getEnv()
	const configured = env[ENV_KEY[name]]
	const base = configured ?? `http://127.0.0.1:${env.PORT}/_emulator/${name}`
	return base.endsWith('/') ? base : `${base}/`
}
