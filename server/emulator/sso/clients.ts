/**
 * The single sign-on's registered clients. A redirect URI must fit its client:
 * the portal is deployed under many origins (localhost, test hosts,
 * production), so it is bound by path; a desktop app redirects to a loopback
 * address on any port (RFC 8252 §7.3).
 */
export interface SsoClient {
	id: string
	/** Shown on the sign-in page: "to continue to …". */
	name: string
	allowsRedirect(url: URL): boolean
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

export const SSO_CLIENTS: readonly SsoClient[] = [
	{
		id: 'owners-portal',
		name: 'the owners portal',
		allowsRedirect: (url) =>
			(url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/oauth2/redirect',
	},
	{
		id: 'cloud-manager',
		name: 'Cloud Manager',
		allowsRedirect: (url) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname),
	},
]

export function findClient(clientId: string): SsoClient | undefined {
	return SSO_CLIENTS.find((c) => c.id === clientId)
}
