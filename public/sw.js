/*
 * The portal's service worker (spec 2 §4; ADR 0028), scope '/'. It intercepts no fetch: pages load
 * from the network as if it were not there. It only hands a shop the user's id token: a page of the
 * portal sends {type: 'cognitoToken', idToken, event, shopOrigin, state} with a message port; the
 * worker posts the token and the handoff's state to that shop's verification endpoint and answers on
 * the port with the shop's {type: 'tokenVerification', status, shopifyId?, token?} (token: the shop's
 * signed reply, ADR 0032) and the origin it really came from. This script's CSP (connect-src) names
 * the allowed shop origins only, so the browser sends the token nowhere else.
 */
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

const VERIFICATION_PATH = '/owners-portal/token-verification'

async function verify({ idToken, event, shopOrigin, state }) {
	const refused = { type: 'tokenVerification', status: 'error', origin: '' }
	try {
		const url = new URL(VERIFICATION_PATH, shopOrigin)
		if (url.protocol !== 'https:' || url.origin !== shopOrigin) return refused
		const response = await fetch(url, {
			method: 'POST',
			mode: 'cors',
			credentials: 'omit',
			redirect: 'error',
			cache: 'no-store',
			referrerPolicy: 'no-referrer',
			headers: { 'Content-Type': 'text/plain' },
			body: JSON.stringify({ type: 'cognitoToken', idToken, event, state }),
		})
		if (!response.ok) return refused
		const reply = await response.json()
		if (!reply || reply.type !== 'tokenVerification') return refused
		return {
			type: 'tokenVerification',
			status: String(reply.status),
			...(reply.shopifyId === undefined || reply.shopifyId === null ? {} : { shopifyId: String(reply.shopifyId) }),
			...(typeof reply.token === 'string' ? { token: reply.token } : {}),
			origin: new URL(response.url).origin,
		}
	} catch {
		return refused
	}
}

self.addEventListener('message', (event) => {
	// Only the portal's own pages may ask: another site's page cannot reach this worker anyway.
	if (event.origin !== self.location.origin) return
	const message = event.data
	const port = event.ports[0]
	if (!port || !message || message.type !== 'cognitoToken') return
	if (typeof message.idToken !== 'string' || typeof message.shopOrigin !== 'string') return
	event.waitUntil(verify(message).then((reply) => port.postMessage(reply)))
})
