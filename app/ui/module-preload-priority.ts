/**
 * Every page is whole without JavaScript (server-rendered, every journey works with scripts off), so its first
 * paint needs the document and nothing else; its scripts make it live afterwards. React Router's module
 * preloads are fetched at high priority, so on a slow network a page's ~150 KB of scripts took the bandwidth the
 * document's pictures needed, and Lighthouse counted them as holding the first paint (ADR 0061). Low priority
 * lets them come after what is shown. Only the head is read: the preloads are hoisted there.
 */
const MODULE_PRELOAD = '<link rel="modulepreload"'
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"'

export function scriptsAfterContent(html: Buffer): Buffer {
	const headEnd = html.indexOf('</head>')
	if (headEnd < 0) return html
	const head = html.subarray(0, headEnd).toString('utf8')
	if (!head.includes(MODULE_PRELOAD)) return html
	return Buffer.concat([Buffer.from(head.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_PRELOAD)), html.subarray(headEnd)])
}
