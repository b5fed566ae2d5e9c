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

const STARTER_FUNCTION = startAfterFirstPaint.toString()
const MODULE_SCRIPT_END = ' type="module" async="">'

/**
 * Works on the page's bytes and decodes only the two places it changes: a page is rendered per request, and
 * decoding and re-encoding the whole of it (~60 KB) cost 3 % of a signed-in page's CPU.
 */
export function scriptsAfterFirstPaint(html: Buffer): Buffer {
	const headEnd = html.indexOf('</head>')
	const moduleScriptEnd = headEnd < 0 ? -1 : html.indexOf(MODULE_SCRIPT_END, headEnd)
	if (moduleScriptEnd < 0) return html
	const moduleScriptStart = html.lastIndexOf('<script', moduleScriptEnd)
	const afterModuleScriptTag = moduleScriptEnd + MODULE_SCRIPT_END.length
	const moduleScript = MODULE_SCRIPT.exec(html.subarray(moduleScriptStart, afterModuleScriptTag).toString('utf8'))
	if (!moduleScript) return html
	const nonce = moduleScript[1] ?? ''

	// React hoists the preloads together into the head; whatever stands between them is kept.
	const firstPreload = html.subarray(0, headEnd).indexOf('<link rel="modulepreload"')
	const lastPreload = html.subarray(0, headEnd).lastIndexOf('<link rel="modulepreload"')
	const preloadsEnd = firstPreload < 0 ? -1 : html.indexOf('>', lastPreload) + 1
	const preloadRegion = firstPreload < 0 ? '' : html.subarray(firstPreload, preloadsEnd).toString('utf8')
	const preloads = [...preloadRegion.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)

	const bodyEnd = html.lastIndexOf('</body>')
	const beforeStarter = bodyEnd > afterModuleScriptTag ? bodyEnd : html.length
	const starter =
		`<script${nonce}>(${STARTER_FUNCTION})(document.currentScript,` +
		`${JSON.stringify(preloads).replaceAll('<', '\\u003c')},${JSON.stringify(INERT_MODULE_TYPE)})</script>`
	return Buffer.concat([
		...(firstPreload < 0
			? [html.subarray(0, moduleScriptStart)]
			: [
					html.subarray(0, firstPreload),
					Buffer.from(preloadRegion.replace(MODULE_PRELOAD, '')),
					html.subarray(preloadsEnd, moduleScriptStart),
				]),
		Buffer.from(`<script${nonce} type="${INERT_MODULE_TYPE}" async="">`),
		html.subarray(afterModuleScriptTag, beforeStarter),
		Buffer.from(starter),
		html.subarray(beforeStarter),
	])
}
