/**
 * The shops' service-worker handoff (spec 2 §4; ADR 0028), loaded only by /shop-handoff: the start-up
 * check (controlled, go on; registered but not yet controlling, reload once it is ready, once; none,
 * register /sw.js) and the handoff itself. The worker answers on a message channel; the reply goes to
 * the page's own action, which judges its origin and the shop's signature. A static file, not a
 * bundle: no other page loads it.
 */
;(() => {
	const root = document.getElementById('shop-handoff')
	const sw = navigator.serviceWorker
	if (!root || !sw) return
	const { idToken, shopOrigin, target, state } = root.dataset
	const show = (id) => {
		for (const el of root.querySelectorAll('[data-state]')) el.hidden = el.dataset.state !== id
	}
	show('waiting')
	const handoff = () => {
		sw.ready.then((registration) => {
			const channel = new MessageChannel()
			channel.port1.onmessage = ({ data }) => {
				if (!data || data.type !== 'tokenVerification') return show('refused')
				const body = new URLSearchParams({
					origin: String(data.origin || ''),
					type: data.type,
					status: String(data.status || ''),
				})
				if (typeof data.shopifyId === 'string' || typeof data.shopifyId === 'number')
					body.set('shopifyId', String(data.shopifyId))
				// The shop's signature over its answer: only what it vouches for is saved.
				if (typeof data.token === 'string') body.set('token', data.token)
				fetch(location.pathname + location.search, {
					method: 'POST',
					body,
					credentials: 'same-origin',
					redirect: 'error',
				})
					.then((response) => {
						if (response.ok) return location.assign(target)
						show(response.status === 409 ? 'refused' : 'failed')
					})
					.catch(() => show('failed'))
			}
			registration.active.postMessage({ type: 'cognitoToken', idToken, event: 'shopHandoff', shopOrigin, state }, [
				channel.port2,
			])
		})
	}
	if (sw.controller) return handoff()
	sw.getRegistration('/').then((registration) => {
		if (registration && !sessionStorage.getItem('sw-reloaded')) {
			sessionStorage.setItem('sw-reloaded', '1')
			return sw.ready.then(() => location.reload())
		}
		sessionStorage.removeItem('sw-reloaded')
		;(registration ? Promise.resolve() : sw.register('/sw.js', { scope: '/' })).then(handoff, () => show('failed'))
	})
})()
