/**
 * Every page is whole without JavaScript (server-rendered; every journey works with scripts off), so its first
 * paint needs the document and nothing else, and its ~150 KB of scripts only make it live afterwards (ADR 0062,
 * after 0061). React Router's <Scripts/> starts them at once: its module preloads, hoisted to the head, and its
 * inline module script, which imports the route modules and the client entry. On a cheap phone the browser
 * then spends the first second of slow 4G on scripts, and may evaluate them and hydrate before it first
 * paints. So the rendered page is changed here, once, in entry.server:
 * - the head's `<link rel="modulepreload">` are taken out, their addresses kept;
 * - the body's inline module script is made inert (a type no browser runs), its text kept in place;
 * - a small inline script at the end of the body waits for the first paint (a frame, then a task) and then
 *   adds the preloads and a module script with the kept text and the page's nonce. A hidden tab has no paint
 *   to wait for: it starts at once.
 * React hydrates over the inert script as over the original (its attributes are not compared in production).
 * Lite pages (ADR 0058) have no scripts: they come back as they were.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/
export const INERT_MODULE_TYPE = 'text/x-module-after-first-paint'

/**
 * Runs in the browser as its own text (Function#toString): no imports, no closures, and nothing newer than the
 * oldest browsers served (ADR 0059: Safari 13.0 has no `?.` or `??`).
 */
function startAfterFirstPaint(me: HTMLScriptElement | null, preloads: string[], inertType: string) {
	let started = false
	function start() {
		if (started) return
		started = true
		for (const href of preloads) {
			const link = document.createElement('link')
			link.rel = 'modulepreload'
			link.href = href
			document.head.appendChild(link)
		}
		const kept = document.querySelector<HTMLScriptElement>(`script[type="${inertType}"]`)
		if (!kept) return
		const script = document.createElement('script')
		script.type = 'module'
		script.nonce = me ? me.nonce : ''
		script.text = kept.text
		document.body.appendChild(script)
	}
	// A frame callback runs just before its frame is painted; a task it queues runs after the paint.
	if (document.visibilityState === 'hidden') start()
	else
		requestAnimationFrame(() => {
			setTimeout(start, 0)
		})
}

export function scriptsAfterFirstPaint(html: Buffer): Buffer {
	const headEnd = html.indexOf('</head>')
	if (headEnd < 0) return html
	const head = html.subarray(0, headEnd).toString('utf8')
	const body = html.subarray(headEnd).toString('utf8')
	const moduleScript = MODULE_SCRIPT.exec(body)
	if (!moduleScript) return html
	const nonce = moduleScript[1] ?? ''
	const preloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
	const starter =
		`<script${nonce}>(${startAfterFirstPaint.toString()})` +
		`(document.currentScript,${JSON.stringify(preloads).replaceAll('<', '\\u003c')},${JSON.stringify(INERT_MODULE_TYPE)})</script>`
	const inertBody = body.replace(MODULE_SCRIPT, `<script${nonce} type="${INERT_MODULE_TYPE}" async="">`)
	const bodyEnd = inertBody.lastIndexOf('</body>')
	const startedBody =
		bodyEnd < 0 ? inertBody + starter : inertBody.slice(0, bodyEnd) + starter + inertBody.slice(bodyEnd)
	return Buffer.from(head.replace(MODULE_PRELOAD, '') + startedBody)
}
