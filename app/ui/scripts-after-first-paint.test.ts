import { describe, expect, test } from 'vitest'
import { INERT_MODULE_TYPE, scriptsAfterFirstPaint } from './scripts-after-first-paint.ts'

/** As React Router renders a page: preloads hoisted to the head, its module script at the end of the body. */
const page =
	'<!DOCTYPE html><html><head><title>Connexion · ログイン</title>' +
	'<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n1"/>' +
	'<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n1"/><link rel="icon" href="/icons/dw.svg"/>' +
	'</head><body><main><p>&lt;link rel="modulepreload"&gt;</p></main>' +
	'<script nonce="n1">window.__reactRouterContext = {};</script>' +
	'<script nonce="n1" type="module" async="">import "/assets/manifest-1.js";\nwindow.started = true;</script>' +
	'</body></html>'

describe('scriptsAfterFirstPaint, on the server', () => {
	test('the head keeps no module preload and the body no module script a browser would run', () => {
		const html = scriptsAfterFirstPaint(Buffer.from(page)).toString('utf8')
		expect(html).not.toMatch(/<link rel="modulepreload"/)
		expect(html).not.toContain('type="module"')
		expect(html).toContain('<link rel="icon" href="/icons/dw.svg"/>')
		expect(html).toContain('<title>Connexion · ログイン</title>')
		expect(html).toContain('<p>&lt;link rel="modulepreload"&gt;</p>')
		expect(html).toContain(
			`<script nonce="n1" type="${INERT_MODULE_TYPE}" async="">import "/assets/manifest-1.js";\nwindow.started = true;</script>`,
		)
		// The starter is the body's last element, with the page's nonce, and names both preloads.
		expect(html).toMatch(/<script nonce="n1">\(function startAfterFirstPaint[\s\S]*<\/script><\/body><\/html>$/)
		expect(html).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js"]')
	})

	test('a page without a module script (lite mode, a bare error page) is the same buffer', () => {
		for (const markup of [
			'<html><head><title>t</title></head><body><p>lite</p></body></html>',
			'<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>',
			'no head at all',
		]) {
			const html = Buffer.from(markup)
			expect(scriptsAfterFirstPaint(html)).toBe(html)
		}
	})
})

/**
 * The starter's text, run as a browser runs it, against a document that records what is added to it (the
 * real browser's side is in the e2e journeys: every page hydrates, tests/e2e/scripts-after-first-paint.spec.ts).
 */
function run(visibilityState: 'visible' | 'hidden') {
	const html = scriptsAfterFirstPaint(Buffer.from(page)).toString('utf8')
	const starter = /<script nonce="n1">(\(function startAfterFirstPaint[\s\S]*?)<\/script><\/body>/.exec(html)![1]!
	const inert = new RegExp(`<script nonce="n1" type="${INERT_MODULE_TYPE}" async="">([\\s\\S]*?)</script>`).exec(
		html,
	)![1]!
	const added: { parent: string; element: Record<string, string> }[] = []
	const frames: (() => void)[] = []
	const tasks: (() => void)[] = []
	const appendTo = (parent: string) => ({
		appendChild: (element: Record<string, string>) => added.push({ parent, element }),
	})
	const document = {
		visibilityState,
		currentScript: { nonce: 'n1' },
		head: appendTo('head'),
		body: appendTo('body'),
		createElement: (tag: string) => ({ tag }),
		querySelector: (selector: string) => (selector === `script[type="${INERT_MODULE_TYPE}"]` ? { text: inert } : null),
	}
	new Function('document', 'requestAnimationFrame', 'setTimeout', starter)(
		document,
		(frame: () => void) => frames.push(frame),
		(task: () => void) => tasks.push(task),
	)
	return { added, frames, tasks }
}

describe('scriptsAfterFirstPaint, in the browser', () => {
	const preloads = [
		{ parent: 'head', element: { tag: 'link', rel: 'modulepreload', href: '/assets/manifest-1.js' } },
		{ parent: 'head', element: { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-2.js' } },
	]
	const moduleScript = {
		parent: 'body',
		element: {
			tag: 'script',
			type: 'module',
			nonce: 'n1',
			text: 'import "/assets/manifest-1.js";\nwindow.started = true;',
		},
	}

	test('nothing is fetched or run before the first paint: after the next frame and a task, the preloads and the script', () => {
		const { added, frames, tasks } = run('visible')
		expect(added).toEqual([])
		expect(frames).toHaveLength(1)
		frames[0]!()
		expect(added, 'a frame callback runs before its paint').toEqual([])
		expect(tasks).toHaveLength(1)
		tasks[0]!()
		expect(added).toEqual([...preloads, moduleScript])
	})

	test('a hidden tab, which does not paint, starts at once', () => {
		const { added, frames } = run('hidden')
		expect(frames).toEqual([])
		expect(added).toEqual([...preloads, moduleScript])
	})
})
